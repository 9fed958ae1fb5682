// [I29] The composer's counter: the whole text a phone gets (the sender line, the message, the product's
// link and the opt-out line, with links of the real length) counted as SMS parts: GSM-7 160/153,
// UCS-2 70/67. The same contract functions make the server's text, so the count is the one billed.
import { campaignText, sampleCampaignLinks } from '@quokka/contract/api/campaigns';
import { countSms, type SmsCount } from '@quokka/contract/sms';

/** Where the links point: the page's own origin (the back office is served by the shop's server). */
export function publicUrl(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

export function sampleText(sellerName: string, message: string, withProduct: boolean): string {
  const links = sampleCampaignLinks(publicUrl());
  return campaignText({
    sellerName,
    message,
    productLink: withProduct ? links.productLink : null,
    optOutLink: links.optOutLink,
  });
}

export function countText(text: string): SmsCount {
  return countSms(text);
}

/** '187 characters · 2 segments · GSM-7' ('Unicode' once any character needs it). */
export function counterLine(count: SmsCount): string {
  const encoding = count.encoding === 'GSM-7' ? 'GSM-7' : 'Unicode';
  const segments = `${count.parts} ${count.parts === 1 ? 'segment' : 'segments'}`;
  return `${count.characters} characters · ${segments} · ${encoding}`;
}

/** What the per-part limit is now, for the hint under the counter. */
export function limitHint(count: SmsCount): string {
  const unicode = count.encoding === 'UCS-2';
  return unicode
    ? 'Unicode (an emoji or a character outside GSM-7): 70 characters in one text, 67 per part when split.'
    : 'GSM-7: 160 characters in one text, 153 per part when split.';
}

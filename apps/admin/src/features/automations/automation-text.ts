// [I31] The card's counter before the server's preview answers: the whole text a shopper gets, made by the
// contract's automationText() with sample values for the placeholders and links of the real length (the
// same functions make the server's text). Once POST /automations/preview answers for the words shown, its
// count is shown instead.
import { type AutomationFlow, automationText, fillAutomationMessage } from '@quokka/contract/api/automations';
import { sampleCampaignLinks } from '@quokka/contract/api/campaigns';
import { publicUrl } from '../campaigns/public';

/** What {product} and {items} stand for in the sample (the real text names the shopper's own). */
export const SAMPLE_PRODUCT = 'Beach Tote';
export const SAMPLE_ITEMS = 'Beach Tote and 2 more';

/** Whether the flow's text carries a link: the thank-you only when it names a product. */
export function hasLink(flow: AutomationFlow, productId: number | null): boolean {
  return flow !== 'thank_you' || productId !== null;
}

export function sampleAutomationText(
  flow: AutomationFlow,
  sellerName: string,
  message: string,
  product: { id: number; name: string } | null,
): string {
  const links = sampleCampaignLinks(publicUrl());
  return automationText({
    sellerName,
    message: fillAutomationMessage(message, {
      product: product?.name ?? SAMPLE_PRODUCT,
      items: SAMPLE_ITEMS,
    }),
    link: hasLink(flow, product?.id ?? null) ? links.productLink : null,
    optOutLink: links.optOutLink,
  });
}

/// <reference path="./split-sms.d.ts" />
// The gift card message counter (SPEC.md §5 "Gift card recipient form", §9 "Gift cards").
// split-sms does the splitting; its rules were checked against the boundary cases in sms.test.ts:
// GSM extension characters take two septets and never straddle a part, any non-GSM character makes
// the whole text UCS-2, and a surrogate pair takes two UCS-2 units and never straddles a part.

import splitSms from 'split-sms';
import { SMS_GSM_PART, SMS_GSM_SINGLE, SMS_UNICODE_PART, SMS_UNICODE_SINGLE } from './constants.ts';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  /** Units used: GSM septets (an extension character counts two) or UCS-2 units (an emoji counts two). */
  characters: number;
  /** SMS parts the text needs; 0 for an empty text. */
  parts: number;
  encoding: SmsEncoding;
  /** What one part holds now: 160 / 70 while the text fits one part, 153 / 67 once it is split. */
  perPart: number;
  /** Units still free in the last part. */
  remaining: number;
}

/** [VAL-46..50, CONST-24, CONST-25] How many characters and SMS parts a text takes. */
export function countSms(text: string): SmsCount {
  if (text === '') {
    return { characters: 0, parts: 0, encoding: 'GSM-7', perPart: SMS_GSM_SINGLE, remaining: SMS_GSM_SINGLE };
  }
  const result = splitSms.split(text, { summary: true });
  const gsm = result.characterSet === splitSms.GSM;
  const parts = result.parts.length;
  const single = gsm ? SMS_GSM_SINGLE : SMS_UNICODE_SINGLE;
  const multi = gsm ? SMS_GSM_PART : SMS_UNICODE_PART;
  return {
    characters: gsm ? result.bytes : result.bytes / 2,
    parts,
    encoding: gsm ? 'GSM-7' : 'UCS-2',
    perPart: parts > 1 ? multi : single,
    remaining: result.remainingInPart,
  };
}

/** The limit the counter shows the text against: 160, or 70 once the text needs Unicode. */
export function singlePartLimit(encoding: SmsEncoding): number {
  return encoding === 'GSM-7' ? SMS_GSM_SINGLE : SMS_UNICODE_SINGLE;
}

/** [CONST-24, CONST-25] A gift card message must fit one part: 160 GSM characters, 70 Unicode. */
export function fitsOneSms(text: string): boolean {
  return countSms(text).parts <= 1;
}

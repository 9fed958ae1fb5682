// SPEC.md §5 "Gift card recipient form": every field required, mobiles Australian, and the message
// within one SMS part (§9: 160 characters, 70 for Unicode).

import { z } from 'zod';
import { MSG } from './messages.ts';
import { isAuMobile } from './mobile.ts';
import { fitsOneSms } from './sms.ts';
import { isBlank } from './validate-address.ts';
import { type FieldErrors, withFieldRules } from './wire.ts';

/** The form's fields, named as the gift card details carry them (SPEC.md §3). */
export interface GiftCardRecipientInput {
  recipient_firstname: string;
  recipient_lastname: string;
  recipient_mobile: string;
  recipient_message: string;
  purchaser_mobile: string;
}

export type GiftCardRecipientField = keyof GiftCardRecipientInput;
export type GiftCardRecipientDraft = { [K in GiftCardRecipientField]?: string | null };

function mobileError(mobile: string | null | undefined, missing: string): string | undefined {
  if (isBlank(mobile)) return missing;
  return isAuMobile(mobile) ? undefined : MSG.validMobile;
}

/** [VAL-41..45, CONST-24, CONST-25] The form's messages, in form order; {} when valid. */
export function validateGiftCardRecipient(
  input: GiftCardRecipientDraft,
): FieldErrors<GiftCardRecipientField> {
  const errors: FieldErrors<GiftCardRecipientField> = {};
  if (isBlank(input.recipient_firstname)) errors.recipient_firstname = MSG.giftFirstname; // [VAL-41]
  if (isBlank(input.recipient_lastname)) errors.recipient_lastname = MSG.giftLastname; // [VAL-42]
  const recipientMobile = mobileError(input.recipient_mobile, MSG.giftMobile); // [VAL-43]
  if (recipientMobile) errors.recipient_mobile = recipientMobile;
  const message = input.recipient_message;
  if (typeof message !== 'string' || isBlank(message))
    errors.recipient_message = MSG.giftMessage; // [VAL-44]
  else if (!fitsOneSms(message)) errors.recipient_message = MSG.giftMessageTooLong; // [CONST-24, CONST-25]
  const purchaserMobile = mobileError(input.purchaser_mobile, MSG.giftReceiptMobile); // [VAL-45]
  if (purchaserMobile) errors.purchaser_mobile = purchaserMobile;
  return errors;
}

/** The recipient form as a schema: strings, then the rules of `validateGiftCardRecipient`. */
export const giftCardRecipientSchema = withFieldRules(
  z.object({
    recipient_firstname: z.string(),
    recipient_lastname: z.string(),
    recipient_mobile: z.string(),
    recipient_message: z.string(),
    purchaser_mobile: z.string(),
  }),
  validateGiftCardRecipient,
);

import { z } from 'zod';
import { formatAbn, isValidAbn } from '../business-identity.ts';
import { MSG } from '../messages.ts';
import { isAuMobile } from '../mobile.ts';
import { isEmail } from '../validate-registration.ts';
import { type FieldErrors, withFieldRules } from '../wire.ts';
import { multilineText, text } from './common.ts';
import {
  SELLER_APPLICATION_LIMITS,
  SELLER_APPLICATION_TEXTS,
  type SellerApplicationField,
} from './seller-applications.ts';

// [I32] Applying to sell (docs/sellers.md): the "Sell with us" form's rules and the body of
// POST {ns}/sellerApplications that the server checks with them, so the server refuses exactly what the
// form would, in the same words. Kept apart from the replies (seller-applications.ts) because the rules
// need the phone-number library; the web loads this with the /sell page only.

export interface SellerApplicationDraft {
  business_name?: string | null;
  abn?: string | null;
  contact_name?: string | null;
  mobile?: string | null;
  email?: string | null;
  sells?: string | null;
  website?: string | null;
  terms_accepted?: boolean | null;
}

const trimmed = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');
const between = (value: string, min: number, max: number) => value.length >= min && value.length <= max;

// A web address with or without its scheme (shop.example.com/page, https://instagram.com/shop): a host
// with a dot, no spaces.
const LINK = /^(https?:\/\/)?[^\s/@:]+\.[^\s/@:]{2,}(:\d+)?(\/\S*)?$/i;

/** [I32] Whether a text is a web or social link as the form asks for. */
export function isSellerLink(value: string): boolean {
  const link = value.trim();
  return link.length <= SELLER_APPLICATION_LIMITS.website && LINK.test(link);
}

/** [I32] The form's rules, in form order: field → message; {} when valid (the code's proof apart). */
export function validateSellerApplication(
  input: SellerApplicationDraft,
): FieldErrors<SellerApplicationField> {
  const errors: FieldErrors<SellerApplicationField> = {};
  const L = SELLER_APPLICATION_LIMITS;
  const T = SELLER_APPLICATION_TEXTS;
  if (!between(trimmed(input.business_name), 2, L.businessName)) errors.business_name = T.businessName;
  const abn = trimmed(input.abn);
  if (abn === '') errors.abn = T.abnMissing;
  else if (!isValidAbn(abn)) errors.abn = T.abnInvalid;
  if (!between(trimmed(input.contact_name), 2, L.contactName)) errors.contact_name = T.contactName;
  if (!isAuMobile(input.mobile)) errors.mobile = MSG.validMobile;
  if (!isEmail(input.email)) errors.email = MSG.validEmail;
  if (!between(trimmed(input.sells), 10, L.sells)) errors.sells = T.sells;
  if (!isSellerLink(trimmed(input.website))) errors.website = T.website;
  if (input.terms_accepted !== true) errors.terms_accepted = T.acceptTerms;
  return errors;
}

/** [I32] The ABN as stored and shown: '12 345 679 016'. */
export const normalAbn = (abn: string) => formatAbn(abn.trim());

/**
 * [I32] POST {ns}/sellerApplications: the form, and `jwt`, the verified-mobile token of the one-time code
 * (POST {ns}/sendmobilecode, {ns}/confirmmobilecode) for the same mobile. Lengths are generous on the
 * wire; the rules (and their words) are validateSellerApplication's.
 */
export const sellerApplicationBodySchema = withFieldRules(
  z.object({
    business_name: text(SELLER_APPLICATION_LIMITS.businessName + 100),
    abn: text(SELLER_APPLICATION_LIMITS.abn),
    contact_name: text(SELLER_APPLICATION_LIMITS.contactName + 100),
    mobile: text(SELLER_APPLICATION_LIMITS.mobile),
    email: text(SELLER_APPLICATION_LIMITS.email + 100),
    sells: multilineText(SELLER_APPLICATION_LIMITS.sells + 1000),
    website: text(SELLER_APPLICATION_LIMITS.website + 100),
    terms_accepted: z.boolean(),
    jwt: text(4096),
  }),
  validateSellerApplication,
);
export type SellerApplicationBody = z.input<typeof sellerApplicationBodySchema>;

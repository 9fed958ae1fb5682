// SPEC.md §5 "Registration": the form's rules, and the createAccount body they are checked on server-side.

import { z } from 'zod';
import { addressWireRequestSchema } from './api/address.ts';
import { text } from './api/common.ts';
import { REGISTRATION_STORE_ID, REGISTRATION_WEBSITE_ID } from './constants.ts';
import { EMAIL_MAX, MOBILE_MAX, NAME_MAX } from './input-limits.ts';
import { MSG } from './messages.ts';
import { isAuMobile } from './mobile.ts';
import { isFullName, joinFullName } from './names.ts';
import { type AddressDraft, addressFormShape, validateAddressParts } from './validate-address.ts';
import { type FieldErrors, withFieldRules } from './wire.ts';

export interface RegistrationInput {
  mobile: string;
  fullname: string;
  email: string;
  street_address: string;
  suburb: string;
  state: string;
  country: string;
  postcode: string;
  terms: boolean;
}

export type RegistrationField = keyof RegistrationInput;

export type RegistrationDraft = AddressDraft & { email?: string | null; terms?: boolean | null };

// The common "standard" pattern (the HTML email input's), with a dot required in the domain.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** [VAL-05] Required, standard email pattern, at most 254 characters (the SMTP path limit). */
export function isEmail(email: string | null | undefined): boolean {
  if (typeof email !== 'string') return false;
  const trimmed = email.trim();
  return trimmed.length <= 254 && EMAIL.test(trimmed);
}

/** [VAL-03..12] The registration form's messages, in form order; {} when valid. */
export function validateRegistration(input: RegistrationDraft): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  // [VAL-03] Required; [REG-02] an Australian mobile.
  if (!isAuMobile(input.mobile)) errors.mobile = MSG.validMobile;
  if (!isFullName(input.fullname)) errors.fullname = MSG.fullName; // [VAL-04]
  if (!isEmail(input.email)) errors.email = MSG.validEmail; // [VAL-05]
  Object.assign(errors, validateAddressParts(input)); // [VAL-06..11, VAL-18]
  if (input.terms !== true) errors.terms = MSG.acceptTerms; // [VAL-12]
  return errors;
}

/** The registration form as a schema: its values, then the rules of `validateRegistration`. */
export const registrationSchema = withFieldRules(
  z.object({ ...addressFormShape, email: z.string(), terms: z.boolean() }),
  validateRegistration,
);

/** POST {ns}/createAccount (SPEC.md §7, DECISIONS.md "Sign-in"): the structure; the rules are below. */
export const createAccountBodySchema = z.object({
  customer: z.object({
    email: text(EMAIL_MAX),
    firstname: text(NAME_MAX),
    lastname: text(NAME_MAX),
    store_id: z.literal(REGISTRATION_STORE_ID),
    website_id: z.literal(REGISTRATION_WEBSITE_ID),
    addresses: z.array(addressWireRequestSchema).max(10),
  }),
  mobile: text(MOBILE_MAX),
  r_token: text(4000).optional(),
  campaign_id: z.union([text(200), z.number()]).nullish(),
  jwt: text(4000).optional(),
});
export type CreateAccountBody = z.infer<typeof createAccountBodySchema>;

/** The form fields a createAccount body stands for, so the server checks the same rules. */
export function registrationInputFromCreateAccount(body: CreateAccountBody): RegistrationDraft {
  const address = body.customer.addresses[0];
  return {
    mobile: body.mobile,
    fullname: joinFullName(body.customer.firstname, body.customer.lastname),
    email: body.customer.email,
    street_address: address?.street[0] ?? '',
    suburb: address?.city ?? '',
    state: address ? String(address.region?.region_code ?? address.region_id ?? '') : '',
    country: address?.country_id ?? '',
    postcode: address?.postcode ?? '',
    // The tickbox is not on the wire; a body is only sent once it was ticked.
    terms: true,
  };
}

/**
 * [VAL-19] The server's check of a createAccount body: the registration rules, keyed by the form's
 * field names so the web app shows each message beside its field.
 */
export function validateCreateAccount(body: CreateAccountBody): FieldErrors<RegistrationField> {
  return validateRegistration(registrationInputFromCreateAccount(body));
}

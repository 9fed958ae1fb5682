// POST {ns}/createAccount [API-17, API-18]: the member, their first address and the proven mobile.

import { toAddressWire } from '@quokka/contract/address-form';
import { statusReplySchema } from '@quokka/contract/api/common';
import { REGISTRATION_STORE_ID, REGISTRATION_WEBSITE_ID } from '@quokka/contract/constants';
import { splitFullName } from '@quokka/contract/names';
import type { CreateAccountBody, RegistrationInput } from '@quokka/contract/validate-registration';
import { apiFetch, hasErrorCode, type InputValidation, nsPath } from '../../../lib/api-client';
import { getCaptchaToken } from '../../../lib/captcha';
import { wireMobile } from './send-mobile-code';

export interface CreateAccountInput {
  form: RegistrationInput;
  /** The verified-mobile or link token proving the mobile (DECISIONS.md "Sign-in"). */
  jwt: string | null;
  campaignId: string | null;
}

/** The createAccount body for a valid form. */
export function createAccountBody(input: CreateAccountInput, rToken: string): CreateAccountBody {
  const mobile = wireMobile(input.form.mobile);
  const { firstname, lastname } = splitFullName(input.form.fullname); // [VAL-16, VAL-17]
  return {
    customer: {
      email: input.form.email.trim(),
      firstname,
      lastname,
      store_id: REGISTRATION_STORE_ID,
      website_id: REGISTRATION_WEBSITE_ID,
      // [API-18] The one address is both the default shipping and the billing address; country AU [VAL-18].
      addresses: [
        toAddressWire({ ...input.form, mobile }, { default_shipping: true, default_billing: true }),
      ],
    },
    mobile,
    r_token: rToken,
    campaign_id: input.campaignId,
    ...(input.jwt ? { jwt: input.jwt } : {}),
  };
}

export type CreateAccountResult = { ok: true } | { ok: false; fieldErrors: InputValidation };

/**
 * [VAL-19, ERR-12] A refusal is an expected answer: its input_validation comes back per field. Other
 * failures (offline, 5xx) are shown by the API client and rethrown.
 */
export async function createAccount(input: CreateAccountInput): Promise<CreateAccountResult> {
  const body = createAccountBody(input, await getCaptchaToken('register')); // [API-04]
  try {
    await apiFetch(nsPath('createAccount'), { schema: statusReplySchema, method: 'POST', body });
    return { ok: true };
  } catch (error) {
    // [VAL-51] The email clash may come without input_validation from another backend: it belongs
    // under the email either way.
    if (hasErrorCode(error, 'EMAIL_TAKEN')) {
      return { ok: false, fieldErrors: error.inputValidation ?? { email: [error.message] } };
    }
    // A §5 rule broken, or a refusal of the request as a whole (a failed bot check): 'registration failed'.
    if (hasErrorCode(error, 'INPUT_VALIDATION', 'INVALID_DATA')) {
      return { ok: false, fieldErrors: error.inputValidation ?? {} };
    }
    throw error;
  }
}

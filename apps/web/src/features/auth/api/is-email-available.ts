// POST customers/isEmailAvailable [API-19]: whether an email is free for a new account.
import { type IsEmailAvailableRequest, isEmailAvailableReplySchema } from '@quokka/contract/api/auth';
import { REGISTRATION_WEBSITE_ID } from '@quokka/contract/constants';
import { apiFetch } from '../../../lib/api-client';

/**
 * [API-19] false means the email is taken. Best effort: a failed check says nothing (the server checks
 * again). `jwt` is the verified-mobile token the registration form holds: the server needs it [I12-13].
 */
export async function isEmailAvailable(
  email: string,
  jwt: string,
  signal?: AbortSignal,
): Promise<boolean | null> {
  try {
    const body: IsEmailAvailableRequest = {
      customerEmail: email.trim(),
      websiteId: REGISTRATION_WEBSITE_ID,
      jwt,
    };
    return await apiFetch('/rest/default/V1/customers/isEmailAvailable', {
      schema: isEmailAvailableReplySchema,
      method: 'POST',
      body,
      signal,
      silent: true,
    });
  } catch {
    return null;
  }
}

// The sign-in and registration requests that apply SPEC.md §5's rules on the server's side of the wire:
// sendmobilecode, confirmmobilecode and createAccount (their replies are in auth.ts). Kept apart from
// the replies because the rules need the phone-number library; clients import these as types only.

import type { z } from 'zod';
import { confirmMobileCodeBodySchema, sendMobileCodeBodySchema } from '../validate-mobile-popup.ts';
import { createAccountBodySchema } from '../validate-registration.ts';

// Every field may be missing: the service answers with the §5 messages rather than a schema error.
/** [API-07] POST {ns}/sendmobilecode */
export const sendCodeBody = sendMobileCodeBodySchema.partial();
export type SendCodeRequest = z.input<typeof sendCodeBody>;

/** [API-08] POST {ns}/confirmmobilecode */
export const confirmCodeBody = confirmMobileCodeBodySchema.partial();
export type ConfirmCodeRequest = z.input<typeof confirmCodeBody>;

/** [API-17, API-18] POST {ns}/createAccount */
export const createAccountBody = createAccountBodySchema;
export type CreateAccountRequest = z.input<typeof createAccountBody>;

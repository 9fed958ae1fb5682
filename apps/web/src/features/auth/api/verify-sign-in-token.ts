// POST {ns}/auth [API-06]: what a sign-in link or verified-mobile token stands for.
import type { AuthReply as AuthReplyKinds, authBody } from '@quokka/contract/api/auth';
import type { z } from 'zod';
import { apiFetch, nsPath } from '../../../lib/api-client';

type Kind<K extends 'existing_user' | 'new_user' | 'expired_link'> = Extract<AuthReplyKinds, Record<K, true>>;

/**
 * [DATA-32] An auth reply (DECISIONS.md "Sign-in") read field by field: which flag is set decides the
 * path, and a field that kind of reply does not carry is absent.
 */
export type AuthReply = { status: boolean } & Partial<
  Omit<Kind<'existing_user'>, 'status'> &
    Pick<Kind<'new_user'>, 'new_user'> &
    Pick<Kind<'expired_link'>, 'expired_link'>
>;

/** [AUTH-08] `autologin` is true when the token came from a link in the route, false from the popup. */
export function verifySignInToken(jwt: string, autologin: boolean): Promise<AuthReply> {
  const body: z.input<typeof authBody> = { jwt, autologin };
  return apiFetch(nsPath('auth'), {
    schema: () => import('@quokka/contract/api/auth').then((m) => m.authReplySchema),
    method: 'POST',
    body,
  });
}

// POST {ns}/signout: revokes the bearer token on the server, then forgets the session here.
import { apiFetch, nsPath } from '../../../lib/api-client';
import { signOut, withLoader } from '../../../lib/app-state';
import { SIGN_OUT_EVERYWHERE_TEXT } from '../components/sign-out-everywhere-texts';

export async function postSignOut(): Promise<void> {
  // Silent: a failure here (token already expired, offline) must not stop the user signing out.
  await apiFetch(nsPath('signout'), {
    schema: () => import('@quokka/contract/api/common').then((m) => m.statusReplySchema),
    method: 'POST',
    auth: true,
    silent: true,
  });
}

/** [SHELL-08] Signs out on the server (its failure ignored), then locally. */
export async function signOutEverywhere(): Promise<void> {
  try {
    await withLoader('Signing Out...', postSignOut);
  } catch {
    // ignored on purpose: the local sign-out below is what the user asked for
  }
  signOut();
}

/**
 * [I12-6] Ends every session of the member on the server, then this one here. Not silent: when the
 * server did not do it, the member must know and stays signed in (the shell shows the error).
 */
export async function signOutOnEveryDevice(): Promise<void> {
  await withLoader(SIGN_OUT_EVERYWHERE_TEXT.busy, () =>
    apiFetch(nsPath('signouteverywhere'), {
      schema: () => import('@quokka/contract/api/common').then((m) => m.statusReplySchema),
      method: 'POST',
      auth: true,
    }),
  );
  signOut();
}

// What a signed-out shopper was doing when the store asked them to sign in (Add To Cart, Buy Now, the
// cart icon), so the sign-in finishes it instead of dropping them on /browse. A new member registers
// first, which leaves the page for /register and /autologin, so the intent lives in sessionStorage (this
// tab only), is checked against its schema on every read (an old or edited value is dropped, never run)
// and expires. The auth feature runs it once the shopper is signed in and back where they asked.
import { openPopup } from './app-state';
import type { SignInAction, SignInIntent } from './sign-in-intent-schema';

export type { SignInAction, SignInIntent };

/** Where the intent is kept (sessionStorage); sign-in-intent-schema.ts reads it back. */
export const SIGN_IN_INTENT_KEY = 'quokka.sign_in_intent';

/** Long enough to register on a phone; short enough that a forgotten intent does not surprise later. */
export const SIGN_IN_INTENT_TTL_MS = 30 * 60 * 1_000;

export function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers what to finish after signing in. */
export function rememberSignInIntent(intent: SignInIntent): void {
  try {
    session()?.setItem(SIGN_IN_INTENT_KEY, JSON.stringify(intent));
  } catch {
    // Storage full or refused: the sign-in still works, it just lands on /browse as before.
  }
}

/** Whether an intent is stored at all (read without checking it, so without loading its schema). */
export function hasSignInIntent(): boolean {
  try {
    return session()?.getItem(SIGN_IN_INTENT_KEY) != null;
  } catch {
    return false;
  }
}

export function forgetSignInIntent(): void {
  try {
    session()?.removeItem(SIGN_IN_INTENT_KEY);
  } catch {
    // nothing stored to forget
  }
}

function currentPath(): string {
  return typeof window === 'undefined' ? '/browse' : `${window.location.pathname}${window.location.search}`;
}

/**
 * [ROLE-02, ROLE-03] Asks a signed-out shopper to sign in, remembering the action to finish after and
 * where (`returnTo`: the page they are on, unless they are being sent away from it).
 */
export function askToSignIn(
  action: SignInAction,
  now: number = Date.now(),
  returnTo: string = currentPath(),
): void {
  rememberSignInIntent({ returnTo, expiresAt: now + SIGN_IN_INTENT_TTL_MS, action });
  openPopup('mobile');
}

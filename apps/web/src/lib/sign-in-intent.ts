// What a signed-out shopper was doing when the store asked them to sign in (Add To Cart, Buy Now, the
// cart icon), so the sign-in finishes it instead of dropping them on /browse. A new member registers
// first, which leaves the page for /register and /autologin, so the intent lives in sessionStorage (this
// tab only), is checked against its schema on every read (an old or edited value is dropped, never run)
// and expires. The auth feature runs it once the shopper is signed in and back where they asked.
import {
  attributeCodeSchema,
  configurableChildSchema,
  productSchema,
  productTileSchema,
} from '@quokka/contract/api/catalog';
import { z } from 'zod';
import { openPopup } from './app-state';

const KEY = 'quokka.sign_in_intent';

/** Long enough to register on a phone; short enough that a forgotten intent does not surprise later. */
export const SIGN_IN_INTENT_TTL_MS = 30 * 60 * 1_000;

const chosenOptionSchema = z.object({
  attribute_code: attributeCodeSchema,
  option_id: z.number(),
  option_value: z.number(),
  option_title: z.string(),
});

const signInActionSchema = z.discriminatedUnion('kind', [
  /** A screen that needs a member (checkout, a gift card screen): signing in comes back to it. */
  z.object({ kind: z.literal('stay') }),
  /** The cart icon: open the cart popup. */
  z.object({ kind: z.literal('open-cart') }),
  /** A list tile's Add To Cart. */
  z.object({ kind: z.literal('add-tile'), tile: productTileSchema }),
  /** The product page's Add to Cart or Buy Now, with the choice made (the cart's AddToCartRequest). */
  z.object({
    kind: z.literal('add-choice'),
    request: z.object({
      product: productSchema,
      child: configurableChildSchema.nullable(),
      sku: z.string(),
      qty: z.number().int().positive(),
      options: z.array(chosenOptionSchema),
      giftCardPrice: z.string().nullable(),
    }),
  }),
]);
export type SignInAction = z.infer<typeof signInActionSchema>;

const signInIntentSchema = z.object({
  /** The in-app path (and query) the shopper asked from; the action runs there. */
  returnTo: z.string().regex(/^\/(?!\/)/),
  expiresAt: z.number(),
  action: signInActionSchema,
});
export type SignInIntent = z.infer<typeof signInIntentSchema>;

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers what to finish after signing in. */
export function rememberSignInIntent(intent: SignInIntent): void {
  try {
    session()?.setItem(KEY, JSON.stringify(intent));
  } catch {
    // Storage full or refused: the sign-in still works, it just lands on /browse as before.
  }
}

export function forgetSignInIntent(): void {
  try {
    session()?.removeItem(KEY);
  } catch {
    // nothing stored to forget
  }
}

/** The intent still to finish: null when none, expired or not one this app wrote (and then forgotten). */
export function pendingSignInIntent(now: number = Date.now()): SignInIntent | null {
  let raw: string | null = null;
  try {
    raw = session()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // not JSON: dropped below
  }
  const result = signInIntentSchema.safeParse(parsed);
  if (!result.success || result.data.expiresAt <= now) {
    forgetSignInIntent();
    return null;
  }
  return result.data;
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

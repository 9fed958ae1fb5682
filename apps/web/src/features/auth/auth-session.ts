// What an auth reply means for this browser (SPEC.md §4 "Sign-in"): the same rules whether the token
// came from a sign-in link (/autologin/{jwt}) or from the mobile popup.
import { signIn } from '../../lib/app-state';
import { rememberSignInIntent, SIGN_IN_INTENT_TTL_MS } from '../../lib/sign-in-intent';
import { pendingSignInIntent } from '../../lib/sign-in-intent-schema';
import { getItem, removeItems, STORAGE_KEYS, setItem } from '../../lib/storage';
import { restoreServerCartOnOpen } from '../cart/public';
import type { AuthReply } from './api/verify-sign-in-token';

export type AuthOutcome =
  | { kind: 'new-user' }
  | { kind: 'signed-in'; productId: string | null }
  | { kind: 'expired-link' }
  | { kind: 'invalid' };

function asText(value: string | number | null | undefined): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

function productIdOf(reply: AuthReply): string | null {
  const id = asText(reply.product_id) ?? asText(reply.product?.id);
  return id !== null && /^\d+$/.test(id) && id !== '0' ? id : null;
}

// The seller a link came from, for the registration welcome [REG-13]. Kept in memory only: it is a
// courtesy for the screen that follows, not something to persist.
let linkSellerName: string | null = null;

export function getLinkSellerName(): string | null {
  return linkSellerName;
}

function rememberLink(reply: AuthReply): void {
  const campaignId = asText(reply.campaign_id);
  const productId = productIdOf(reply);
  const sellerId = asText(reply.seller?.id);
  if (campaignId !== null) setItem(STORAGE_KEYS.campaignId, campaignId);
  if (productId !== null) setItem(STORAGE_KEYS.productId, productId);
  // DECISIONS.md "Catalogue": the seller of the sign-in link is the affiliate seller.
  if (sellerId !== null) setItem(STORAGE_KEYS.affiliateSellerId, sellerId);
  const sellerName = asText(reply.seller?.name);
  if (sellerName !== null) linkSellerName = sellerName;
}

/**
 * [I30] A checkout link (a reply-to-buy text that could not finish): on the product's page, its item goes
 * into the cart and checkout opens (ResumeAfterSignIn), as a sign-in that interrupted Add to Cart does.
 */
function rememberCheckoutItem(reply: AuthReply): void {
  const productId = productIdOf(reply);
  const itemId = reply.checkout_product_id;
  if (productId === null || typeof itemId !== 'number' || !Number.isSafeInteger(itemId)) return;
  const now = Date.now();
  rememberSignInIntent({
    returnTo: `/product/${productId}`,
    expiresAt: now + SIGN_IN_INTENT_TTL_MS,
    action: { kind: 'checkout-item', productId: Number(productId), itemId },
  });
}

/**
 * [I31] A cart reminder's link (open_cart): /browse, then the cart popup opens (ResumeAfterSignIn), as a
 * sign-in that interrupted the cart icon does; the popup first restores the server cart into a browser
 * that holds no lines (the link opened on another phone or browser: features/cart/restore-server-cart.ts).
 */
function rememberOpenCart(reply: AuthReply): void {
  if (reply.open_cart !== true) return;
  rememberSignInIntent({
    returnTo: '/browse',
    expiresAt: Date.now() + SIGN_IN_INTENT_TTL_MS,
    action: { kind: 'open-cart' },
  });
  restoreServerCartOnOpen();
}

/** Applies a reply to storage and the sign-in state, and says where the user goes next. */
export function applyAuthReply(reply: AuthReply, jwt: string): AuthOutcome {
  if (reply.status !== true) return { kind: 'invalid' }; // [AUTH-15, ERR-11]

  if (reply.expired_link === true) {
    // [AUTH-12] The mobile to send a new code to; the old link stays stored as expired_jwt.
    const mobile = asText(reply.mobile);
    if (mobile !== null) setItem(STORAGE_KEYS.expiredLinkMobile, mobile);
    setItem(STORAGE_KEYS.jwt, jwt);
    return { kind: 'expired-link' };
  }

  if (reply.existing_user === true && typeof reply.token === 'string' && reply.token !== '') {
    signIn(reply.token); // [AUTH-10, AUTH-01..03, ROLE-05]
    const mobile = asText(reply.mobile);
    if (mobile !== null) setItem(STORAGE_KEYS.mobile, mobile);
    setItem(STORAGE_KEYS.countryCode, asText(reply.country_code));
    setItem(STORAGE_KEYS.currencyRate, asText(reply.currency_rate));
    rememberLink(reply);
    rememberCheckoutItem(reply);
    rememberOpenCart(reply);
    // The link did its job: it must not linger in storage.
    removeItems([STORAGE_KEYS.jwt, STORAGE_KEYS.expiredLinkMobile]);
    return { kind: 'signed-in', productId: productIdOf(reply) };
  }

  if (reply.new_user === true) {
    // [AUTH-09] Registration needs the proven mobile and its token.
    setItem(STORAGE_KEYS.jwt, jwt);
    const mobile = asText(reply.mobile);
    if (mobile !== null) setItem(STORAGE_KEYS.mobile, mobile);
    rememberLink(reply);
    return { kind: 'new-user' };
  }

  return { kind: 'invalid' };
}

/** Where each outcome leads; null for an invalid token (the caller explains). */
export function outcomePath(outcome: AuthOutcome): string | null {
  switch (outcome.kind) {
    case 'new-user':
      return '/register'; // [AUTH-09]
    case 'signed-in': {
      // [I11-5] A sign-in that interrupted the shopper goes back to where they asked, where the
      // interrupted action is finished (ResumeAfterSignIn). Else [AUTH-11] a link's product is opened,
      // otherwise [ROUTE-06] /browse.
      const intent = pendingSignInIntent();
      if (intent) return intent.returnTo;
      return outcome.productId !== null ? `/product/${outcome.productId}` : '/browse';
    }
    case 'expired-link':
      return '/expiredlink'; // [ROUTE-17]
    case 'invalid':
      return null;
  }
}

/** [AUTH-21, AUTH-22] After registering: the stored token signs the new member in, else /browse. */
export function pathAfterRegistration(jwt: string | null = getItem(STORAGE_KEYS.jwt)): string {
  return jwt ? `/autologin/${encodeURIComponent(jwt)}` : '/browse';
}

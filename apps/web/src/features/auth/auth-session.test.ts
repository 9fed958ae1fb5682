import { afterEach, describe, expect, it } from 'vitest';
import { rememberSignInIntent, SIGN_IN_INTENT_TTL_MS } from '../../lib/sign-in-intent';
import { pendingSignInIntent } from '../../lib/sign-in-intent-schema';
import { applyAuthReply, outcomePath } from './auth-session';

afterEach(() => sessionStorage.clear());

describe('where a sign-in leads', () => {
  it('[ROUTE-06] [AUTH-11] [AUTH-09] a plain sign-in: /browse, or the link’s product; a stranger registers', () => {
    expect(outcomePath({ kind: 'signed-in', productId: null })).toBe('/browse');
    expect(outcomePath({ kind: 'signed-in', productId: '42' })).toBe('/product/42');
    expect(outcomePath({ kind: 'new-user' })).toBe('/register');
  });

  it('[I11-5] a sign-in that interrupted the shopper returns where they asked; a new one registers first', () => {
    rememberSignInIntent({
      returnTo: '/product/9',
      expiresAt: Date.now() + SIGN_IN_INTENT_TTL_MS,
      action: { kind: 'open-cart' },
    });
    expect(outcomePath({ kind: 'signed-in', productId: null })).toBe('/product/9');
    expect(outcomePath({ kind: 'signed-in', productId: '42' })).toBe('/product/9');
    expect(outcomePath({ kind: 'new-user' })).toBe('/register');
  });

  it('[I30] a checkout link (a reply-to-buy text that could not finish) opens the product with its item to put in the cart; a plain link does not', () => {
    const member = {
      status: true,
      existing_user: true,
      token: 'member-token',
      mobile: '+61412555003',
      campaign_id: '4',
      product_id: 1,
      seller_url: 'saltline-surf',
      seller: null,
    } as const;
    const outcome = applyAuthReply({ ...member, checkout_product_id: 161 }, 'link-jwt');
    expect(outcome).toEqual({ kind: 'signed-in', productId: '1' });
    expect(outcomePath(outcome)).toBe('/product/1');
    expect(pendingSignInIntent()).toMatchObject({
      returnTo: '/product/1',
      action: { kind: 'checkout-item', productId: 1, itemId: 161 },
    });
    sessionStorage.clear();
    expect(outcomePath(applyAuthReply(member, 'plain-jwt'))).toBe('/product/1');
    expect(pendingSignInIntent()).toBeNull();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { rememberSignInIntent, SIGN_IN_INTENT_TTL_MS } from '../../lib/sign-in-intent';
import { outcomePath } from './auth-session';

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
});

import type { ProductTile } from '@quokka/contract/api/catalog';
import { afterEach, describe, expect, it } from 'vitest';
import { getAppState } from './app-state';
import {
  askToSignIn,
  forgetSignInIntent,
  rememberSignInIntent,
  SIGN_IN_INTENT_TTL_MS,
  type SignInIntent,
} from './sign-in-intent';
import { pendingSignInIntent } from './sign-in-intent-schema';

const KEY = 'quokka.sign_in_intent';
const NOW = 1_750_000_000_000;

const tile: ProductTile = {
  id: 7,
  name: 'Bush hat',
  sku: 'HAT-1',
  qty: 3,
  price: 29.95,
  type_id: 'simple',
  is_giftcard: false,
  short_desc: 'A hat',
  image: '/hat.jpg',
  images: ['/hat.jpg'],
  product_seller_image: '/seller.png',
  seller_url: 'saltline',
};

const intent = (overrides: Partial<SignInIntent> = {}): SignInIntent => ({
  returnTo: '/product/7',
  expiresAt: NOW + SIGN_IN_INTENT_TTL_MS,
  action: { kind: 'add-tile', tile },
  ...overrides,
});

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('what a sign-in interrupted', () => {
  it('[I11-5] [ROLE-02] asking to sign in opens the mobile popup and remembers the action where it was asked', () => {
    window.history.replaceState(null, '', '/category/3?page=2');
    askToSignIn({ kind: 'open-cart' }, NOW);
    expect(getAppState().popup).toBe('mobile');
    expect(pendingSignInIntent(NOW)).toEqual({
      returnTo: '/category/3?page=2',
      expiresAt: NOW + SIGN_IN_INTENT_TTL_MS,
      action: { kind: 'open-cart' },
    });
  });

  it('[I11-5] is kept across pages (registering) until it expires, then dropped', () => {
    rememberSignInIntent(intent());
    expect(pendingSignInIntent(NOW + SIGN_IN_INTENT_TTL_MS - 1)).toEqual(intent());
    expect(pendingSignInIntent(NOW + SIGN_IN_INTENT_TTL_MS)).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('[I11-5] a stored value that is not a valid intent is dropped, never run', () => {
    const invalid = [
      'not json',
      JSON.stringify({ ...intent(), action: { kind: 'empty-the-cart' } }),
      JSON.stringify({ ...intent(), returnTo: '//evil.example/phish' }),
      JSON.stringify({ ...intent(), returnTo: 'https://evil.example/' }),
      JSON.stringify({ ...intent(), action: { kind: 'add-tile', tile: { ...tile, id: '7' } } }),
    ];
    for (const raw of invalid) {
      sessionStorage.setItem(KEY, raw);
      expect(pendingSignInIntent(NOW), raw).toBeNull();
      expect(sessionStorage.getItem(KEY)).toBeNull();
    }
  });

  it('[I11-5] is forgotten on request', () => {
    rememberSignInIntent(intent());
    forgetSignInIntent();
    expect(pendingSignInIntent(NOW)).toBeNull();
  });
});

import { TOKEN_LIFETIME_MS } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  cartQuantity,
  clearLoader,
  expireSession,
  getAppState,
  isTokenExpired,
  loaderText,
  setCartItems,
  showLoader,
  showMessage,
  signIn,
  signOut,
  useAppState,
} from './app-state';
import { getItem, STORAGE_KEYS, type StoredCartItem, setItem } from './storage';

const line = (id: number, qty: number): StoredCartItem => ({ id, qty, name: `Item ${id}`, sku: `SKU-${id}` });

describe('sign-in state', () => {
  it('[AUTH-01] [AUTH-02] [AUTH-03] [CONST-04] [DATA-33] signing in stores the token, sets is_signed_in and keeps the token for 3,300,000 ms', () => {
    const now = 1_750_000_000_000;
    signIn('bearer-abc', now);
    expect(localStorage.getItem('token')).toBe('bearer-abc');
    expect(localStorage.getItem('is_signed_in')).toBe('true');
    expect(getItem(STORAGE_KEYS.tokenExpiry)).toBe(now + 3_300_000);
    expect(getAppState().auth).toEqual({
      isSignedIn: true,
      token: 'bearer-abc',
      expiresAt: now + TOKEN_LIFETIME_MS,
    });
    expect(isTokenExpired(now + TOKEN_LIFETIME_MS - 1)).toBe(false);
    expect(isTokenExpired(now + TOKEN_LIFETIME_MS)).toBe(true);
  });

  it('[AUTH-04] [AUTH-05] [AUTH-06] [AUTH-07] signing out clears the flag, the token, the cart items and the customer', () => {
    signIn('bearer-abc');
    setCartItems([line(1, 2)]);
    setItem(STORAGE_KEYS.customer, { fullname: 'Kim Lee' });
    setItem(STORAGE_KEYS.mobile, '+61412345678');
    signOut();
    expect(localStorage.getItem('is_signed_in')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('cartItems')).toBeNull();
    expect(localStorage.getItem('customer')).toBeNull();
    // Only the session is forgotten, not the rest of what the browser keeps.
    expect(localStorage.getItem('mobile')).toBe('+61412345678');
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(getAppState().cartItems).toEqual([]);
  });

  it('[AUTH-24] an expired session is signed out and remembered as expired until the next sign-in', () => {
    signIn('bearer-abc');
    expireSession();
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(getAppState().sessionExpired).toBe(true);
    signIn('bearer-def');
    expect(getAppState().sessionExpired).toBe(false);
  });

  it('a flag without a token is not a sign-in', () => {
    localStorage.setItem('is_signed_in', 'true');
    window.dispatchEvent(new StorageEvent('storage', { key: 'is_signed_in' }));
    expect(getAppState().auth.isSignedIn).toBe(false);
  });

  it('follows another tab signing in and out through the storage event', () => {
    const { result } = renderHook(() => useAppState((state) => state.auth.isSignedIn));
    expect(result.current).toBe(false);
    act(() => {
      localStorage.setItem('token', 'from-other-tab');
      localStorage.setItem('is_signed_in', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'is_signed_in' }));
    });
    expect(result.current).toBe(true);
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toBe(false);
  });
});

describe('cart items', () => {
  it('[SHELL-02] sums the quantity of every stored line and persists the lines', () => {
    setCartItems([line(1, 2), line(2, 3)]);
    expect(cartQuantity(getAppState().cartItems)).toBe(5);
    expect(getItem(STORAGE_KEYS.cartItems)).toHaveLength(2);
  });
});

describe('loader and messages', () => {
  it('[SHELL-11] shows the newest loader text and stays up until every piece of work ends', () => {
    const hideCart = showLoader(MSG.fetchingCart);
    const hideCards = showLoader('Fetching Cards...');
    expect(loaderText(getAppState())).toBe('Fetching Cards...');
    hideCards();
    expect(loaderText(getAppState())).toBe(MSG.fetchingCart);
    hideCart();
    expect(loaderText(getAppState())).toBeNull();
  });

  it('[CONN-04] clearing the loader drops every entry', () => {
    showLoader('One');
    showLoader('Two');
    clearLoader();
    expect(loaderText(getAppState())).toBeNull();
  });

  it('[SHELL-22] the message popup header defaults to Something Went Wrong', () => {
    showMessage('Could not save');
    expect(getAppState().message).toEqual({ title: 'Something Went Wrong', text: 'Could not save' });
  });
});

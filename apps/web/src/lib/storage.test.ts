import { afterEach, describe, expect, it, vi } from 'vitest';
import { getItem, removeItem, STORAGE_KEY_LIST, STORAGE_KEYS, type StoredCartItem, setItem } from './storage';

function cartItem(overrides: Partial<StoredCartItem> = {}): StoredCartItem {
  return { id: 7, name: 'Bush Hat', sku: 'HAT-1', qty: 2, price: 24.5, product_type: 'simple', ...overrides };
}

describe('storage keys', () => {
  it('[DATA-01] [DATA-02] [DATA-03] [DATA-04] [DATA-05] [DATA-06] [DATA-07] [DATA-08] [DATA-09] [DATA-10] [DATA-11] [DATA-33] keeps every SPEC.md §3 key under its exact name', () => {
    expect([...STORAGE_KEY_LIST].sort()).toEqual(
      [
        'token',
        'cartItems',
        'mobile',
        'country_code',
        'currency_rate',
        'campaign_id',
        'product_id',
        'expired_link_mobile',
        'autologin',
        'affiliate_seller_id',
        'jwt',
        'token_expiry',
        'is_signed_in',
        'customer',
      ].sort(),
    );
  });

  it('[DATA-01] [DATA-03] [DATA-04] [DATA-05] [DATA-06] [DATA-07] [DATA-08] [DATA-09] [DATA-10] [DATA-11] stores text values raw under their keys in localStorage', () => {
    const values = {
      token: 'tok-123',
      mobile: '+61412345678',
      country_code: 'AU',
      currency_rate: '1',
      campaign_id: '42',
      product_id: '1001',
      expired_link_mobile: '+61400000000',
      autologin: 'eyJ.link.jwt',
      affiliate_seller_id: '9',
      jwt: 'eyJ.verified.jwt',
    } as const;
    for (const [key, value] of Object.entries(values) as [keyof typeof values, string][]) {
      setItem(key, value);
      expect(localStorage.getItem(key)).toBe(value);
      expect(getItem(key)).toBe(value);
    }
  });

  it('[DATA-02] keeps cart items as JSON under cartItems', () => {
    const items = [cartItem(), cartItem({ id: 8, qty: 1 })];
    setItem(STORAGE_KEYS.cartItems, items);
    expect(JSON.parse(localStorage.getItem('cartItems') ?? 'null')).toEqual(items);
    expect(getItem(STORAGE_KEYS.cartItems)).toEqual(items);
  });

  it('[DATA-33] keeps the sign-in flag, token expiry and customer with their types', () => {
    setItem(STORAGE_KEYS.isSignedIn, true);
    setItem(STORAGE_KEYS.tokenExpiry, 1_700_000_000_000);
    setItem(STORAGE_KEYS.customer, { fullname: 'Kim Lee', email: 'kim@example.com' });
    expect(localStorage.getItem('is_signed_in')).toBe('true');
    expect(getItem(STORAGE_KEYS.isSignedIn)).toBe(true);
    expect(getItem(STORAGE_KEYS.tokenExpiry)).toBe(1_700_000_000_000);
    expect(getItem(STORAGE_KEYS.customer)).toEqual({ fullname: 'Kim Lee', email: 'kim@example.com' });
  });

  it('reads malformed values as absent instead of throwing', () => {
    localStorage.setItem('cartItems', '{not json');
    localStorage.setItem('token_expiry', 'soon');
    localStorage.setItem('customer', '[1,2]');
    expect(getItem(STORAGE_KEYS.cartItems)).toBeNull();
    expect(getItem(STORAGE_KEYS.tokenExpiry)).toBeNull();
    expect(getItem(STORAGE_KEYS.customer)).toBeNull();
  });

  it('removes a value, also when set to null', () => {
    setItem(STORAGE_KEYS.token, 'abc');
    removeItem(STORAGE_KEYS.token);
    expect(getItem(STORAGE_KEYS.token)).toBeNull();
    setItem(STORAGE_KEYS.mobile, '0412345678');
    setItem(STORAGE_KEYS.mobile, null);
    expect(localStorage.getItem('mobile')).toBeNull();
  });

  describe('when localStorage throws', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('never throws and keeps values for this page in memory', () => {
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('quota', 'QuotaExceededError');
      });
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      expect(() => setItem(STORAGE_KEYS.token, 'in-memory')).not.toThrow();
      expect(getItem(STORAGE_KEYS.token)).toBe('in-memory');
      vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      expect(() => removeItem(STORAGE_KEYS.token)).not.toThrow();
      expect(getItem(STORAGE_KEYS.token)).toBeNull();
    });
  });
});

// The one module that touches browser storage. Keys are SPEC.md §3's, spelled as the original
// storefront spelled them, so a shopper's stored cart and sign-in survive across versions.

/** [DATA-01..11, DATA-33] Every key the app keeps in localStorage. */
export const STORAGE_KEYS = {
  token: 'token',
  cartItems: 'cartItems',
  mobile: 'mobile',
  countryCode: 'country_code',
  currencyRate: 'currency_rate',
  campaignId: 'campaign_id',
  productId: 'product_id',
  expiredLinkMobile: 'expired_link_mobile',
  autologin: 'autologin',
  affiliateSellerId: 'affiliate_seller_id',
  jwt: 'jwt',
  tokenExpiry: 'token_expiry',
  isSignedIn: 'is_signed_in',
  customer: 'customer',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const STORAGE_KEY_LIST: readonly StorageKey[] = Object.values(STORAGE_KEYS);

/** One configurable option of a cart line [DATA-22]. */
export interface StoredConfigurableOption {
  option_id: number | string;
  option_value: number | string;
  option_label?: string;
  option_title?: string;
  value_index?: number | string;
}

/**
 * A cart line as kept in the browser [DATA-20]. Only `qty` is read by the shell; the cart work owns
 * the rest of the shape, so unknown fields are carried through untouched.
 */
export interface StoredCartItem {
  id: number | string;
  name?: string;
  sku?: string;
  qty: number;
  images?: unknown;
  price?: number;
  product_type?: 'simple' | 'configurable';
  quote_id?: number | string;
  item_id?: number | string;
  short_desc?: string;
  is_giftcard?: boolean | number;
  type_id?: string;
  cart_item?: unknown;
  product_seller_image?: string;
  product_option?: {
    extension_attributes?: { configurable_item_options?: StoredConfigurableOption[] };
  };
  options?: Partial<Record<'color' | 'size' | 'gift_card_price', unknown>>;
  [extra: string]: unknown;
}

/** The signed-in customer as cached in the browser [DATA-34]. */
export interface StoredCustomer {
  mobile?: string;
  fullname?: string;
  email?: string;
  firstname?: string;
  lastname?: string;
  [extra: string]: unknown;
}

/** The value type behind each key. Plain strings are stored as they are; everything else as JSON. */
export interface StoredValues {
  token: string;
  cartItems: StoredCartItem[];
  mobile: string;
  country_code: string;
  currency_rate: string;
  campaign_id: string;
  product_id: string;
  expired_link_mobile: string;
  autologin: string;
  affiliate_seller_id: string;
  jwt: string;
  token_expiry: number;
  is_signed_in: boolean;
  customer: StoredCustomer;
}

type Decoder<T> = (raw: string) => T | null;

const asString: Decoder<string> = (raw) => raw;

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

const decoders: { [K in StorageKey]: Decoder<StoredValues[K]> } = {
  token: asString,
  mobile: asString,
  country_code: asString,
  currency_rate: asString,
  campaign_id: asString,
  product_id: asString,
  expired_link_mobile: asString,
  autologin: asString,
  affiliate_seller_id: asString,
  jwt: asString,
  cartItems: (raw) => {
    const value = parseJson(raw);
    return Array.isArray(value) ? value.filter(isCartItem) : null;
  },
  token_expiry: (raw) => {
    const value = Number(raw);
    return raw.trim() !== '' && Number.isFinite(value) ? value : null;
  },
  is_signed_in: (raw) => (raw === 'true' ? true : raw === 'false' ? false : null),
  customer: (raw) => {
    const value = parseJson(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : null;
  },
};

function isCartItem(value: unknown): value is StoredCartItem {
  return typeof value === 'object' && value !== null && 'id' in value && 'qty' in value;
}

function encode(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// Kept when localStorage refuses (private mode, quota, disabled cookies), so this tab still works.
const memory = new Map<string, string>();

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(key: StorageKey): string | null {
  try {
    const stored = backend()?.getItem(key);
    if (stored !== null && stored !== undefined) return stored;
  } catch {
    // fall through to the in-memory copy
  }
  return memory.get(key) ?? null;
}

/** The stored value, or null when absent or unreadable. Never throws. */
export function getItem<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  const decoder: Decoder<StoredValues[K]> = decoders[key];
  return decoder(raw);
}

/** Stores a value; null or undefined removes it. Never throws. */
export function setItem<K extends StorageKey>(key: K, value: StoredValues[K] | null | undefined): void {
  if (value === null || value === undefined) {
    removeItem(key);
    return;
  }
  const raw = encode(value);
  try {
    const store = backend();
    if (store) {
      store.setItem(key, raw);
      memory.delete(key);
      return;
    }
  } catch {
    // fall through to the in-memory copy
  }
  memory.set(key, raw);
}

/** Removes a value. Never throws. */
export function removeItem(key: StorageKey): void {
  memory.delete(key);
  try {
    backend()?.removeItem(key);
  } catch {
    // nothing stored there to remove
  }
}

/** Removes several values at once. */
export function removeItems(keys: readonly StorageKey[]): void {
  for (const key of keys) removeItem(key);
}

export function isStorageKey(key: string | null): key is StorageKey {
  return key !== null && (STORAGE_KEY_LIST as readonly string[]).includes(key);
}

// The app's shared client state: connectivity, error popups, the loader, which popup is open, the
// sign-in state and the stored cart. A tiny external store read with useSyncExternalStore; the
// persisted parts live in localStorage (storage.ts) and follow other tabs through `storage` events.
import { TOKEN_LIFETIME_MS } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { useSyncExternalStore } from 'react';
import { getItem, isStorageKey, removeItems, STORAGE_KEYS, type StoredCartItem, setItem } from './storage';

/** Popups the shell knows how to open; cart, mobile and info are rendered by their features. */
export type PopupKind = 'cart' | 'mobile' | 'info' | 'out-of-stock' | 'qty' | 'supplied-by';

/** The seller a supplied-by popup is about [SHELL-18], as far as the opener knows it. */
export interface SuppliedBySeller {
  name: string;
  description: string;
  image: string;
  sellerUrl: string;
}

/** What the supplied-by popup shows: a known seller, or the seller of a product (fetched by the popup). */
export interface SuppliedByRequest {
  productId: number | null;
  seller: SuppliedBySeller | null;
}

export interface MessagePopup {
  title: string;
  text: string;
}

export interface LoaderEntry {
  id: number;
  text: string;
}

/** [DATA-33] The authentication state: flag, token and when the client stops trusting the token. */
export interface AuthState {
  isSignedIn: boolean;
  token: string | null;
  expiresAt: number | null;
}

export interface AppState {
  offline: boolean;
  unexpectedError: boolean;
  message: MessagePopup | null;
  loaders: readonly LoaderEntry[];
  popup: PopupKind | null;
  /** Text for the open popup when it shows a server message (the 'qty' popup). */
  popupText: string | null;
  auth: AuthState;
  /** Set when the session ended by expiry or a 401, so account pages send the user to /signin. */
  sessionExpired: boolean;
  cartItems: readonly StoredCartItem[];
  /** [PDP-01] Shown in the header instead of the store name while set (the product page's seller). */
  headerTitle: string | null;
  /** The subject of the open 'supplied-by' popup. */
  suppliedBy: SuppliedByRequest | null;
}

function readAuth(): AuthState {
  const token = getItem(STORAGE_KEYS.token);
  return {
    isSignedIn: getItem(STORAGE_KEYS.isSignedIn) === true && token !== null && token !== '',
    token,
    expiresAt: getItem(STORAGE_KEYS.tokenExpiry),
  };
}

function readPersisted(): Pick<AppState, 'auth' | 'cartItems'> {
  return { auth: readAuth(), cartItems: getItem(STORAGE_KEYS.cartItems) ?? [] };
}

function initialState(): AppState {
  return {
    offline: false,
    unexpectedError: false,
    message: null,
    loaders: [],
    popup: null,
    popupText: null,
    sessionExpired: false,
    headerTitle: null,
    suppliedBy: null,
    ...readPersisted(),
  };
}

let state: AppState = initialState();

/**
 * What a server-rendered page shows: signed out, an empty cart, nothing open. The server never knows
 * the session, so hydration starts from this and the stored sign-in and cart follow right after.
 */
const SERVER_STATE: AppState = {
  offline: false,
  unexpectedError: false,
  message: null,
  loaders: [],
  popup: null,
  popupText: null,
  sessionExpired: false,
  headerTitle: null,
  suppliedBy: null,
  auth: { isSignedIn: false, token: null, expiresAt: null },
  cartItems: [],
};
const listeners = new Set<() => void>();

function update(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getAppState(): AppState {
  return state;
}

export function subscribeAppState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Reads a slice of the state and re-renders when it changes. The selector must return a part of the
 * state or a primitive (not a new object each call), as useSyncExternalStore compares by identity.
 */
export function useAppState<T>(selector: (current: AppState) => T): T {
  return useSyncExternalStore(
    subscribeAppState,
    () => selector(state),
    () => selector(SERVER_STATE),
  );
}

/** Re-reads storage and drops every transient flag (a fresh page, or a test starting over). */
export function resetAppState(): void {
  update(initialState());
}

// Two tabs agree: another tab signing in or out, or changing the cart, updates this one.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || isStorageKey(event.key)) update(readPersisted());
  });
}

// Connectivity and errors [CONN-01..03]

export function setOffline(offline: boolean): void {
  update({ offline });
}

export function setUnexpectedError(unexpectedError: boolean): void {
  update({ unexpectedError });
}

/** [SHELL-22] The message popup; its header defaults to 'Something Went Wrong'. */
export function showMessage(text: string, title: string = MSG.somethingWentWrong): void {
  update({ message: { title, text } });
}

export function closeMessage(): void {
  update({ message: null });
}

// Loader [SHELL-11]: a stack, so overlapping work keeps the overlay up until the last piece ends,
// and the text shown is the newest one.

let nextLoaderId = 1;

/** Shows the loader with a text; call the returned function when that work is done. */
export function showLoader(text: string): () => void {
  const id = nextLoaderId++;
  update({ loaders: [...state.loaders, { id, text }] });
  return () => {
    if (state.loaders.some((entry) => entry.id === id)) {
      update({ loaders: state.loaders.filter((entry) => entry.id !== id) });
    }
  };
}

/** [CONN-04] Drops every loader entry, as any failed request does. */
export function clearLoader(): void {
  if (state.loaders.length > 0) update({ loaders: [] });
}

/** Runs async work under the loader. */
export async function withLoader<T>(text: string, work: () => Promise<T>): Promise<T> {
  const hide = showLoader(text);
  try {
    return await work();
  } finally {
    hide();
  }
}

export function loaderText(current: AppState): string | null {
  return current.loaders.at(-1)?.text ?? null;
}

// Popups

export function openPopup(popup: PopupKind, text: string | null = null): void {
  update({ popup, popupText: text });
}

export function closePopup(): void {
  update({ popup: null, popupText: null, suppliedBy: null });
}

/** [SHELL-18] Opens the supplied-by popup for a seller, or for the seller of a product. */
export function openSuppliedBy(request: SuppliedByRequest): void {
  update({ popup: 'supplied-by', popupText: null, suppliedBy: request });
}

// Header [PDP-01]

/** Sets the header's title (null: the store name again). */
export function setHeaderTitle(headerTitle: string | null): void {
  if (state.headerTitle !== headerTitle) update({ headerTitle });
}

// Sign-in [AUTH-01..07]

/** [AUTH-01..03] Stores the token, sets the flag and keeps the token for TOKEN_LIFETIME_MS. */
export function signIn(token: string, now: number = Date.now()): void {
  const expiresAt = now + TOKEN_LIFETIME_MS;
  setItem(STORAGE_KEYS.token, token);
  setItem(STORAGE_KEYS.tokenExpiry, expiresAt);
  setItem(STORAGE_KEYS.isSignedIn, true);
  update({ auth: { isSignedIn: true, token, expiresAt }, sessionExpired: false });
}

/** [AUTH-04..07] Clears the signed-in flag, the token, the cart items and the customer. */
export function signOut(): void {
  removeItems([
    STORAGE_KEYS.isSignedIn,
    STORAGE_KEYS.token,
    STORAGE_KEYS.tokenExpiry,
    STORAGE_KEYS.cartItems,
    STORAGE_KEYS.customer,
  ]);
  update({ auth: { isSignedIn: false, token: null, expiresAt: null }, cartItems: [] });
}

/** [AUTH-23, AUTH-24] Signs out because the session ended (expiry or 401), not by choice. */
export function expireSession(): void {
  signOut();
  update({ sessionExpired: true });
}

/** True when signed in but past the client-side token lifetime (or with no expiry on record). */
export function isTokenExpired(now: number = Date.now()): boolean {
  const { isSignedIn, expiresAt } = state.auth;
  if (!isSignedIn) return false;
  return expiresAt === null || now >= expiresAt;
}

// Cart [SHELL-02]

export function setCartItems(items: readonly StoredCartItem[]): void {
  setItem(STORAGE_KEYS.cartItems, [...items]);
  update({ cartItems: items });
}

/** The total quantity over every stored line, for the header badge. */
export function cartQuantity(items: readonly StoredCartItem[]): number {
  return items.reduce((sum, item) => {
    const qty = Number(item.qty);
    return Number.isFinite(qty) && qty > 0 ? sum + qty : sum;
  }, 0);
}

import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAppState } from '../../lib/app-state';
import { pendingSignInIntent } from '../../lib/sign-in-intent-schema';
import { renderApp } from '../../test/render-app';
import { aCapLine, aCartItem, signedInWithCart } from '../cart/test/cart-factories';
import { CARTS, fakeShopApi, json, NS } from '../cart/test/fake-shop-api';
import { applyAuthReply, outcomePath } from './auth-session';

// [I31] A cart reminder's link (/t/<code>) signs the member in with `open_cart: true`: /browse, then the
// cart popup. The browser's lines are the cart; a browser holding none (the link opened on another phone)
// gets the server cart's lines first, so the popup shows what the text named. Signed in through the real
// /autologin screen against the fake shop API.

afterEach(() => sessionStorage.clear());

const member = {
  status: true,
  existing_user: true,
  token: 'member-token',
  country_code: 'AU',
  currency_rate: 1,
  product: null,
  mobile: '+61412555003',
  campaign_id: null,
  product_id: null,
  seller_url: null,
  seller: null,
} as const;

/** The server cart: a cap and a mug left behind. */
const serverLines = () => [
  aCartItem({ item_id: 501, qty: 2 }),
  aCartItem({
    item_id: 502,
    sku: 'HG-MUG',
    name: 'Harbour Mug',
    price: 19.95,
    extension_attributes: {
      product_id: 40,
      child_product_id: 40,
      row_total: 19.95,
      image: '/media/products/mug.svg',
      is_giftcard: false,
      seller_id: 3,
      seller_url: 'harbour-goods',
      product_seller_image: '',
    },
  }),
];

function linkApi(reply: object) {
  const api = fakeShopApi();
  api.answer('POST', `${NS}/auth`, () => json(reply));
  api.answer('GET', `${CARTS}/items`, () => json(serverLines()));
  return api;
}

const itemReads = (api: ReturnType<typeof fakeShopApi>) =>
  api.calls.filter((call) => call.method === 'GET' && call.path === `${CARTS}/items`);

describe('[I31] a cart reminder’s link opens the cart', () => {
  it('[I31] on a browser holding no lines, the link signs in, goes to /browse and the cart popup shows the server cart’s lines', async () => {
    linkApi({ ...member, open_cart: true });
    const { router } = renderApp('/autologin/cart-link-jwt');
    const popup = await screen.findByRole('dialog', { name: MSG.cartTitle });
    expect(router.state.location.pathname).toBe('/browse');
    await waitFor(() => expect(within(popup).getAllByRole('listitem')).toHaveLength(2));
    const lines = within(popup).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Saltline Trucker Cap');
    expect(lines[1]).toHaveTextContent('Harbour Mug');
    // 2 × $35 + $19.95, before delivery.
    expect(within(lines[0] as HTMLElement).getByTestId('line-total')).toHaveTextContent('$70.00');
    // The browser now holds them, as an Add to Cart would have left them (checkout rebuilds from these).
    expect(getAppState().cartItems.map((line) => [line.item_id, line.sku, line.qty])).toEqual([
      [501, 'SL-SALTLINE-TRUCKER-CAP', 2],
      [502, 'HG-MUG', 1],
    ]);
    expect(getAppState().cartItems[1]?.cart_item).toEqual({ sku: 'HG-MUG', qty: 1, product_option: null });
    expect(pendingSignInIntent()).toBeNull();
  });

  it('[I31] a browser already holding lines keeps exactly its own: nothing duplicated, nothing dropped, the server not read', async () => {
    const api = linkApi({ ...member, open_cart: true });
    const cap = aCapLine({ qty: 1 });
    signedInWithCart([cap]);
    renderApp('/autologin/cart-link-jwt');
    const popup = await screen.findByRole('dialog', { name: MSG.cartTitle });
    const lines = within(popup).getAllByRole('listitem');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('Saltline Trucker Cap');
    expect(getAppState().cartItems).toEqual([cap]);
    expect(itemReads(api)).toEqual([]);
  });

  it('[I31] any other sign-in link leaves the cart alone: no cart popup, no restore, and a later cart popup of an empty browser says the cart is empty', async () => {
    const api = linkApi(member);
    const outcome = applyAuthReply(member, 'plain-jwt');
    expect(outcomePath(outcome)).toBe('/browse');
    expect(pendingSignInIntent()).toBeNull();
    const { router } = renderApp('/autologin/plain-jwt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(screen.queryByRole('dialog', { name: MSG.cartTitle })).not.toBeInTheDocument();
    expect(getAppState().cartItems).toEqual([]);
    expect(itemReads(api)).toEqual([]);
  });

  it('[I31] the open_cart reply remembers the open-cart intent for /browse (as the cart icon’s sign-in does)', () => {
    const outcome = applyAuthReply({ ...member, open_cart: true }, 'cart-link-jwt');
    expect(outcomePath(outcome)).toBe('/browse');
    expect(pendingSignInIntent()).toMatchObject({ returnTo: '/browse', action: { kind: 'open-cart' } });
  });
});

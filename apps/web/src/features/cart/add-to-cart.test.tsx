import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState, signIn } from '../../lib/app-state';
import { getItem, STORAGE_KEYS } from '../../lib/storage';
import { renderApp } from '../../test/render-app';
import { aTile } from '../catalog/test/catalog-factories';
import { aCartItem } from './test/cart-factories';
import { CARTS, errorReply, fakeShopApi, json, NS } from './test/fake-shop-api';

const CAP_TILE = aTile({
  id: 14,
  name: 'Saltline Trucker Cap',
  sku: 'SL-SALTLINE-TRUCKER-CAP',
  qty: 3,
  price: 35,
});

function browseWithCap() {
  const api = fakeShopApi();
  api.answer('GET', `${NS}/browseProducts`, (call) =>
    json({ data: call.query.get('page') === '1' ? [CAP_TILE] : [] }),
  );
  signIn('member-token');
  return { api, ...renderApp('/browse') };
}

async function addCapFromTile(view: ReturnType<typeof browseWithCap>) {
  const tile = (await screen.findByRole('link', { name: 'Saltline Trucker Cap' })).closest('article');
  await view.user.click(within(tile as HTMLElement).getByRole('button', { name: MSG.tileAddToCart }));
}

describe('Add To Cart', () => {
  it('[ROLE-06] [API-21] [API-22] [CART-01] [DATA-20] [DATA-21] a tile adds one unit: cart id, then the line, kept in the browser, and the cart popup opens', async () => {
    const view = browseWithCap();
    await addCapFromTile(view);
    await screen.findByRole('dialog', { name: MSG.cartTitle });

    const posts = view.api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([CARTS, `${CARTS}/items`]);
    // The server's cart id goes along; a price never does.
    expect(posts[1]?.body).toEqual({ cartItem: { sku: 'SL-SALTLINE-TRUCKER-CAP', qty: 1, quote_id: 77 } });

    const [line] = getItem(STORAGE_KEYS.cartItems) ?? [];
    expect(line).toMatchObject({
      id: 14,
      name: 'Saltline Trucker Cap',
      sku: 'SL-SALTLINE-TRUCKER-CAP',
      qty: 1,
      price: 35,
      product_type: 'simple',
      quote_id: '77',
      item_id: 601,
      short_desc: CAP_TILE.short_desc,
      is_giftcard: false,
      type_id: 'simple',
      product_seller_image: '/media/sellers/saltline-logo.svg',
    });
    expect(line?.images).toEqual(CAP_TILE.images);
    expect(line?.cart_item).toMatchObject({ sku: 'SL-SALTLINE-TRUCKER-CAP', qty: 1 });
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('[DATA-22] [DATA-23] [PDP-10] the product page adds the chosen colour and size as configurable options', async () => {
    const api = fakeShopApi();
    signIn('member-token');
    const { user } = renderApp('/product/1');
    await screen.findByRole('heading', { level: 1, name: 'Cottesloe Crew Tee' });
    await user.click(
      within(screen.getByRole('group', { name: /^Color/ })).getByRole('button', { name: 'Salt White' }),
    );
    await user.click(within(screen.getByRole('group', { name: /^Size/ })).getByRole('button', { name: 'L' }));
    await user.click(screen.getByRole('button', { name: MSG.addToCart }));
    await screen.findByRole('dialog', { name: MSG.cartTitle });

    const add = api.calls.find((call) => call.method === 'POST' && call.path === `${CARTS}/items`);
    expect(add?.body).toEqual({
      cartItem: {
        sku: 'SL-COTTESLOE-CREW-TEE',
        qty: 1,
        quote_id: 77,
        product_option: {
          extension_attributes: {
            configurable_item_options: [
              { option_id: 93, option_value: 2 },
              { option_id: 141, option_value: 7 },
            ],
          },
        },
      },
    });
    const [line] = getAppState().cartItems;
    expect(line).toMatchObject({ id: 1, sku: 'SL-TEE-WHITE-L', product_type: 'configurable', price: 45 });
    expect(line?.product_option?.extension_attributes?.configurable_item_options).toEqual([
      { option_id: 93, option_value: 2, option_label: 'Color', option_title: 'Salt White', value_index: 2 },
      { option_id: 141, option_value: 7, option_label: 'Size', option_title: 'L', value_index: 7 },
    ]);
    expect(line?.options).toEqual({
      color: { option_id: 93, option_value: 2, option_title: 'Salt White', option_label: 'Color' },
      size: { option_id: 141, option_value: 7, option_title: 'L', option_label: 'Size' },
    });
  });

  it("[ERR-05] [CART-03] 'Product that you are trying to add is not available.' opens 'Out of Stock'", async () => {
    const view = browseWithCap();
    view.api.answer('POST', `${CARTS}/items`, () =>
      errorReply('PRODUCT_NOT_AVAILABLE', MSG.productNotAvailable),
    );
    await addCapFromTile(view);
    const popup = await screen.findByRole('dialog', { name: MSG.outOfStockTitle });
    expect(popup).toHaveTextContent(MSG.outOfStockText);
    expect(getAppState().cartItems).toEqual([]);
  });

  it("[ERR-06] 'The requested qty is not available' opens 'Qty not Available' with the server's message", async () => {
    const view = browseWithCap();
    view.api.answer('POST', `${CARTS}/items`, () => errorReply('QTY_NOT_AVAILABLE', MSG.qtyNotAvailable));
    await addCapFromTile(view);
    const popup = await screen.findByRole('dialog', { name: MSG.qtyNotAvailableTitle });
    expect(popup).toHaveTextContent(MSG.qtyNotAvailable);
    expect(getAppState().cartItems).toEqual([]);
  });

  it('adding the same product again keeps one line with the server’s total quantity', async () => {
    const view = browseWithCap();
    await addCapFromTile(view);
    await view.user.click(
      within(await screen.findByRole('dialog', { name: MSG.cartTitle })).getByRole('button', {
        name: MSG.closeWindow,
      }),
    );
    await addCapFromTile(view);
    await waitFor(() => expect(getAppState().cartItems[0]?.qty).toBe(2));
    expect(getAppState().cartItems).toHaveLength(1);
  });

  it('[I11-2] a server line the browser does not show (kept from before a sign-out) is removed before the add, so the add holds qty 1', async () => {
    const view = browseWithCap();
    // The server still holds the cap from an earlier session; the browser's cart is empty.
    view.api.state.cartId = 77;
    view.api.state.lines = [
      aCartItem({ item_id: 501, sku: 'SL-SALTLINE-TRUCKER-CAP', qty: 1, quote_id: '77' }),
      aCartItem({ item_id: 502, sku: 'SL-TEE-WHITE-L', qty: 2, quote_id: '77' }),
    ];
    await addCapFromTile(view);
    await screen.findByRole('dialog', { name: MSG.cartTitle });

    expect(view.api.log()).toEqual(
      expect.arrayContaining([`DELETE ${CARTS}/items/501`, `DELETE ${CARTS}/items/502`]),
    );
    expect(getAppState().cartItems.map((line) => [line.sku, line.qty])).toEqual([
      ['SL-SALTLINE-TRUCKER-CAP', 1],
    ]);
    expect(view.api.state.lines.map((line) => [line.sku, line.qty])).toEqual([
      ['SL-SALTLINE-TRUCKER-CAP', 1],
    ]);
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('[I11-2] a server quantity that differs from the browser line is set to the browser’s before the add', async () => {
    const view = browseWithCap();
    await addCapFromTile(view);
    await view.user.click(
      within(await screen.findByRole('dialog', { name: MSG.cartTitle })).getByRole('button', {
        name: MSG.closeWindow,
      }),
    );
    // Another device raised the same line on the server to 3.
    view.api.state.lines = view.api.state.lines.map((line) => ({ ...line, qty: 3 }));
    await addCapFromTile(view);
    await waitFor(() => expect(getAppState().cartItems[0]?.qty).toBe(2));
    expect(view.api.state.lines.map((line) => line.qty)).toEqual([2]);
  });
});

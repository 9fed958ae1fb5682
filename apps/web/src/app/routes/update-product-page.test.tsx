import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCapLine, aCartItem, aTeeLine, signedInWithCart } from '../../features/cart/test/cart-factories';
import { CARTS, fakeShopApi } from '../../features/cart/test/fake-shop-api';
import { getAppState } from '../../lib/app-state';
import { renderApp } from '../../test/render-app';

describe('/updateproduct/:id', () => {
  it('[ROUTE-10] [PDP-11] [CART-07] [CART-09] a simple product: Update Cart changes the line in place, then /checkout', async () => {
    const api = fakeShopApi();
    api.state.lines = [
      aCartItem({
        item_id: 501,
        sku: 'SL-SALTLINE-TRUCKER-CAP',
        qty: 1,
        name: 'Saltline Trucker Cap',
        price: 35,
        product_type: 'simple',
        quote_id: '77',
      }),
    ];
    signedInWithCart([aCapLine({ qty: 1 })]);
    const { user, router } = renderApp('/updateproduct/14');
    await screen.findByRole('heading', { level: 1, name: 'Saltline Trucker Cap' });
    await user.click(screen.getByRole('button', { name: MSG.increaseQuantity }));
    await user.click(screen.getByRole('button', { name: MSG.updateCart }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const changes = api.calls.filter((call) => call.method !== 'GET');
    expect(changes[0]).toMatchObject({
      method: 'PUT',
      path: `${CARTS}/items/501`,
      body: { cartItem: { qty: 2 } },
    });
    expect(changes.some((call) => call.method === 'DELETE')).toBe(false);
    expect(getAppState().cartItems.find((line) => line.id === 14)?.qty).toBe(2);
  });

  it('[CART-08] [CART-09] a configurable product: the line is removed and added again with the new choice, then /checkout', async () => {
    const api = fakeShopApi();
    api.state.lines = [
      aCartItem({
        item_id: 502,
        sku: 'SL-TEE-WHITE-L',
        qty: 1,
        name: 'Tee WHITE L',
        price: 45,
        product_type: 'configurable',
        quote_id: '77',
      }),
    ];
    signedInWithCart([aCapLine(), aTeeLine()]);
    const { user, router } = renderApp('/updateproduct/1?item=502');
    await screen.findByRole('heading', { level: 1, name: 'Cottesloe Crew Tee' });
    // It starts from the line's choice: Salt White, L.
    const sizes = screen.getByRole('group', { name: /^Size/ });
    expect(within(sizes).getByRole('button', { name: 'L' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(sizes).getByRole('button', { name: 'M' }));
    await user.click(screen.getByRole('button', { name: MSG.updateCart }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const changes = api.calls.filter(
      (call) => call.method === 'DELETE' || (call.method === 'POST' && call.path.startsWith(CARTS)),
    );
    expect(changes.map((call) => `${call.method} ${call.path}`).slice(0, 3)).toEqual([
      `DELETE ${CARTS}/items/502`,
      `POST ${CARTS}`,
      `POST ${CARTS}/items`,
    ]);
    expect(changes[2]?.body).toMatchObject({
      cartItem: {
        product_option: {
          extension_attributes: {
            configurable_item_options: [
              { option_id: 93, option_value: 2 },
              { option_id: 141, option_value: 6 },
            ],
          },
        },
      },
    });
    const lines = getAppState().cartItems;
    expect(lines.map((line) => line.sku)).toEqual(['SL-SALTLINE-TRUCKER-CAP', 'SL-TEE-WHITE-M']);
  });
});

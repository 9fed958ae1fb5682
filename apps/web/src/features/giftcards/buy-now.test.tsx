import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState, signIn } from '../../lib/app-state';
import { renderApp } from '../../test/render-app';
import { CARTS, errorReply, json, NS } from '../cart/test/fake-shop-api';
import { aGiftCardProduct, aTile } from '../catalog/test/catalog-factories';
import { fakeGiftCardApi } from './test/fake-gift-card-api';

const GIFT_TILE = aTile({ id: 153, name: 'Saltline Gift Card', sku: 'SL-GIFT-CARD', is_giftcard: true });

function browse(signedIn: boolean) {
  const api = fakeGiftCardApi({ products: [aGiftCardProduct()] });
  api.answer('GET', `${NS}/browseProducts`, (call) =>
    json({ data: call.query.get('page') === '1' ? [{ ...GIFT_TILE, type_id: 'configurable' }] : [] }),
  );
  if (signedIn) signIn('member-token');
  return { api, ...renderApp('/browse') };
}

async function buyNowOnTile(view: ReturnType<typeof browse>) {
  const tile = (await screen.findByRole('link', { name: 'Saltline Gift Card' })).closest('article');
  await view.user.click(within(tile as HTMLElement).getByRole('button', { name: MSG.buyNow }));
}

describe("'Buy Now' on a gift card", () => {
  it('[ROLE-03] a visitor tapping Buy Now on a tile gets the mobile verification popup', async () => {
    const view = browse(false);
    await buyNowOnTile(view);
    expect(getAppState().popup).toBe('mobile');
    expect(view.router.state.location.pathname).toBe('/browse');
    expect(view.api.log((call) => call.method === 'POST')).toEqual([]);
  });

  it('[ROUTE-27] [GIFTF-01] the tile opens the product page to choose a price; Buy Now adds it and opens the recipient screen', async () => {
    const view = browse(true);
    await buyNowOnTile(view);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/product/153'));
    await screen.findByRole('heading', { level: 1, name: 'Saltline Gift Card' });
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Gift Card Price' }), '$50');
    await view.user.click(screen.getByRole('button', { name: MSG.buyNow }));

    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/giftcard/add/153/SL-GIFT-CARD-50/77/601'),
    );
    // The cart work's add: the parent's sku with the chosen amount, then kept in the browser.
    const add = view.api.calls.find((call) => call.method === 'POST' && call.path === `${CARTS}/items`);
    expect(add?.body).toEqual({
      cartItem: {
        sku: 'SL-GIFT-CARD',
        qty: 1,
        quote_id: 77,
        product_option: {
          extension_attributes: { configurable_item_options: [{ option_id: 216, option_value: 40 }] },
        },
      },
    });
    expect(getAppState().cartItems).toMatchObject([
      { sku: 'SL-GIFT-CARD-50', is_giftcard: true, item_id: 601 },
    ]);
    // Straight on to the recipient, not the cart popup.
    expect(getAppState().popup).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.giftCardRecipientHeading }),
    ).toBeVisible();
  });

  it('[ERR-05] a refused gift card stays on the product page with the out-of-stock popup', async () => {
    const view = browse(true);
    view.api.answer('POST', `${CARTS}/items`, () =>
      errorReply('PRODUCT_NOT_AVAILABLE', MSG.productNotAvailable),
    );
    await view.router.navigate('/product/153');
    await screen.findByRole('heading', { level: 1, name: 'Saltline Gift Card' });
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Gift Card Price' }), '$25');
    await view.user.click(screen.getByRole('button', { name: MSG.buyNow }));
    await waitFor(() => expect(getAppState().popup).toBe('out-of-stock'));
    expect(view.router.state.location.pathname).toBe('/product/153');
  });
});

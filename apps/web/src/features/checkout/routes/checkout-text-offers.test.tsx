import { textOffersWords } from '@quokka/contract/api/text-offers';
import { MSG } from '@quokka/contract/messages';
import { TEXT_OFFERS_MSG } from '@quokka/contract/text-offers-messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { aCapLine, signedInWithCart } from '../../cart/test/cart-factories';
import { CARTS, errorReply, fakeShopApi, NS } from '../../cart/test/fake-shop-api';
import { aSeller, aSimpleProduct } from '../../catalog/test/catalog-factories';

const PAYMENT_INFO = `${CARTS}/payment-information`;
const VISA = { id: 'pm_sandbox_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2028 };
const BUSH = aSeller({ id: 5, name: 'Bush Crafts', seller_url: 'bush-crafts', shop_url: 'bush-crafts' });
const SALTLINE_BOX = textOffersWords('Saltline Surf Co.');
const BUSH_BOX = textOffersWords('Bush Crafts');

/** A marketplace order: the Saltline cap and a Bush Crafts bowl. */
function twoSellers() {
  const api = fakeShopApi({
    savedCards: [VISA],
    products: [
      aSimpleProduct(),
      aSimpleProduct({ id: 21, sku: 'BC-BOWL', name: 'Bush Bowl', price: 20, seller: BUSH }),
    ],
  });
  api.answer('GET', `${NS}/getgiftcarddetailsbycart`, () => undefined);
  signedInWithCart([
    aCapLine(),
    aCapLine({
      id: 21,
      sku: 'BC-BOWL',
      name: 'Bush Bowl',
      qty: 1,
      price: 20,
      item_id: 502,
      cart_item: { sku: 'BC-BOWL', qty: 1, product_option: null },
      seller_id: 5,
      seller_url: 'bush-crafts',
    }),
  ]);
  return api;
}

async function openCheckout() {
  const view = renderApp('/checkout');
  await screen.findByRole('button', { name: MSG.confirmPurchase });
  return view;
}

function placedBody(api: ReturnType<typeof fakeShopApi>): Record<string, unknown> | undefined {
  return api.calls.find((call) => call.path === PAYMENT_INFO)?.body as Record<string, unknown> | undefined;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/checkout text offers', { timeout: 20_000 }, () => {
  it('[I29] each seller of the order has its own box, unticked, with what it means; untouched, the order carries none', async () => {
    const api = twoSellers();
    const { user, router } = await openCheckout();
    const saltline = screen.getByRole('checkbox', { name: SALTLINE_BOX });
    const bush = screen.getByRole('checkbox', { name: BUSH_BOX });
    expect(saltline).not.toBeChecked();
    expect(bush).not.toBeChecked();
    expect(saltline).toHaveAccessibleDescription(TEXT_OFFERS_MSG.checkoutHint);
    expect(bush).toHaveAccessibleDescription(TEXT_OFFERS_MSG.checkoutHint);
    // The boxes sit just above the pay bar, so they are read before Confirm Purchase.
    const payBar = screen.getByTestId('pay-bar');
    expect(bush.compareDocumentPosition(payBar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The seller of each line was asked once: no more calls than the products.
    expect(api.log().filter((entry) => entry === `GET ${NS}/seller`)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(placedBody(api)).toBeDefined();
    expect(placedBody(api)).not.toHaveProperty('text_offers');
  });

  it('[I29] the ticked sellers go with the order as text_offers, and the unticked ones do not', async () => {
    const api = twoSellers();
    const { user, router } = await openCheckout();
    await user.click(screen.getByRole('checkbox', { name: BUSH_BOX }));
    // Ticked and unticked again: not sent.
    await user.click(screen.getByRole('checkbox', { name: SALTLINE_BOX }));
    await user.click(screen.getByRole('checkbox', { name: SALTLINE_BOX }));
    expect(screen.getByRole('checkbox', { name: BUSH_BOX })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: SALTLINE_BOX })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(placedBody(api)?.text_offers).toEqual([5]);
  });

  it('[I29] a seller whose lookup fails is still offered, named by its seller_url', async () => {
    const api = twoSellers();
    api.answer('GET', `${NS}/seller`, (call) =>
      call.query.get('product_id') === '21' ? errorReply('NOT_FOUND', 'No such product') : undefined,
    );
    await openCheckout();
    expect(screen.getByRole('checkbox', { name: SALTLINE_BOX })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: textOffersWords('bush-crafts') })).not.toBeChecked();
  });

  it('[I29] one seller, one box; a ticked box gives that seller id', async () => {
    const api = fakeShopApi({ savedCards: [VISA] });
    api.answer('GET', `${NS}/getgiftcarddetailsbycart`, () => undefined);
    signedInWithCart([aCapLine()]);
    const { user, router } = await openCheckout();
    expect(screen.getAllByRole('checkbox', { name: /^Text me offers from / })).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: SALTLINE_BOX }));
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(placedBody(api)?.text_offers).toEqual([2]);
    // The single-seller page asks for its seller once, as before.
    expect(api.log().filter((entry) => entry === `GET ${NS}/seller`)).toHaveLength(1);
  });
});

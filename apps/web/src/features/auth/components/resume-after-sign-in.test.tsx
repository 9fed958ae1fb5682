import { MSG } from '@quokka/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getAppState, signIn } from '../../../lib/app-state';
import { rememberSignInIntent, SIGN_IN_INTENT_TTL_MS, type SignInAction } from '../../../lib/sign-in-intent';
import { pendingSignInIntent } from '../../../lib/sign-in-intent-schema';
import { renderApp } from '../../../test/render-app';
import { CARTS, errorReply, fakeShopApi } from '../../cart/test/fake-shop-api';
import { aTile } from '../../catalog/test/catalog-factories';

afterEach(() => sessionStorage.clear());

function remember(returnTo: string, action: SignInAction) {
  rememberSignInIntent({ returnTo, expiresAt: Date.now() + SIGN_IN_INTENT_TTL_MS, action });
}

describe('finishing what a sign-in interrupted', () => {
  it('[I11-5] [SHELL-12] signed in and back where they asked, the cart icon’s shopper gets the cart, once', async () => {
    remember('/terms', { kind: 'open-cart' });
    signIn('bearer-token');
    renderApp('/terms');
    expect(await screen.findByRole('dialog', { name: MSG.cartTitle })).toBeInTheDocument();
    expect(pendingSignInIntent()).toBeNull();
  });

  it('[I11-5] a tile of a product with options opens its page to choose them', async () => {
    remember('/terms', { kind: 'add-tile', tile: aTile({ id: 31, type_id: 'configurable' }) });
    signIn('bearer-token');
    const { router } = renderApp('/terms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/31'));
  });

  it('[I11-5] waits while the shopper is elsewhere (registering) or signed out', async () => {
    remember('/terms', { kind: 'open-cart' });
    const signedOut = renderApp('/terms');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: MSG.cartTitle })).not.toBeInTheDocument();
    signedOut.unmount();
    signIn('bearer-token');
    renderApp('/privacy');
    await screen.findAllByRole('heading', { level: 1 });
    expect(pendingSignInIntent()).not.toBeNull();
  });
});

describe('[I30] a checkout link: its item in the cart, then checkout', () => {
  /**
   * The adds made for the link, before checkout's own rebuild of the server cart (which empties it with
   * clearcart, then adds the browser's lines again) may start once /checkout has loaded.
   */
  const itemAdds = (api: ReturnType<typeof fakeShopApi>) => {
    const rebuild = api.calls.findIndex((call) => call.method === 'POST' && call.path.endsWith('/clearcart'));
    return (rebuild < 0 ? api.calls : api.calls.slice(0, rebuild)).filter(
      (call) => call.method === 'POST' && call.path === `${CARTS}/items`,
    );
  };

  it('[I30] on the product page the link’s variant goes into the cart as Add to Cart puts it, and checkout opens; opened again, the cart still holds one', async () => {
    const api = fakeShopApi();
    remember('/product/1', { kind: 'checkout-item', productId: 1, itemId: 161 });
    signIn('member-token');
    const first = renderApp('/product/1');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/checkout'));
    // Checkout's screen has loaded (no load left running when the test ends).
    await screen.findByRole('button', { name: MSG.confirmPurchase });
    expect(itemAdds(api).map((call) => call.body)).toEqual([
      {
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
      },
    ]);
    expect(getAppState().cartItems).toEqual([
      expect.objectContaining({ id: 1, sku: 'SL-TEE-WHITE-L', qty: 1 }),
    ]);
    expect(pendingSignInIntent()).toBeNull();
    first.unmount();
    api.calls.length = 0; // the second opening's calls only

    remember('/product/1', { kind: 'checkout-item', productId: 1, itemId: 161 });
    const again = renderApp('/product/1');
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/checkout'));
    await screen.findByRole('button', { name: MSG.confirmPurchase });
    // The cart already holds the choice: the link adds nothing more.
    expect(itemAdds(api)).toEqual([]);
    expect(getAppState().cartItems).toEqual([expect.objectContaining({ sku: 'SL-TEE-WHITE-L', qty: 1 })]);
  });

  it('[I30] sold out since the text: the product page stays, with Out of Stock, and the cart is unchanged', async () => {
    const api = fakeShopApi();
    api.answer('POST', `${CARTS}/items`, () => errorReply('PRODUCT_NOT_AVAILABLE', MSG.productNotAvailable));
    remember('/product/1', { kind: 'checkout-item', productId: 1, itemId: 161 });
    signIn('member-token');
    const { router } = renderApp('/product/1');
    expect(await screen.findByRole('dialog', { name: MSG.outOfStockTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/1');
    expect(getAppState().cartItems).toEqual([]);
  });

  it('[I30] an item that is no longer the product’s: nothing is added and the product page stays', async () => {
    const api = fakeShopApi();
    remember('/product/1', { kind: 'checkout-item', productId: 1, itemId: 999 });
    signIn('member-token');
    const { router } = renderApp('/product/1');
    await screen.findByRole('heading', { level: 1, name: 'Cottesloe Crew Tee' });
    await waitFor(() => expect(pendingSignInIntent()).toBeNull());
    expect(itemAdds(api)).toEqual([]);
    expect(router.state.location.pathname).toBe('/product/1');
  });
});

describe('a screen that needs a member', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('[I11-5] [ROLE-02] a gift card screen asks a visitor to sign in and comes back to it, with nothing else done', async () => {
    window.history.replaceState(null, '', '/giftcard/schedule/7');
    const visitor = renderApp('/giftcard/schedule/7');
    expect(await screen.findByRole('dialog', { name: MSG.mobilePopupTitle })).toBeInTheDocument();
    expect(pendingSignInIntent()).toMatchObject({
      returnTo: '/giftcard/schedule/7',
      action: { kind: 'stay' },
    });
    visitor.unmount();

    signIn('bearer-token');
    renderApp('/giftcard/schedule/7');
    await waitFor(() => expect(pendingSignInIntent()).toBeNull());
    expect(screen.queryByRole('dialog', { name: MSG.cartTitle })).not.toBeInTheDocument();
  });

  it('[I11-5] [ROLE-02] the checkout asks a visitor to sign in and comes back to it', async () => {
    window.history.replaceState(null, '', '/checkout');
    renderApp('/checkout');
    expect(await screen.findByRole('dialog', { name: MSG.mobilePopupTitle })).toBeInTheDocument();
    expect(pendingSignInIntent()).toMatchObject({ returnTo: '/checkout', action: { kind: 'stay' } });
  });
});

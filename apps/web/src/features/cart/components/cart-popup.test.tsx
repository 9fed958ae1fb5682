import { QTY_DEBOUNCE_MS } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppState, openPopup } from '../../../lib/app-state';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { renderApp } from '../../../test/render-app';
import { aCapLine, aCartItem, aTeeLine, signedInWithCart } from '../test/cart-factories';
import { CARTS, errorReply, fakeShopApi, NS } from '../test/fake-shop-api';

async function showCart() {
  const view = renderApp('/terms');
  act(() => openPopup('cart'));
  const popup = await screen.findByRole('dialog', { name: MSG.cartTitle });
  return { ...view, popup };
}

const puts = (api: ReturnType<typeof fakeShopApi>) => api.calls.filter((call) => call.method === 'PUT');

afterEach(() => {
  vi.useRealTimers();
});

describe('cart popup', () => {
  it('[SHELL-12] [SHELL-13] [SHELL-14] [CONST-12] [CONST-13] [SHIP-01] lines, the cheapest delivery, the total and the four buttons', async () => {
    fakeShopApi();
    signedInWithCart([aCapLine(), aTeeLine()]);
    const { popup } = await showCart();

    const lines = within(popup).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Saltline Trucker Cap');
    expect(within(lines[0] as HTMLElement).getByTestId('line-total')).toHaveTextContent('$70.00'); // 2 × $35
    expect(lines[1]).toHaveTextContent('Salt White · L');
    expect(within(lines[1] as HTMLElement).getByTestId('line-total')).toHaveTextContent('$45.00');

    // The cheapest of $14.95 and $9.95; total = $70 + $45 + $9.95.
    const delivery = within(popup).getByText(MSG.delivery).closest('div');
    await waitFor(() => expect(delivery).toHaveTextContent('$9.95'));
    expect(within(popup).getByText(MSG.total).closest('div')).toHaveTextContent('$124.95');

    for (const name of [MSG.checkout, MSG.keepShopping, MSG.closeWindow, MSG.clearCart]) {
      expect(within(popup).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it("[SHELL-13] 'Delivery' says 'Calculated at checkout' while the methods cannot be had", async () => {
    const api = fakeShopApi();
    api.answer('GET', `${NS}/shippingmethods`, () => errorReply('CART_NOT_FOUND', 'No cart'));
    signedInWithCart([aCapLine()]);
    const { popup } = await showCart();
    await waitFor(() => expect(api.log()).toContain(`GET ${NS}/shippingmethods`));
    expect(within(popup).getByText(MSG.delivery).closest('div')).toHaveTextContent(MSG.calculatedAtCheckout);
    expect(within(popup).getByText(MSG.total).closest('div')).toHaveTextContent('$70.00');
  });

  it("[SHELL-15] an empty cart says 'Cart is empty'", async () => {
    fakeShopApi();
    signedInWithCart([]);
    const { popup } = await showCart();
    expect(popup).toHaveTextContent(MSG.cartEmpty);
    expect(within(popup).queryByRole('button', { name: MSG.checkout })).not.toBeInTheDocument();
  });

  it('[CART-02] [CONST-02] quantity changes show at once and reach the server once, 1 second after the last tap', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeShopApi();
    signedInWithCart([aCapLine({ qty: 1 })]);
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
    const { popup, user } = await showCart();

    const plus = within(popup).getByRole('button', { name: `${MSG.increaseQuantity}, Saltline Trucker Cap` });
    await user.click(plus);
    await user.click(plus);
    // Shown at once: the line, and the header's count.
    expect(within(popup).getByTestId('line-total')).toHaveTextContent('$105.00');
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(getItem(STORAGE_KEYS.cartItems)?.[0]?.qty).toBe(3);

    act(() => vi.advanceTimersByTime(QTY_DEBOUNCE_MS / 2));
    expect(puts(api)).toHaveLength(0);
    act(() => vi.advanceTimersByTime(QTY_DEBOUNCE_MS));
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]?.path).toBe(`${CARTS}/items/501`);
    expect(puts(api)[0]?.body).toMatchObject({ cartItem: { qty: 3 } });
  });

  it('[CONST-11] the quantity stops at 1', async () => {
    fakeShopApi();
    signedInWithCart([aCapLine({ qty: 1 })]);
    const { popup } = await showCart();
    expect(
      within(popup).getByRole('button', { name: `${MSG.decreaseQuantity}, Saltline Trucker Cap` }),
    ).toBeDisabled();
  });

  it('[I11-3] [ERR-06] a refused quantity goes back to what the server holds and says why inside the line, the cart kept', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeShopApi();
    api.answer('PUT', `${CARTS}/items/501`, () => errorReply('QTY_NOT_AVAILABLE', MSG.qtyNotAvailable));
    signedInWithCart([aCapLine({ qty: 2 })]);
    const { popup, user } = await showCart();
    await user.click(
      within(popup).getByRole('button', { name: `${MSG.increaseQuantity}, Saltline Trucker Cap` }),
    );
    act(() => vi.advanceTimersByTime(QTY_DEBOUNCE_MS + 50));
    const line = within(popup).getByRole('listitem');
    expect(await within(line).findByRole('alert')).toHaveTextContent(MSG.qtyNotAvailable);
    expect(screen.queryByRole('dialog', { name: MSG.qtyNotAvailableTitle })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: MSG.cartTitle })).toBe(popup);
    expect(getAppState().cartItems[0]?.qty).toBe(2);
  });

  it("[ERR-06] a refusal that comes after the cart popup closed opens 'Qty not Available'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeShopApi();
    api.answer('PUT', `${CARTS}/items/501`, () => errorReply('QTY_NOT_AVAILABLE', MSG.qtyNotAvailable));
    signedInWithCart([aCapLine({ qty: 1 })]);
    const { popup, user } = await showCart();
    await user.click(
      within(popup).getByRole('button', { name: `${MSG.increaseQuantity}, Saltline Trucker Cap` }),
    );
    await user.click(within(popup).getByRole('button', { name: MSG.closeWindow }));
    act(() => vi.advanceTimersByTime(QTY_DEBOUNCE_MS + 50));
    const dialog = await screen.findByRole('dialog', { name: MSG.qtyNotAvailableTitle });
    expect(dialog).toHaveTextContent(MSG.qtyNotAvailable);
    expect(getAppState().cartItems[0]?.qty).toBe(1);
  });

  it("[I11-3] '+' stops at the stock the product reply gives, with 'Only 3 left'", async () => {
    fakeShopApi(); // the cap's product reply: qty 3
    signedInWithCart([aCapLine({ qty: 2 })]);
    const { popup, user } = await showCart();
    const plus = within(popup).getByRole('button', { name: `${MSG.increaseQuantity}, Saltline Trucker Cap` });
    expect(within(popup).queryByText('Only 3 left')).not.toBeInTheDocument();
    await user.click(plus);
    await waitFor(() => expect(plus).toBeDisabled());
    expect(within(popup).getByText('Only 3 left')).toBeInTheDocument();
    expect(plus).toHaveAccessibleDescription('Only 3 left');
    expect(getAppState().cartItems[0]?.qty).toBe(3);
  });

  it("[I11-4] [CART-04] 'Clear Cart' asks first: 'Keep Items' keeps everything and sends nothing", async () => {
    const api = fakeShopApi();
    signedInWithCart([aCapLine(), aTeeLine()]);
    const { popup, user, router } = await showCart();
    await user.click(within(popup).getByRole('button', { name: MSG.clearCart }));
    const question = within(popup).getByRole('group', { name: 'Remove all 3 items from your cart?' });
    expect(within(question).getByRole('button', { name: 'Keep Items' })).toHaveFocus();
    expect(getAppState().cartItems).toHaveLength(2);

    await user.click(within(question).getByRole('button', { name: 'Keep Items' }));
    expect(within(popup).queryByRole('group', { name: /Remove all/ })).not.toBeInTheDocument();
    await waitFor(() => expect(within(popup).getByRole('button', { name: MSG.clearCart })).toHaveFocus());
    expect(within(popup).getAllByRole('listitem')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/terms');
    expect(api.log()).not.toContain(`POST ${NS}/clearcart`);
  });

  it('[I11-4] [CART-04] [ROUTE-07] a confirmed Clear Cart empties both carts and goes to /browse', async () => {
    const api = fakeShopApi();
    signedInWithCart([aCapLine(), aTeeLine()]);
    const { popup, user, router } = await showCart();
    await user.click(within(popup).getByRole('button', { name: MSG.clearCart }));
    await user.click(within(popup).getByRole('button', { name: 'Yes, Clear Cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    await waitFor(() => expect(api.log()).toContain(`POST ${NS}/clearcart`));
    expect(getAppState().cartItems).toEqual([]);
    expect(getItem(STORAGE_KEYS.cartItems)).toEqual([]);
  });

  it('[CART-04] [ROUTE-07] removing the last line goes to /browse', async () => {
    const api = fakeShopApi();
    signedInWithCart([aCapLine()]);
    const { popup, user, router } = await showCart();
    await user.click(within(popup).getByRole('button', { name: `${MSG.removeItem} Saltline Trucker Cap` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(api.log()).toContain(`DELETE ${CARTS}/items/501`);
    expect(getAppState().cartItems).toEqual([]);
  });

  it('Checkout goes to /checkout; Keep Shopping to /browse; Close Window just closes', async () => {
    fakeShopApi();
    signedInWithCart([aCapLine()]);
    const { popup, user, router } = await showCart();
    await user.click(within(popup).getByRole('button', { name: MSG.closeWindow }));
    expect(screen.queryByRole('dialog', { name: MSG.cartTitle })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');

    act(() => openPopup('cart'));
    await user.click(
      within(await screen.findByRole('dialog', { name: MSG.cartTitle })).getByRole('button', {
        name: MSG.keepShopping,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));

    act(() => openPopup('cart'));
    await user.click(
      within(await screen.findByRole('dialog', { name: MSG.cartTitle })).getByRole('button', {
        name: MSG.checkout,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });
});

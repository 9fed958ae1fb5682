import { CHECKOUT_COUNTDOWN_S } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppState, loaderText } from '../../../lib/app-state';
import { anAddress } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { aCapLine, aTeeLine, signedInWithCart } from '../../cart/test/cart-factories';
import { type ApiCall, CARTS, errorReply, fakeShopApi, json, NS } from '../../cart/test/fake-shop-api';
import { aGiftCard } from '../../giftcards/test/gift-card-factories';
import { checkoutTimedOutNotice } from '../public';

const SHIPPING_INFO = '/rest/au/V1/carts/mine/shipping-information';
const PAYMENT_INFO = `${CARTS}/payment-information`;
const VISA = { id: 'pm_sandbox_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2028 };

async function openCheckout(
  options: Parameters<typeof fakeShopApi>[0] = {},
  lines = [aCapLine(), aTeeLine()],
) {
  const api = fakeShopApi(options);
  // Each gift card unit has its card, complete (checkout sends the shopper to finish one that is not).
  api.answer('GET', `${NS}/getgiftcarddetailsbycart`, () =>
    json({
      status: true,
      data: lines
        .filter((line) => line.is_giftcard)
        .map((line, index) => aGiftCard({ id: 70 + index, configurable_product_sku: line.sku ?? '' })),
    }),
  );
  signedInWithCart(lines);
  const view = renderApp('/checkout');
  await screen.findByRole('button', { name: MSG.confirmPurchase });
  return { api, ...view };
}

const changes = (api: ReturnType<typeof fakeShopApi>) =>
  api.log((call: ApiCall) => call.method !== 'GET' && !call.path.endsWith('/places'));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type User = Awaited<ReturnType<typeof openCheckout>>['user'];

/** Types an address into the open 'Add New Address' form by hand; 'Save Address' is not tapped. */
async function typeAddress(
  user: User,
  parts: { street: string; suburb: string; state: string; postcode: string },
): Promise<void> {
  const form = screen.getByRole('form', { name: MSG.addNewAddress });
  await user.click(within(form).getByRole('button', { name: MSG.enterAddressManually }));
  await user.type(within(form).getByLabelText(MSG.streetAddressLabel), parts.street);
  await user.type(within(form).getByLabelText(MSG.suburbLabel), parts.suburb);
  await user.selectOptions(within(form).getByLabelText(MSG.stateLabel), parts.state);
  if (parts.postcode) await user.type(within(form).getByLabelText(MSG.postcodeLabel), parts.postcode);
}

async function typeCard(user: User, number: string): Promise<void> {
  await user.type(screen.getByLabelText(MSG.cardNumberLabel), number);
  await user.type(screen.getByLabelText(MSG.cardExpiryLabel), '1234');
  await user.type(screen.getByLabelText(MSG.cardCvcLabel), '123');
}

/** The address the order's shipping information went to. */
function shippedTo(api: ReturnType<typeof fakeShopApi>): unknown {
  const call = api.calls.find((entry) => entry.path === SHIPPING_INFO);
  return (call?.body as { addressInformation: { shipping_address: unknown } } | undefined)?.addressInformation
    .shipping_address;
}

/** The member's default address in the fake shop (customer_address_id 31). */
const OCEAN_ST = {
  id: 31,
  firstname: 'Ada',
  lastname: 'Banksia',
  street: ['5 Ocean St', 'Level 2'],
  city: 'Bondi',
  postcode: '2026',
  default_shipping: true,
  default_billing: true,
};

describe('/checkout on arrival', () => {
  it('[ROUTE-18] [CART-05] [CART-06] [API-23] the server cart is emptied, then rebuilt line by line from the browser', async () => {
    const { api } = await openCheckout();
    const adds = api.calls.filter((call) => call.method === 'POST' && call.path === `${CARTS}/items`);
    expect(changes(api).slice(0, 4)).toEqual([
      `POST ${NS}/clearcart`,
      `POST ${CARTS}`,
      `POST ${CARTS}/items`,
      `POST ${CARTS}/items`,
    ]);
    expect(adds.map((call) => call.body)).toEqual([
      { cartItem: { sku: 'SL-SALTLINE-TRUCKER-CAP', qty: 2, quote_id: 77 } },
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
    // The browser's lines now carry the new server line ids.
    expect(getAppState().cartItems.map((line) => line.item_id)).toEqual([601, 602]);
  });

  it('[ERR-07] a clear cart answering 404 carries on as if there was no cart', async () => {
    const { api } = await openCheckout({ hasCart: false });
    expect(changes(api).slice(0, 2)).toEqual([`POST ${NS}/clearcart`, `POST ${CARTS}`]);
    expect(api.state.lines).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[I13-checkout] [CHKF-01] calls that do not wait for each other go out together: saved cards and the seller beside the rebuild, the delivery beside the products, one estimate in all', async () => {
    const api = fakeShopApi({ savedCards: [VISA] });
    let releaseClear: () => void = () => {};
    const clearHeld = new Promise<void>((resolve) => {
      releaseClear = resolve;
    });
    api.answer('POST', `${NS}/clearcart`, async () => {
      await clearHeld;
      return undefined;
    });
    const estimate = `POST ${CARTS}/estimate-shipping-methods-by-address-id`;
    // The gift cards answer only once the delivery has been asked for (or after 3 s): a page that asks
    // for it after it opens cannot pass.
    api.answer('GET', `${NS}/getgiftcarddetailsbycart`, async () => {
      const started = Date.now();
      while (!api.log().includes(estimate) && Date.now() - started < 3000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return json({ status: true, data: [] });
    });
    signedInWithCart([aCapLine()]);
    renderApp('/checkout');
    // While the server cart is still being emptied, the saved cards and the seller are already asked for.
    await waitFor(() => expect(api.log()).toContain(`GET ${NS}/savedcards`));
    await waitFor(() => expect(api.log()).toContain(`GET ${NS}/seller`));
    expect(api.log()).not.toContain(`POST ${CARTS}`);
    releaseClear();
    await screen.findByRole('button', { name: MSG.confirmPurchase });
    const log = api.log();
    const giftCardsAnswered = log.indexOf(`GET ${NS}/getgiftcarddetailsbycart`);
    expect(log.indexOf(estimate)).toBeGreaterThan(log.indexOf(`GET ${CARTS}`));
    expect(giftCardsAnswered).toBeGreaterThan(-1);
    // The page opens with the delivery in its total, and never asks for it again.
    expect(screen.getByTestId('pay-bar')).toHaveTextContent('$');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.log().filter((entry) => entry === estimate)).toHaveLength(1);
    expect(api.log().filter((entry) => entry === `GET ${NS}/seller`)).toHaveLength(1);
  });

  it('[CHKF-01] [SHELL-11] the loader stays until the saved cards (the last to answer) are in', async () => {
    const api = fakeShopApi();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.answer('GET', `${NS}/savedcards`, async () => {
      await held;
      return undefined;
    });
    signedInWithCart([aCapLine()]);
    renderApp('/checkout');
    await waitFor(() => expect(api.log()).toContain(`GET ${NS}/savedcards`));
    await waitFor(() => expect(api.log()).toContain(`GET ${CARTS}/items`));
    expect(loaderText(getAppState())).toBe(MSG.fetchingCart);
    expect(screen.queryByRole('button', { name: MSG.confirmPurchase })).not.toBeInTheDocument();
    release();
    await screen.findByRole('button', { name: MSG.confirmPurchase });
    expect(loaderText(getAppState())).toBeNull();
    expect(api.log()).toEqual(
      expect.arrayContaining([`GET ${CARTS}`, `GET ${CARTS}/items`, `GET ${NS}/seller`]),
    );
  });

  it('[CHK-01] [CHK-02] [CHKF-08] [CHKF-09] [CONST-05] [I11-6] Confirm in counts down from 3:00 by the pay button; at 0 the seller profile opens and is told why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = await openCheckout();
    expect(CHECKOUT_COUNTDOWN_S).toBe(180);
    const timer = within(screen.getByTestId('pay-bar')).getByRole('timer');
    expect(timer).toHaveTextContent(`${MSG.confirmIn} 3:00`);
    expect(timer).toHaveAccessibleName(`${MSG.confirmIn} 3 minutes`);
    expect(screen.getByRole('img', { name: 'Saltline Surf Co.' })).toHaveAttribute(
      'src',
      '/media/sellers/saltline-logo.svg',
    );
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('timer')).toHaveTextContent(/^Confirm in 2:[45]\d$/);
    act(() => vi.advanceTimersByTime(CHECKOUT_COUNTDOWN_S * 1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sellerprofile/saltline-surf-co'));
    expect(checkoutTimedOutNotice(router.state.location.state)).toBe(
      'Your checkout timed out — your cart is saved',
    );
    expect(getAppState().cartItems).toHaveLength(2);
  });

  it('[I11-6] at 30 seconds the chip warns, once aloud; a failed Confirm Purchase does not start it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openCheckout();
    act(() => vi.advanceTimersByTime(60_000));
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await within(screen.getByTestId('pay-bar')).findByText(MSG.enterCard);
    act(() => vi.advanceTimersByTime(1_000));
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent(/^Confirm in 1:5\d$/);
    expect(timer).not.toHaveClass('countdown--urgent');
    expect(screen.getByRole('status', { name: '' })).toBeEmptyDOMElement();

    act(() => vi.advanceTimersByTime(CHECKOUT_COUNTDOWN_S * 1000 - 60_000 - 1_000 - 30_000));
    expect(timer).toHaveTextContent('Confirm in 0:30');
    expect(timer).toHaveClass('countdown--urgent');
    expect(within(screen.getByTestId('pay-bar')).getByRole('status')).toHaveTextContent(
      '30 seconds left to confirm your purchase.',
    );
  });

  it('[I11-6] an address typed when time runs out is there again when the shopper comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = await openCheckout();
    await user.click(screen.getByRole('button', { name: MSG.addNew }));
    const form = screen.getByRole('form', { name: MSG.addNewAddress });
    await user.click(within(form).getByRole('button', { name: MSG.enterAddressManually }));
    await user.type(within(form).getByLabelText(MSG.streetAddressLabel), '5 Hay St');
    await user.type(within(form).getByLabelText(MSG.suburbLabel), 'Perth');
    act(() => vi.advanceTimersByTime(CHECKOUT_COUNTDOWN_S * 1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sellerprofile/saltline-surf-co'));

    await act(() => router.navigate('/checkout'));
    const again = await screen.findByRole('form', { name: MSG.addNewAddress });
    expect(within(again).getByLabelText(MSG.streetAddressLabel)).toHaveValue('5 Hay St');
    expect(within(again).getByLabelText(MSG.suburbLabel)).toHaveValue('Perth');
    expect(within(again).getByLabelText(MSG.fullNameLabel)).toHaveValue('Ada Banksia');
    expect(screen.getByRole('timer')).toHaveTextContent('Confirm in 3:00');
  });

  it('[CHK-03] [CHK-08] [CHK-09] [CHK-10] [CHK-13] [CHK-14] [CHK-15] [CHK-16] [SHIP-01] [DATA-36] summary, addresses, saved cards and the card field', async () => {
    const { user } = await openCheckout({
      addresses: [
        anAddress(OCEAN_ST),
        anAddress({
          ...OCEAN_ST,
          id: 32,
          street: ['9 Hill Rd'],
          city: 'Manly',
          postcode: '2095',
          default_shipping: false,
        }),
      ],
      savedCards: [VISA],
    });
    const summary = screen.getByRole('region', { name: MSG.orderSummary });
    expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    expect(summary).toHaveTextContent('2 × $35.00');
    expect(within(summary).getByText(MSG.subtotal).closest('div')).toHaveTextContent('$115.00');
    // [SHIP-01] The cheaper of $14.95 and $9.95, for the chosen address.
    await waitFor(() =>
      expect(within(summary).getByText(MSG.delivery).closest('div')).toHaveTextContent('$9.95'),
    );
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('$124.95');

    const shipping = screen.getByRole('region', { name: MSG.shippingInformation });
    const radios = within(shipping).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[0]).toBeChecked(); // the default shipping address
    expect(shipping).toHaveTextContent('5 Ocean St');
    expect(shipping).not.toHaveTextContent('Level 2'); // only the street's first line
    // [I11-19] The '+' is drawn, not read.
    expect(within(shipping).getByRole('button', { name: MSG.addNew })).toHaveAccessibleName('Add New');
    expect(within(screen.getByTestId('pay-bar')).getByText(/^Ship to:/)).toHaveTextContent(
      'Ship to: 5 Ocean St, Bondi',
    );
    await user.click(radios[1] as HTMLElement);
    expect(within(screen.getByTestId('pay-bar')).getByText(/^Ship to:/)).toHaveTextContent(
      'Ship to: 9 Hill Rd, Manly',
    );

    const payment = screen.getByRole('region', { name: MSG.paymentInformation });
    // [I11-19] [ACCT-15] '**4242' as the account shows it; heard as 'ending in 4242'.
    const saved = within(payment).getByRole('radio', { name: /^Visa ending in 4242/ });
    expect(saved).toBeChecked();
    expect(saved.closest('label')).toHaveTextContent('**4242');
    expect(payment).toHaveTextContent(`${MSG.cardExpires} 12/28`);
    await user.click(within(payment).getByRole('radio', { name: MSG.addNewCard }));
    expect(within(payment).getByLabelText(MSG.cardNumberLabel)).toBeInTheDocument();
    expect(within(payment).getByLabelText(MSG.saveCard)).not.toBeChecked();
  });
});

describe('Confirm Purchase', () => {
  it('[CHKF-10] [VAL-31] [VAL-32] without an address and a card nothing is sent and both messages show', async () => {
    const { api, user } = await openCheckout({ addresses: [] });
    const before = api.calls.length;
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    const payBar = screen.getByTestId('pay-bar');
    expect(await within(payBar).findByRole('alert')).toHaveTextContent(MSG.completeShipping);
    const form = screen.getByRole('form', { name: MSG.addNewAddress });
    expect(within(form).getByText(MSG.missingStreet)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: MSG.paymentInformation })).getByText(MSG.enterCard),
    ).toBeInTheDocument();
    expect(api.calls.slice(before).filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('[I11-1] [CHK-12] a member with no saved address buys with the address typed: Confirm saves it and ships there', async () => {
    const { api, user, router } = await openCheckout({ addresses: [] });
    await typeAddress(user, { street: '5 Hay St', suburb: 'Perth', state: 'WA', postcode: '6000' });
    await typeCard(user, '4242424242424242');
    const payBar = screen.getByTestId('pay-bar');
    expect(payBar).toHaveTextContent('$115.00'); // no delivery yet: no address to deliver to
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    // Saved; the delivery to it is new, so the shopper sees the new total before paying it.
    expect(await within(payBar).findByRole('alert')).toHaveTextContent(
      'Delivery here is $9.95: your total is $124.95. Tap Confirm Purchase to pay.',
    );
    expect(within(payBar).getByText(/^Ship to:/)).toHaveTextContent('Ship to: 5 Hay St, Perth');
    expect(api.calls.some((call) => call.path === PAYMENT_INFO)).toBe(false);
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const writes = api.calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path}`);
    expect(writes.slice(-2)).toEqual([`POST ${SHIPPING_INFO}`, `POST ${PAYMENT_INFO}`]);
    expect(writes).toContain('PUT /rest/default/V1/customers/me');
    expect(shippedTo(api)).toMatchObject({ street: ['5 Hay St'], city: 'Perth', postcode: '6000' });
  });

  it('[I11-1] an address typed and not saved is never passed over for the default: complete, it is saved and shipped to', async () => {
    const { api, user, router } = await openCheckout();
    await user.click(screen.getByRole('button', { name: MSG.addNew }));
    const payBar = screen.getByTestId('pay-bar');
    expect(within(payBar).getByText(/^Ship to:/)).toHaveTextContent('Ship to: the new address above');
    await typeAddress(user, { street: '5 Hay St', suburb: 'Perth', state: 'WA', postcode: '6000' });
    await typeCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.stringify(put?.body)).toContain('5 Hay St');
    expect(shippedTo(api)).toMatchObject({ street: ['5 Hay St'], city: 'Perth', customer_address_id: 901 });
  });

  it('[I11-1] [I11-7] an address typed and incomplete stops Confirm: its messages, focus on its first wrong field, the summary by the pay button, nothing sent', async () => {
    const { api, user } = await openCheckout({ savedCards: [VISA] });
    await user.click(screen.getByRole('button', { name: MSG.addNew }));
    await typeAddress(user, { street: '5 Hay St', suburb: 'Perth', state: 'WA', postcode: '' });
    const before = api.calls.length;
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    const form = screen.getByRole('form', { name: MSG.addNewAddress });
    expect(await within(form).findByText(MSG.missingPostcode)).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(MSG.postcodeLabel)).toHaveFocus());
    expect(within(screen.getByTestId('pay-bar')).getByRole('alert')).toHaveTextContent(MSG.completeShipping);
    expect(api.calls.slice(before).filter((call) => call.method !== 'GET')).toEqual([]);
    // Typing again takes the summary away.
    await user.type(within(form).getByLabelText(MSG.postcodeLabel), '6');
    expect(within(screen.getByTestId('pay-bar')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('[CHKF-11] [CHKF-12] [CHKF-13] [CHKF-15] [API-27] [API-28] [API-29] [API-36] with a saved card: shipping, payment, success lookup, in that order, then /success', async () => {
    const { api, user, router } = await openCheckout({ savedCards: [VISA] });
    const before = api.calls.length;
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(visited).not.toContain('/browse'); // straight to /success, not via an empty cart

    const sequence = api.calls
      .slice(before)
      .filter((call) => !call.path.endsWith('/estimate-shipping-methods-by-address-id'));
    expect(sequence.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET ${CARTS}/items`, // [I11-2] the server cart still holds what the shopper sees
      `POST ${SHIPPING_INFO}`,
      `POST ${PAYMENT_INFO}`,
      `GET ${NS}/checkoutsuccess`,
    ]);
    const [, shipping, payment] = sequence;
    expect(shipping?.body).toMatchObject({
      addressInformation: {
        shipping_address: { customer_address_id: 31 },
        shipping_carrier_code: 'flatrate',
        shipping_method_code: 'standard',
      },
    });
    expect(payment?.body).toMatchObject({
      paymentMethod: {
        method: 'stripe_payments',
        additional_data: { cc_save: false, token: 'pm_sandbox_1' },
      },
    });
    expect(JSON.stringify(payment?.body)).not.toMatch(/price|grand_total/);
    expect(payment?.headers['idempotency-key']).toMatch(/^checkout-/);
    expect(payment?.headers.authorization).toBe('Bearer member-token');

    expect(await screen.findByRole('heading', { name: MSG.thankYou })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('000000100');
    expect(getAppState().cartItems).toEqual([]);
  });

  it('[CHK-15] [API-29] a new card becomes its test payment method id in the browser; Save card sends cc_save', async () => {
    const { api, user, router } = await openCheckout();
    const payment = screen.getByRole('region', { name: MSG.paymentInformation });
    expect(within(payment).getByRole('radio', { name: MSG.addNewCard })).toBeChecked();
    await user.type(within(payment).getByLabelText(MSG.cardNumberLabel), '4242424242424242');
    await user.type(within(payment).getByLabelText(MSG.cardExpiryLabel), '1234');
    await user.type(within(payment).getByLabelText(MSG.cardCvcLabel), '123');
    await user.click(within(payment).getByLabelText(MSG.saveCard));
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const placed = api.calls.find((call) => call.path === PAYMENT_INFO);
    expect(placed?.body).toMatchObject({
      paymentMethod: { additional_data: { cc_save: true, token: 'pm_card_visa' } },
    });
    expect(JSON.stringify(api.calls.map((call) => call.body))).not.toContain('4242424242424242');
  });

  it('[VAL-33] a card the field cannot take is refused on the field, before anything is sent', async () => {
    const { api, user } = await openCheckout();
    const before = api.calls.length;
    await user.type(screen.getByLabelText(MSG.cardNumberLabel), '4242424242424241');
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    const payment = screen.getByRole('region', { name: MSG.paymentInformation });
    expect(await within(payment).findByText(MSG.cardNumberInvalid)).toBeInTheDocument();
    expect(api.calls.slice(before).filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('[ERR-08] [VAL-33] a declined card: the payment error and the reason on the card field; still at checkout with the cart', async () => {
    const { user, router } = await openCheckout();
    await user.type(screen.getByLabelText(MSG.cardNumberLabel), '4000000000000002');
    await user.type(screen.getByLabelText(MSG.cardExpiryLabel), '1234');
    await user.type(screen.getByLabelText(MSG.cardCvcLabel), '123');
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    const payment = screen.getByRole('region', { name: MSG.paymentInformation });
    const error = await within(payment).findByRole('alert');
    expect(error).toHaveTextContent(MSG.paymentError);
    expect(error).toHaveTextContent('Your card was declined.');
    expect(screen.getByLabelText(MSG.cardNumberLabel)).toHaveAttribute('aria-describedby', error.id);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(getAppState().cartItems).toHaveLength(2);
    expect(screen.getByRole('button', { name: MSG.confirmPurchase })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // [I11-7] Focus on the card field, never <body>; the summary beside the pay button.
    await waitFor(() => expect(screen.getByLabelText(MSG.cardNumberLabel)).toHaveFocus());
    expect(within(screen.getByTestId('pay-bar')).getByRole('alert')).toHaveTextContent(MSG.paymentError);
  });

  it("[I11-7] [VAL-31] 'Please enter a Card for Payment': the card number takes focus and the pay bar says it", async () => {
    const { user } = await openCheckout();
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    const payBar = screen.getByTestId('pay-bar');
    expect(await within(payBar).findByRole('alert')).toHaveTextContent(MSG.enterCard);
    await waitFor(() => expect(screen.getByLabelText(MSG.cardNumberLabel)).toHaveFocus());
    await user.type(screen.getByLabelText(MSG.cardNumberLabel), '4');
    expect(within(payBar).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('[I12-5] [I12-12] a placement the server did not act on (429) says how long to wait, charges nothing, and the next press sends the same attempt', async () => {
    const { api, user, router } = await openCheckout({ savedCards: [VISA] });
    const message = 'Too many requests. Please wait 60 seconds and try again.';
    let refusals = 1;
    api.answer('POST', PAYMENT_INFO, () => {
      if (refusals-- <= 0) return undefined; // the fake shop places the order
      return new Response(JSON.stringify({ message, code: 'TOO_MANY_REQUESTS' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '60' },
      });
    });
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    const payBar = screen.getByTestId('pay-bar');
    expect(await within(payBar).findByText(message)).toBeInTheDocument();
    // Not a card error, and the shopper keeps everything.
    expect(screen.queryByText(MSG.paymentError)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(getAppState().cartItems).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const keys = api.calls
      .filter((call) => call.path === PAYMENT_INFO)
      .map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^checkout-/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('[I12-12] after a declined card the next press is a new attempt with a new key', async () => {
    const { api, user } = await openCheckout();
    await typeCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    const payment = screen.getByRole('region', { name: MSG.paymentInformation });
    expect(await within(payment).findByRole('alert')).toHaveTextContent(MSG.paymentError);
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(api.calls.filter((call) => call.path === PAYMENT_INFO)).toHaveLength(2));
    const [first, second] = api.calls
      .filter((call) => call.path === PAYMENT_INFO)
      .map((call) => call.headers['idempotency-key']);
    expect(first).toMatch(/^checkout-/);
    expect(second).toMatch(/^checkout-/);
    expect(second).not.toBe(first);
  });

  it('[ERR-09] [CHKF-16] no response from the order placement is treated as placed', async () => {
    const { api, user, router } = await openCheckout({ savedCards: [VISA] });
    api.answer('POST', PAYMENT_INFO, () => {
      api.state.orders.push('100');
      throw new TypeError('Failed to fetch');
    });
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(api.log()).toContain(`GET ${NS}/checkoutsuccess`);
    expect(getAppState().offline).toBe(false);
    expect(await screen.findByTestId('order-number')).toHaveTextContent('000000100');
  });

  it('[CHKF-14] a cart with a gift card saves the gift card order after the success lookup', async () => {
    const gift = aTeeLine({
      id: 153,
      name: 'Saltline Gift Card',
      sku: 'SL-GIFT-CARD-50',
      is_giftcard: true,
      price: 50,
      cart_item: {
        sku: 'SL-GIFT-CARD',
        qty: 1,
        product_option: {
          extension_attributes: { configurable_item_options: [{ option_id: 216, option_value: 40 }] },
        },
      },
      options: {
        gift_card_price: {
          option_id: 216,
          option_value: 40,
          option_title: '$50',
          option_label: 'Gift Card Price',
        },
      },
    });
    const { api, user, router } = await openCheckout({ savedCards: [VISA] }, [aCapLine(), gift]);
    let callsBefore: string[] = [];
    api.answer('POST', `${NS}/savegiftcardorderbycart`, () => {
      callsBefore = api.log();
      return json({ status: true, order_id: '100', data: [] });
    });
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const saved = api.calls.filter((call) => call.path === `${NS}/savegiftcardorderbycart`);
    expect(saved.map((call) => call.body)).toEqual([
      { r_token: expect.any(String), cart_id: 77, order_id: '100' },
    ]);
    // Step 5 runs after step 4.
    expect(callsBefore.at(-2)).toBe(`GET ${NS}/checkoutsuccess`);
    expect(callsBefore.at(-1)).toBe(`POST ${NS}/savegiftcardorderbycart`);
  });

  it("[ERR-10] a gift card order that cannot be saved says 'Error Processing' and still goes to /success", async () => {
    const gift = aTeeLine({ is_giftcard: true });
    const { api, user, router } = await openCheckout({ savedCards: [VISA] }, [gift]);
    api.answer('POST', `${NS}/savegiftcardorderbycart`, () => errorReply('NOT_FOUND', 'save failed'));
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const popup = await screen.findByRole('dialog', { name: MSG.giftCardSaveErrorTitle });
    expect(popup).toHaveTextContent(MSG.giftCardSaveErrorText);
    // [I11-12] and says how to contact support.
    expect(popup).toHaveTextContent('Email support@example.com or call 1300 975 707.');
  });
});

describe('Add New Address', () => {
  it('[CHK-11] [CHK-12] [VAL-20] [VAL-21] [VAL-24] [VAL-25] [VAL-26] [VAL-28] [VAL-29] [VAL-30] an empty form shows every message and reveals the manual fields', async () => {
    const { user } = await openCheckout();
    await user.click(screen.getByRole('button', { name: MSG.addNew }));
    const form = screen.getByRole('form', { name: MSG.addNewAddress });
    expect(within(form).queryByLabelText(MSG.streetAddressLabel)).not.toBeInTheDocument();
    await user.clear(within(form).getByLabelText(MSG.fullNameLabel));
    await user.clear(within(form).getByLabelText(MSG.mobileLabel));
    await user.click(within(form).getByRole('button', { name: MSG.saveAddress }));
    for (const message of [
      MSG.validMobile,
      MSG.fullName,
      MSG.missingStreet,
      MSG.missingSuburb,
      MSG.missingState,
      MSG.missingPostcode,
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument();
    }
    expect(within(form).getByLabelText(MSG.streetAddressLabel)).toBeVisible();
    expect(within(form).getByRole('combobox', { name: MSG.addressSearchLabel })).toHaveFocus();
    // [VAL-30] Australia is the only country.
    expect(
      within(within(form).getByLabelText(MSG.countryLabel))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['AU']);
  });

  it('[CHK-12] [VAL-22] [VAL-23] Save Address adds it to the address book (PUT customers/me) and chooses it', async () => {
    const { api, user } = await openCheckout();
    await user.click(screen.getByRole('button', { name: MSG.addNew }));
    const form = screen.getByRole('form', { name: MSG.addNewAddress });
    await user.clear(within(form).getByLabelText(MSG.fullNameLabel));
    await user.type(within(form).getByLabelText(MSG.fullNameLabel), 'Ada Lovelace Banksia');
    await user.click(within(form).getByRole('button', { name: MSG.enterAddressManually }));
    await user.type(within(form).getByLabelText(MSG.streetAddressLabel), '12 King St');
    await user.type(within(form).getByLabelText(MSG.suburbLabel), 'Newtown');
    await user.selectOptions(within(form).getByLabelText(MSG.stateLabel), 'NSW');
    await user.type(within(form).getByLabelText(MSG.postcodeLabel), '2042');
    await user.click(within(form).getByRole('button', { name: MSG.saveAddress }));

    await waitFor(() =>
      expect(screen.queryByRole('form', { name: MSG.addNewAddress })).not.toBeInTheDocument(),
    );
    const put = api.calls.find(
      (call) => call.method === 'PUT' && call.path === '/rest/default/V1/customers/me',
    );
    const sent =
      (put?.body as { customer: { addresses: Record<string, unknown>[] } } | undefined)?.customer.addresses ??
      [];
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ id: 31 });
    expect(sent[1]).toMatchObject({
      firstname: 'Ada',
      lastname: 'Lovelace Banksia',
      street: ['12 King St'],
      city: 'Newtown',
      postcode: '2042',
      region_id: 570,
      country_id: 'AU',
    });
    const chosen = within(screen.getByRole('region', { name: MSG.shippingInformation })).getByRole('radio', {
      checked: true,
    });
    expect(chosen.closest('label')).toHaveTextContent('12 King St');
  });
});

import type { GiftCardDetails } from '@quokka/contract/api/giftcards';
import { CHECKOUT_GIFT_CARD_IMAGE_PX } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../lib/app-state';
import { SANDBOX_R_TOKEN } from '../../lib/captcha';
import type { StoredCartItem } from '../../lib/storage';
import { renderApp } from '../../test/render-app';
import { aCapLine, signedInWithCart } from '../cart/test/cart-factories';
import { CARTS, json, NS } from '../cart/test/fake-shop-api';
import { aGiftCardProduct, aSimpleProduct } from '../catalog/test/catalog-factories';
import { GiftCardPanel } from './components/gift-card-panel';
import { fakeGiftCardApi } from './test/fake-gift-card-api';
import { aGiftCard, aGiftCardLine } from './test/gift-card-factories';

const VISA = { id: 'pm_sandbox_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2028 };
const CAP = aSimpleProduct({ id: 14, name: 'Saltline Trucker Cap', sku: 'SL-SALTLINE-TRUCKER-CAP', qty: 50 });

async function openCheckout(cards: GiftCardDetails[], lines: StoredCartItem[] = [aGiftCardLine()]) {
  const api = fakeGiftCardApi({ cards, savedCards: [VISA], products: [CAP, aGiftCardProduct()] });
  signedInWithCart(lines);
  const view = renderApp('/checkout');
  return { api, ...view };
}

async function ready() {
  await screen.findByRole('button', { name: MSG.confirmPurchase });
}

function renderPanel(cards: GiftCardDetails[]) {
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <GiftCardPanel cards={cards} editFirst={null} /> },
      { path: '/giftcard/edit/:id', element: <p>edit screen</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { router, user };
}

describe('the checkout gift card panel', () => {
  it('[CHK-04] [CHK-05] [CHK-07] [GIFT-17] [CONST-10] each card shows To, Mobile, Image 150px wide, Message, Send Time and Edit', async () => {
    await openCheckout([aGiftCard()]);
    await ready();
    const card = await screen.findByTestId('gift-card');
    expect(within(card).getByText(MSG.giftPanelTo).nextSibling).toHaveTextContent('Ava Nguyen');
    expect(within(card).getByText(MSG.giftPanelMobile).nextSibling).toHaveTextContent('0412 345 678');
    const image = within(card).getByRole('img');
    expect(image).toHaveAttribute('src', '/media/templates/gift-birthday.png');
    expect(image).toHaveAttribute('width', String(CHECKOUT_GIFT_CARD_IMAGE_PX));
    expect(image.style.width).toBe('150px');
    expect(within(card).getByText(MSG.giftMessageHeading).nextSibling).toHaveTextContent('Happy birthday!');
    expect(within(card).getByTestId('gift-card-send-time')).toHaveTextContent(
      /22 Nov 2031,? 10:00\s?am \(Sydney\)/,
    );
    expect(within(card).getByRole('button', { name: /^Edit/ })).toHaveTextContent(MSG.edit);
  });

  it("[CHK-04] 'Show/Hide Gift Cards' hides and shows the cards", async () => {
    const { user } = await openCheckout([aGiftCard()]);
    await ready();
    const toggle = await screen.findByRole('button', { name: MSG.showHideGiftCards });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('gift-card')).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('gift-card')).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByTestId('gift-card')).toBeVisible();
  });

  it("[CHK-06] a card without a send time shows 'NOT SET'", () => {
    renderPanel([aGiftCard({ scheduled_delivery: null, delivery_timezone: null })]);
    expect(screen.getByTestId('gift-card-send-time')).toHaveTextContent(MSG.notSet);
  });

  it('[CHK-07] Edit opens the recipient form of that card', async () => {
    const { user, router } = renderPanel([aGiftCard({ id: 12 })]);
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    expect(router.state.location.pathname).toBe('/giftcard/edit/12');
  });

  it('a cart without gift cards shows no panel, even when the gift card list cannot be read', async () => {
    const { api } = await openCheckout([], [aCapLine()]);
    api.answer('GET', `${NS}/getgiftcarddetailsbycart`, () =>
      json({ message: 'Not found', code: 'NOT_FOUND' }, 404),
    );
    await ready();
    expect(screen.queryByRole('button', { name: MSG.showHideGiftCards })).not.toBeInTheDocument();
    expect(getAppState().unexpectedError).toBe(false);
  });
});

describe('reconciliation on arrival', () => {
  it('[CHKF-02] [CHKF-03] [API-39] [API-42] cards beyond the units in the cart are deleted: the most complete and oldest stay', async () => {
    const { api } = await openCheckout([
      aGiftCard({ id: 7, scheduled_delivery: null, valid_until: null }),
      aGiftCard({ id: 8 }),
      aGiftCard({ id: 9 }),
      aGiftCard({ id: 11, configurable_product_sku: 'SL-GIFT-CARD-25', cart_item_id: 602 }),
    ]);
    await ready();
    expect(
      api.calls.find((call) => call.path === `${NS}/getgiftcarddetailsbycart`)?.query.get('cart_id'),
    ).toBe('77');
    const deletes = api.calls.filter((call) => call.path === `${NS}/deletegiftcarddetailsbycartitemid`);
    expect(deletes.map((call) => call.body)).toEqual([
      { cart_id: 77, cart_item_id: 601, gift_card_details_id: 9 },
      { cart_id: 77, cart_item_id: 601, gift_card_details_id: 7 },
      { cart_id: 77, cart_item_id: 602, gift_card_details_id: 11 },
    ]);
    expect([...api.gift.cards.keys()]).toEqual([8]);
    expect(screen.getAllByTestId('gift-card')).toHaveLength(1);
  });

  it('[CHKF-02] [CHKF-04] units without a card leave the cart, in the browser and on the server', async () => {
    const { api } = await openCheckout(
      [aGiftCard({ id: 7 })],
      [
        aCapLine(),
        aGiftCardLine({ qty: 3 }),
        aGiftCardLine({
          sku: 'SL-GIFT-CARD-25',
          item_id: 504,
          price: 25,
          cart_item: {
            sku: 'SL-GIFT-CARD',
            qty: 1,
            product_option: {
              extension_attributes: { configurable_item_options: [{ option_id: 216, option_value: 39 }] },
            },
          },
        }),
      ],
    );
    await ready();
    await waitFor(() =>
      expect(getAppState().cartItems.map((line) => [line.sku, line.qty])).toEqual([
        ['SL-SALTLINE-TRUCKER-CAP', 2],
        ['SL-GIFT-CARD-50', 1],
      ]),
    );
    expect(api.state.lines.map((line) => [line.sku, line.qty])).toEqual([
      ['SL-SALTLINE-TRUCKER-CAP', 2],
      ['SL-GIFT-CARD-50', 1],
    ]);
    expect(api.log((call) => call.path.startsWith(`${CARTS}/items/`))).toEqual([
      `PUT ${CARTS}/items/602`,
      `DELETE ${CARTS}/items/603`,
    ]);
  });

  it.each([
    ['[CHKF-05] scheduled delivery', { scheduled_delivery: null }],
    ['[CHKF-06] valid_until', { valid_until: null }],
    ['[CHKF-07] a template', { mms_template_id: null, mms_template_url: null }],
  ])('%s missing sends the shopper to edit that card', async (_name, missing) => {
    const { router } = await openCheckout(
      [aGiftCard({ id: 7 }), aGiftCard({ id: 8, ...missing })],
      [aGiftCardLine({ qty: 2 })],
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/giftcard/edit/8'));
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.editGiftCardRecipientHeading }),
    ).toBeVisible();
  });
});

describe('after payment', () => {
  it('[CHKF-14] [API-44] the gift card order is saved with r_token, cart_id and order_id after the success lookup', async () => {
    const { api, user, router } = await openCheckout([aGiftCard()], [aCapLine(), aGiftCardLine()]);
    await ready();
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const log = api.log((call) => call.method !== 'GET' || call.path.endsWith('checkoutsuccess'));
    const save = log.indexOf(`POST ${NS}/savegiftcardorderbycart`);
    expect(save).toBeGreaterThan(log.indexOf(`GET ${NS}/checkoutsuccess`));
    expect(log.indexOf(`GET ${NS}/checkoutsuccess`)).toBeGreaterThan(
      log.indexOf(`POST ${CARTS}/payment-information`),
    );
    expect(api.calls.find((call) => call.path === `${NS}/savegiftcardorderbycart`)?.body).toEqual({
      r_token: SANDBOX_R_TOKEN,
      cart_id: 77,
      order_id: '100',
    });
    expect(api.gift.cards.get(7)?.status).toBe('queued');
    expect(screen.queryByRole('dialog', { name: MSG.giftCardSaveErrorTitle })).not.toBeInTheDocument();
  });

  it.each([
    [409, { message: '1 gift card of this order has no recipient details.', code: 'CONFLICT' }],
    [500, { message: 'Internal Server Error', code: 'INTERNAL' }],
  ])(
    "[ERR-10] a save answered %i shows 'Error Processing' and still goes to /success",
    async (status, body) => {
      const { api, user, router } = await openCheckout([aGiftCard()]);
      api.answer('POST', `${NS}/savegiftcardorderbycart`, () => json(body, status));
      await ready();
      await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
      const popup = await screen.findByRole('dialog', { name: MSG.giftCardSaveErrorTitle });
      expect(popup).toHaveTextContent(MSG.giftCardSaveErrorText);
      // Not the shell's 'Unexpected Error' as well: the order is placed and paid.
      expect(getAppState().unexpectedError).toBe(false);
    },
  );

  it('a cart without gift cards saves no gift card order', async () => {
    const { api, user, router } = await openCheckout([], [aCapLine()]);
    await ready();
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(api.log((call) => call.path.endsWith('savegiftcardorderbycart'))).toEqual([]);
  });
});

import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { aCapLine, aTeeLine, signedInWithCart } from '../../cart/test/cart-factories';
import { CARTS, errorReply, fakeShopApi, json, NS } from '../../cart/test/fake-shop-api';
import { GIFT_CARD_APPLY_TEXT } from './gift-card-apply';

// [I16-checkout-giftcard] 'Apply gift card' on /checkout against the fake shop. Figures by hand: Cap 2 ×
// $35.00 + Tee $45.00 + standard delivery $9.95 = $124.95. The fake server says the card pays $35.00, so
// To pay = 124.95 − 35.00 = $89.95.

const PAYMENT_INFO = `${CARTS}/payment-information`;
const CHECK = `${NS}/checkgiftcard`;
const VISA = { id: 'pm_sandbox_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2028 };

function quote(applies: number, toPay: number) {
  return {
    status: true,
    data: {
      last4: '3456',
      seller_id: 1,
      seller_name: 'Harbour Goods',
      balance_cents: 5000,
      applies_cents: applies,
      grand_total_cents: 12495,
      to_pay_cents: toPay,
      valid_until: '2029-11-24T00:00:00.000Z',
    },
  };
}

async function openCheckout(savedCards = [VISA]) {
  const api = fakeShopApi({ savedCards });
  api.answer('GET', `${NS}/getgiftcarddetailsbycart`, () => json({ status: true, data: [] }));
  signedInWithCart([aCapLine(), aTeeLine()]);
  const view = renderApp('/checkout');
  await screen.findByRole('button', { name: MSG.confirmPurchase });
  return { api, ...view };
}

describe('[I16-checkout-giftcard] Apply gift card', () => {
  it('[I16-checkout-giftcard] applies a card: its line and To pay in the totals and the pay bar; the order carries the number; Remove takes it off', async () => {
    const { api, user, router } = await openCheckout();
    api.answer('POST', CHECK, () => json(quote(3500, 8995)));
    const section = screen.getByRole('region', { name: GIFT_CARD_APPLY_TEXT.title });
    await user.type(within(section).getByLabelText(GIFT_CARD_APPLY_TEXT.label), '1234 5678 9012 3456');
    await user.click(within(section).getByRole('button', { name: GIFT_CARD_APPLY_TEXT.apply }));

    expect(await screen.findByTestId('checkout-gift-card')).toHaveTextContent('Gift card •••• 3456−$35.00');
    expect(screen.getByTestId('checkout-to-pay')).toHaveTextContent('$89.95');
    expect(within(screen.getByTestId('pay-bar')).getByText('$89.95')).toBeInTheDocument();
    expect(within(screen.getByTestId('pay-bar')).getByText('To pay')).toBeInTheDocument();
    const checked = api.calls.find((call) => call.path === CHECK);
    expect(checked?.body).toEqual({ gift_card_number: '1234567890123456' });

    await user.click(within(section).getByRole('button', { name: GIFT_CARD_APPLY_TEXT.remove }));
    expect(screen.queryByTestId('checkout-gift-card')).toBeNull();
    expect(within(screen.getByTestId('pay-bar')).getByText('$124.95')).toBeInTheDocument();

    await user.type(within(section).getByLabelText(GIFT_CARD_APPLY_TEXT.label), '1234567890123456');
    await user.click(within(section).getByRole('button', { name: GIFT_CARD_APPLY_TEXT.apply }));
    await screen.findByTestId('checkout-gift-card');
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const placed = api.calls.find((call) => call.path === PAYMENT_INFO);
    expect(placed?.body).toMatchObject({
      gift_card_number: '1234567890123456',
      paymentMethod: { additional_data: { token: 'pm_sandbox_1' } },
    });
  });

  it('[I16-checkout-giftcard] a short number is refused on the field before anything is sent; the server’s reason is shown', async () => {
    const { api, user } = await openCheckout();
    api.answer('POST', CHECK, () =>
      errorReply('INVALID_DATA', 'This gift card has not been sent yet, so it cannot be spent.'),
    );
    const section = screen.getByRole('region', { name: GIFT_CARD_APPLY_TEXT.title });
    const field = within(section).getByLabelText(GIFT_CARD_APPLY_TEXT.label);
    await user.type(field, '1234');
    await user.click(within(section).getByRole('button', { name: GIFT_CARD_APPLY_TEXT.apply }));
    expect(within(section).getByRole('alert')).toHaveTextContent(GIFT_CARD_APPLY_TEXT.enterNumber);
    expect(api.calls.some((call) => call.path === CHECK)).toBe(false);

    await user.clear(field);
    await user.type(field, '1234567890123456');
    await user.click(within(section).getByRole('button', { name: GIFT_CARD_APPLY_TEXT.apply }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This gift card has not been sent yet, so it cannot be spent.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('checkout-gift-card')).toBeNull();
  });

  it('[I16-checkout-giftcard] a card paying everything: To pay $0.00 and the order goes without a payment card', async () => {
    const { api, user, router } = await openCheckout([]);
    api.answer('POST', CHECK, () => json(quote(12495, 0)));
    const section = screen.getByRole('region', { name: GIFT_CARD_APPLY_TEXT.title });
    await user.type(within(section).getByLabelText(GIFT_CARD_APPLY_TEXT.label), '1234567890123456');
    await user.click(within(section).getByRole('button', { name: GIFT_CARD_APPLY_TEXT.apply }));
    expect(await screen.findByTestId('checkout-to-pay')).toHaveTextContent('$0.00');
    await user.click(screen.getByRole('button', { name: MSG.confirmPurchase }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    const placed = api.calls.find((call) => call.path === PAYMENT_INFO);
    expect(placed?.body).toMatchObject({ gift_card_number: '1234567890123456' });
    expect(JSON.stringify(placed?.body)).not.toContain('token');
  });
});

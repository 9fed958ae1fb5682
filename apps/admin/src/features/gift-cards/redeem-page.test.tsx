import type { RedeemableGiftCard, RedeemGiftCardReply } from '@quokka/contract/api/gift-card-redemption';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';
import { amountToRedeem } from './redeem-page';

// [I16-redeem] The in-store redemption page against the fake API: vendors at /gift-cards, operators at
// /gift-cards/redeem (linked from the console).

const vendorMe = aMe({
  staff: { id: 9, name: 'Sam Seller', mobile: '+61412000999', role: 'vendor', seller_id: 1 },
});

function aCard(overrides: Partial<RedeemableGiftCard> = {}): RedeemableGiftCard {
  return {
    id: 31,
    gift_card_no: '1234 5678 9012 3456',
    product_name: 'Gift Card',
    seller_id: 1,
    seller_name: 'Harbour Goods',
    amount_cents: 5000,
    balance_cents: 3766,
    valid_until: '2029-11-21T00:00:00.000Z',
    valid_until_date: '2029-11-21',
    status: 'spendable',
    status_text: 'Can be spent: $37.66 left.',
    redemptions: [
      {
        id: 4,
        created_at: '2026-11-21T01:00:00.000Z',
        kind: 'in_store',
        amount_cents: 1234,
        balance_after_cents: 3766,
        order_id: null,
        staff_name: 'Sam Seller',
      },
    ],
    ...overrides,
  };
}

function redeemed(cents: number, replayed = false): RedeemGiftCardReply {
  const after = 3766 - cents;
  return {
    redemption: {
      id: 5,
      created_at: '2026-11-21T02:00:00.000Z',
      kind: 'in_store',
      amount_cents: cents,
      balance_after_cents: after,
      order_id: null,
      staff_name: 'Sam Seller',
    },
    card: aCard({ balance_cents: after, status: after > 0 ? 'spendable' : 'no_balance' }),
    replayed,
  };
}

function redeemApi(more: Parameters<typeof fakeApi>[0] = {}, me = vendorMe) {
  return fakeApi({
    'GET /me': { body: me },
    'GET /dashboard': { body: aDashboard() },
    'POST /gift-cards/lookup': { body: aCard() },
    ...more,
  });
}

async function lookUp(user: ReturnType<typeof userEvent.setup>, digits = '1234567890123456') {
  const input = await screen.findByLabelText('Gift card number');
  await user.type(input, digits);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
  return screen.findByRole('article', { name: 'Gift card 1234 5678 9012 3456' });
}

describe('[I16-redeem] redeem a gift card in store', () => {
  it('a vendor types the number (grouped as typed), sees value, balance and expiry, redeems a part exactly in cents', async () => {
    const user = userEvent.setup();
    const api = redeemApi({ 'POST /gift-cards/redeem': { body: redeemed(1234) } });
    renderAdmin('/admin/gift-cards');
    const input = await screen.findByLabelText('Gift card number');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '1234 5678-90123456');
    expect(input).toHaveValue('1234 5678 9012 3456');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const card = await screen.findByRole('article', { name: 'Gift card 1234 5678 9012 3456' });
    expect(api.to('POST /gift-cards/lookup')[0]?.body).toEqual({ gift_card_no: '1234567890123456' });
    expect(card).toHaveTextContent('Harbour Goods');
    expect(card).toHaveTextContent('Value$50.00');
    expect(card).toHaveTextContent('Balance$37.66');
    expect(card).toHaveTextContent('Expires21 November 2029');
    expect(card).toHaveTextContent('Can be spent: $37.66 left.');
    expect(card).toHaveTextContent('Redeemed in store');

    await user.click(within(card).getByLabelText(/Part/));
    await user.type(within(card).getByLabelText('Amount ($)'), '12.34');
    await user.click(within(card).getByRole('button', { name: 'Redeem' }));
    const done = await screen.findByRole('status');
    const body = api.to('POST /gift-cards/redeem')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ gift_card_no: '1234567890123456', amount_cents: 1234 });
    expect(String(body.idempotency_key)).toMatch(/^redeem_[A-Za-z0-9]{32}$/);
    // $37.66 − $12.34 = $25.32
    expect(done).toHaveTextContent('Redeemed $12.34 from card 1234 5678 9012 3456.');
    expect(done).toHaveTextContent('New balance: $25.32');
  });

  it('redeems all of it by default', async () => {
    const user = userEvent.setup();
    const api = redeemApi({ 'POST /gift-cards/redeem': { body: redeemed(3766) } });
    renderAdmin('/admin/gift-cards');
    const card = await lookUp(user);
    expect(within(card).getByLabelText(/All of it \(\$37\.66\)/)).toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('status')).toHaveTextContent('New balance: $0.00');
    expect(api.to('POST /gift-cards/redeem')[0]?.body).toMatchObject({ amount_cents: 3766 });
  });

  it('a bad amount is refused on the page with a clear message and nothing is sent', async () => {
    const user = userEvent.setup();
    const api = redeemApi();
    renderAdmin('/admin/gift-cards');
    const card = await lookUp(user);
    await user.click(within(card).getByLabelText(/Part/));
    const amount = within(card).getByLabelText('Amount ($)');
    await user.type(amount, '37.67');
    await user.click(within(card).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The card's balance is $37.66: enter $37.66 or less.",
    );
    await user.clear(amount);
    await user.type(amount, '1.005');
    await user.click(within(card).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give at most 2 digits after the point');
    // [I27-amounts] A comma is refused, never read as 1250 dollars.
    await user.clear(amount);
    await user.type(amount, '12,50');
    await user.click(within(card).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use a point before the cents and no commas');
    expect(api.to('POST /gift-cards/redeem')).toHaveLength(0);
  });

  it('a retry after a lost answer keeps the same request key; the error is shown', async () => {
    const user = userEvent.setup();
    const api = redeemApi({
      'POST /gift-cards/redeem': [
        { status: 503, body: { message: 'The server is busy.', code: 'UNAVAILABLE' } },
        { body: redeemed(500) },
      ],
    });
    renderAdmin('/admin/gift-cards');
    const card = await lookUp(user);
    await user.click(within(card).getByLabelText(/Part/));
    await user.type(within(card).getByLabelText('Amount ($)'), '5');
    await user.click(within(card).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await user.click(within(card).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Redeemed $5.00');
    const keys = api
      .to('POST /gift-cards/redeem')
      .map((call) => (call.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('refused because another counter spent it first: the error says the balance, the card is shown as it is now', async () => {
    const user = userEvent.setup();
    const api = redeemApi({
      'POST /gift-cards/lookup': [
        { body: aCard() },
        { body: aCard({ balance_cents: 1000, status_text: 'Can be spent: $10.00 left.' }) },
      ],
      'POST /gift-cards/redeem': {
        status: 409,
        body: { message: "The card's balance is $10.00: redeem $10.00 or less.", code: 'CONFLICT' },
      },
    });
    renderAdmin('/admin/gift-cards');
    const card = await lookUp(user);
    await user.click(within(card).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The card's balance is $10.00: redeem $10.00 or less.",
    );
    await waitFor(() => expect(screen.getByRole('article')).toHaveTextContent('Balance$10.00'));
    expect(api.to('POST /gift-cards/lookup')).toHaveLength(2);
  });

  it('a card that cannot be spent shows why and offers no redeem button; a number not found says so', async () => {
    const user = userEvent.setup();
    redeemApi({
      'POST /gift-cards/lookup': [
        {
          body: aCard({
            status: 'expired',
            status_text: 'This gift card expired on 2026-11-20 and cannot be spent.',
          }),
        },
        {
          status: 404,
          body: {
            message: 'No gift card has this number. Check the 16 digits and try again.',
            code: 'NOT_FOUND',
          },
        },
      ],
    });
    renderAdmin('/admin/gift-cards');
    const card = await lookUp(user);
    expect(card).toHaveTextContent('This gift card expired on 2026-11-20 and cannot be spent.');
    expect(within(card).queryByRole('button', { name: 'Redeem' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No gift card has this number.');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('fewer than 16 digits: told on the page, nothing sent', async () => {
    const user = userEvent.setup();
    const api = redeemApi();
    renderAdmin('/admin/gift-cards');
    await user.type(await screen.findByLabelText('Gift card number'), '1234 5678');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A gift card number is 16 digits.');
    expect(api.to('POST /gift-cards/lookup')).toHaveLength(0);
  });

  it("the operator's gift card console links to the redeem page", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /gift-cards': { body: { items: [], total: 0, page: 1, page_size: 50, outstanding_cents: 0 } },
      'POST /gift-cards/lookup': { body: aCard() },
    });
    renderAdmin('/admin/gift-cards');
    await user.click(await screen.findByRole('link', { name: 'Redeem a gift card' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Redeem a gift card' })).toBeInTheDocument(),
    );
    expect(await lookUp(user)).toHaveTextContent('Balance$37.66');
  });
});

describe('[I16-redeem] amountToRedeem (exact cents, no floats)', () => {
  it('reads dollars and cents exactly', () => {
    expect(amountToRedeem('part', '0.10', 5000)).toEqual({ cents: 10 });
    expect(amountToRedeem('part', '$1234.5', 200_000)).toEqual({ cents: 123_450 });
    // [I27-amounts] No commas at all: '1,234' could be a thousand or one and a bit (docs/money.md).
    expect(amountToRedeem('part', '$1,234.5', 200_000)).toEqual({
      error: 'Use a point before the cents and no commas, e.g. 36.50 or 1234.50.',
    });
    // 0.29 * 100 is 28.999999999999996 in floating point; read as digits it is 29.
    expect(amountToRedeem('part', '0.29', 5000)).toEqual({ cents: 29 });
    expect(amountToRedeem('part', '0', 5000)).toEqual({ error: 'Enter an amount of at least $0.01.' });
    expect(amountToRedeem('part', '', 5000)).toEqual({ error: 'Enter the amount to redeem.' });
    expect(amountToRedeem('all', '', 3766)).toEqual({ cents: 3766 });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aGiftCard, aMe, CSRF } from '../../test/factories';
import { fakeApi, stepUpRequired } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const KEY = /^resend_[A-Za-z0-9_-]{8,72}$/;

function cardsApi(more: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /me': { body: aMe() },
    'GET /dashboard': { body: aDashboard() },
    'GET /gift-cards': {
      body: {
        items: [
          aGiftCard(),
          aGiftCard({
            id: 32,
            gift_card_no: '•••• •••• •••• 6666',
            state: 'scheduled',
            amount_cents: 2_500,
            balance_cents: 2_500,
            messages: [],
            actions: { resend: false, reschedule: true, void: true },
          }),
        ],
        total: 2,
        page: 1,
        page_size: 50,
        outstanding_cents: 7_500,
      },
    },
    ...more,
  });
}

describe('[I15-admin] gift card console', () => {
  it('searches by the words typed and a state; shows the outstanding total and each card with its messages', async () => {
    const user = userEvent.setup();
    const api = cardsApi();
    renderAdmin('/admin/gift-cards');
    expect(await screen.findByText(/Outstanding:/)).toHaveTextContent('Outstanding: $75.00');
    const card = screen.getByRole('listitem', { name: 'Gift card ending 3456' });
    // [I27-mask] The number as the server gives it: masked to its last 4 digits.
    expect(within(card).getByText('•••• •••• •••• 3456')).toBeInTheDocument();
    expect(card).toHaveTextContent('Failed');
    expect(card).toHaveTextContent('$50.00');
    expect(card).toHaveTextContent('Alex · 0491 570 110');
    expect(card).toHaveTextContent('Purchaser0413 000 111');
    expect(within(card).getByRole('link', { name: '#000000012' })).toHaveAttribute(
      'href',
      '/admin/orders/12',
    );
    expect(card).toHaveTextContent('MMS card to 0491 570 110 Undelivered (30003)');
    expect(card).toHaveTextContent('Scheduled 24 Nov 2026, 12:00 pm (Sydney)'); // [I34] one date style

    await user.type(screen.getByLabelText('Search'), '1234 5678');
    await user.selectOptions(screen.getByLabelText('State'), 'Failed');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.to('GET /gift-cards').at(-1)?.query ?? [])).toEqual({
        q: '1234 5678',
        state: 'failed',
        page: '1',
      }),
    );
  });

  it('Resend goes to a corrected mobile once per click: a retry keeps the key, the next click has a new one', async () => {
    const user = userEvent.setup();
    const api = cardsApi({
      'POST /gift-cards/31/resend': [
        { status: 503, body: { message: 'The messaging provider is not answering.', code: 'UNAVAILABLE' } },
        { body: aGiftCard({ state: 'sending' }) },
      ],
    });
    renderAdmin('/admin/gift-cards');
    const card = await screen.findByRole('listitem', { name: 'Gift card ending 3456' });
    await user.click(within(card).getByRole('button', { name: 'Resend' }));
    let dialog = screen.getByRole('dialog', { name: 'Resend the gift card' });
    await user.type(within(dialog).getByLabelText('Corrected mobile (optional)'), '02 9999 9999');
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter an Australian mobile, like 0412 345 678.',
    );
    expect(api.to('POST /gift-cards/31/resend')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Corrected mobile (optional)'));
    await user.type(within(dialog).getByLabelText('Corrected mobile (optional)'), '0412 999 888');
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gift card ending 3456 sent again to 0412 999 888.',
    );
    const [first, retry] = api.to('POST /gift-cards/31/resend');
    expect(first?.headers['x-csrf-token']).toBe(CSRF);
    expect(first?.body).toEqual({ mobile: '0412 999 888', request_key: expect.stringMatching(KEY) });
    expect(retry?.body).toEqual(first?.body);

    await user.click(within(card).getByRole('button', { name: 'Resend' }));
    dialog = screen.getByRole('dialog', { name: 'Resend the gift card' });
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(api.to('POST /gift-cards/31/resend')).toHaveLength(3));
    const bodyOf = (index: number) =>
      api.to('POST /gift-cards/31/resend')[index]?.body as
        | { request_key?: string; mobile?: string }
        | undefined;
    expect(bodyOf(2)?.mobile).toBeUndefined(); // the same number
    expect(bodyOf(2)?.request_key).toMatch(KEY);
    expect(bodyOf(2)?.request_key).not.toBe(bodyOf(0)?.request_key);
  });

  it('Reschedule sends the wall-clock time in the zone chosen', async () => {
    const user = userEvent.setup();
    const api = cardsApi({ 'POST /gift-cards/32/reschedule': { body: aGiftCard({ id: 32 }) } });
    renderAdmin('/admin/gift-cards');
    const card = await screen.findByRole('listitem', { name: 'Gift card ending 6666' });
    expect(within(card).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule the gift card' });
    expect(within(dialog).getByLabelText('Day')).toHaveValue('2026-11-24');
    expect(within(dialog).getByLabelText('Time')).toHaveValue('12:00');
    await user.clear(within(dialog).getByLabelText('Day'));
    await user.type(within(dialog).getByLabelText('Day'), '2026-12-25');
    await user.clear(within(dialog).getByLabelText('Time'));
    await user.type(within(dialog).getByLabelText('Time'), '07:30');
    await user.selectOptions(within(dialog).getByLabelText(/Time zone/), 'Perth (WA)');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() =>
      expect(api.to('POST /gift-cards/32/reschedule')[0]?.body).toEqual({
        scheduled_delivery: '2026-12-25 07:30:00',
        delivery_timezone: 'Australia/Perth',
      }),
    );
  });

  it('Void needs a reason and runs the passkey step-up when the server asks', async () => {
    const user = userEvent.setup();
    const api = cardsApi({
      'POST /gift-cards/31/void': [
        stepUpRequired,
        {
          body: aGiftCard({
            state: 'voided',
            voided_at: '2026-11-24T03:00:00.000Z',
            balance_cents: 0,
            void_refunded_cents: 5_000,
            void_note: 'Refunded $50.00 to the purchaser.',
          }),
        },
      ],
      'POST /step-up/options': { body: { challenge: 'dm9pZA' } },
      'POST /step-up': { body: { status: true, ...aMe({ passkey_fresh: true }) } },
    });
    const { webauthn } = renderAdmin('/admin/gift-cards');
    const card = await screen.findByRole('listitem', { name: 'Gift card ending 3456' });
    await user.click(within(card).getByRole('button', { name: 'Void' }));
    const dialog = screen.getByRole('dialog', { name: 'Void the gift card' });
    expect(dialog).toHaveTextContent('the purchaser gets what is left on it, $50.00 of $50.00, back');
    await user.click(within(dialog).getByRole('button', { name: 'Void card' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Sent to the wrong person');
    await user.click(within(dialog).getByRole('button', { name: 'Void card' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gift card ending 3456 is void. Refunded $50.00 to the purchaser.',
    );
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    expect(api.to('POST /gift-cards/31/void').map((call) => call.body)).toEqual([
      { reason: 'Sent to the wrong person' },
      { reason: 'Sent to the wrong person' },
    ]);
  });

  it('[I27-void] Void says what is left is refunded, and nothing when the card was spent', async () => {
    const user = userEvent.setup();
    const partly = aGiftCard({ balance_cents: 3_000 });
    const spent = aGiftCard({ id: 33, gift_card_no: '•••• •••• •••• 7777', balance_cents: 0 });
    const voided = aGiftCard({
      id: 34,
      gift_card_no: '•••• •••• •••• 8888',
      state: 'voided',
      balance_cents: 0,
      voided_at: '2026-11-24T03:00:00.000Z',
      void_refunded_cents: 3_750,
      void_note: 'Refunded $37.50 to the purchaser.',
      actions: { resend: false, reschedule: false, void: false },
    });
    cardsApi({
      'GET /gift-cards': {
        body: { items: [partly, spent, voided], total: 3, page: 1, page_size: 50, outstanding_cents: 3_000 },
      },
      'POST /gift-cards/33/void': {
        body: {
          ...spent,
          state: 'voided',
          voided_at: '2026-11-24T03:00:00.000Z',
          void_refunded_cents: null,
          void_note: 'Not refunded: the card had been spent in full ($50.00).',
        },
      },
    });
    renderAdmin('/admin/gift-cards');
    const first = await screen.findByRole('listitem', { name: 'Gift card ending 3456' });
    expect(first).toHaveTextContent('$50.00$30.00 left');
    // A voided card: nothing left, and what its void refunded.
    const third = screen.getByRole('listitem', { name: 'Gift card ending 8888' });
    expect(third).toHaveTextContent('$0.00 left');
    expect(third).toHaveTextContent('Refunded $37.50 to the purchaser.');
    await user.click(within(first).getByRole('button', { name: 'Void' }));
    let dialog = screen.getByRole('dialog', { name: 'Void the gift card' });
    expect(dialog).toHaveTextContent('the purchaser gets what is left on it, $30.00 of $50.00, back');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const second = screen.getByRole('listitem', { name: 'Gift card ending 7777' });
    expect(second).toHaveTextContent('$0.00 left');
    await user.click(within(second).getByRole('button', { name: 'Void' }));
    dialog = screen.getByRole('dialog', { name: 'Void the gift card' });
    expect(dialog).toHaveTextContent('All $50.00 of it was spent, so nothing is refunded.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Never received');
    await user.click(within(dialog).getByRole('button', { name: 'Void card' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gift card ending 7777 is void. Not refunded: the card had been spent in full ($50.00).',
    );
  });

  it('[I27-mask] Show number runs the passkey step-up, shows the whole number, and hides it again', async () => {
    const user = userEvent.setup();
    const api = cardsApi({
      'POST /gift-cards/31/number': [stepUpRequired, { body: { gift_card_no: '1234567890123456' } }],
      'POST /step-up/options': { body: { challenge: 'dm9pZA' } },
      'POST /step-up': { body: { status: true, ...aMe({ passkey_fresh: true }) } },
    });
    const { webauthn } = renderAdmin('/admin/gift-cards');
    const card = await screen.findByRole('listitem', { name: 'Gift card ending 3456' });
    expect(card).not.toHaveTextContent('1234 5678 9012 3456');
    await user.click(within(card).getByRole('button', { name: 'Show the number of gift card ending 3456' }));
    expect(await within(card).findByText('1234 5678 9012 3456')).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    expect(api.to('POST /gift-cards/31/number')).toHaveLength(2);
    expect(api.to('POST /gift-cards/31/number')[1]?.headers['x-csrf-token']).toBe(CSRF);
    await user.click(within(card).getByRole('button', { name: 'Hide the number of gift card ending 3456' }));
    expect(card).not.toHaveTextContent('1234 5678 9012 3456');
    expect(within(card).getByText('•••• •••• •••• 3456')).toBeInTheDocument();
  });

  it('[I27-step-up] Resend to a corrected number runs the passkey step-up when the server asks, with the same key', async () => {
    const user = userEvent.setup();
    const api = cardsApi({
      'POST /gift-cards/31/resend': [
        stepUpRequired,
        { body: aGiftCard({ recipient_mobile: '+61412999888' }) },
      ],
      'POST /step-up/options': { body: { challenge: 'dm9pZA' } },
      'POST /step-up': { body: { status: true, ...aMe({ passkey_fresh: true }) } },
    });
    const { webauthn } = renderAdmin('/admin/gift-cards');
    const card = await screen.findByRole('listitem', { name: 'Gift card ending 3456' });
    await user.click(within(card).getByRole('button', { name: 'Resend' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend the gift card' });
    expect(dialog).toHaveTextContent('A corrected number asks for your passkey');
    await user.type(within(dialog).getByLabelText('Corrected mobile (optional)'), '0412 999 888');
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gift card ending 3456 sent again to 0412 999 888.',
    );
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    const [refused, sent] = api.to('POST /gift-cards/31/resend');
    expect(sent?.body).toEqual(refused?.body);
  });
});

import type { AdminOrder } from '@quokka/contract/api/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe, anItem, anOrder, CSRF } from '../../test/factories';
import { fakeApi, stepUpRequired } from '../../test/fake-api';
import { ASSERTION, renderAdmin } from '../../test/render-admin';

const KEY = /^refund_[A-Za-z0-9_-]{8,72}$/;

function twoLineOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return anOrder({
    items: [
      anItem({ id: 101, name: 'Tee', price_cents: 1_250, qty: 2, row_total_cents: 2_500 }),
      anItem({
        id: 102,
        name: 'Mug',
        sku: 'MUG-1',
        price_cents: 399,
        qty: 3,
        row_total_cents: 1_197,
        refunded_qty: 1,
        refunded_cents: 399,
      }),
    ],
    subtotal_cents: 3_697,
    shipping_cents: 995,
    grand_total_cents: 4_692,
    captured_cents: 4_692,
    refunded_cents: 399,
    actions: {
      approve: false,
      refuse: false,
      ship_sellers: [3],
      refund: true,
      cancel: true,
      refundable_cents: 4_293,
    },
    ...overrides,
  });
}

function orderApi(order: AdminOrder, more: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /me': { body: aMe() },
    'GET /dashboard': { body: aDashboard() },
    [`GET /orders/${order.id}`]: { body: order },
    ...more,
  });
}

describe('[I15-admin] order detail', () => {
  it('[I16-checkout-giftcard] an order partly paid by gift card shows "Paid by gift card"', async () => {
    // 4692 total: the gift card paid 2000, the payment card 4692 − 2000 = 2692.
    const order = twoLineOrder({ gift_card_cents: 2_000, captured_cents: 2_692, refunded_cents: 0 });
    orderApi(order);
    renderAdmin('/admin/orders/12');
    const term = await screen.findByText('Paid by gift card');
    expect(term.nextElementSibling).toHaveTextContent('$20.00');
  });

  it('[I16-vendor] a seller’s staff see their own lines’ money, not the order’s', async () => {
    // As the server answers a vendor: its lines' total (3,999), no shipping or card figures.
    const order = twoLineOrder({
      grand_total_cents: 3_999,
      subtotal_cents: 3_999,
      shipping_cents: 0,
      captured_cents: 0,
      refunded_cents: 0,
    });
    fakeApi({
      'GET /me': {
        body: aMe({
          staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
        }),
      },
      [`GET /orders/${order.id}`]: { body: order },
    });
    renderAdmin('/admin/orders/12');
    expect(await screen.findByRole('heading', { name: 'Your items' })).toBeInTheDocument();
    expect(screen.getByText('Total (GST included)').nextElementSibling).toHaveTextContent('$39.99');
    expect(screen.queryByRole('heading', { name: 'Money' })).toBeNull();
    expect(screen.queryByText('Captured')).toBeNull();
  });

  it('[I30] an order bought by reply says so beside its status, for operators and the seller’s staff', async () => {
    orderApi(twoLineOrder({ bought_by_reply: true }));
    const view = renderAdmin('/admin/orders/12');
    const badge = await screen.findByText('Bought by reply');
    expect(badge.closest('.badges')).not.toBeNull();
    view.unmount();
    fakeApi({
      'GET /me': {
        body: aMe({
          staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
        }),
      },
      'GET /orders/12': { body: twoLineOrder({ bought_by_reply: true }) },
    });
    renderAdmin('/admin/orders/12');
    expect(await screen.findByText('Bought by reply')).toBeInTheDocument();
  });

  it('[I30] an order placed at checkout has no "Bought by reply" badge', async () => {
    orderApi(twoLineOrder());
    renderAdmin('/admin/orders/12');
    await screen.findByText('Captured');
    expect(screen.queryByText('Bought by reply')).toBeNull();
  });

  it('[I16-checkout-giftcard] an order without a gift card does not mention one', async () => {
    orderApi(twoLineOrder());
    renderAdmin('/admin/orders/12');
    await screen.findByText('Captured');
    expect(screen.queryByText('Paid by gift card')).toBeNull();
  });

  it('refund dialog: per-line steppers and shipping make the total, computed in cents', async () => {
    const user = userEvent.setup();
    const order = twoLineOrder();
    const refunded = twoLineOrder({ refunded_cents: 2_942, payment_state: 'partially_refunded' });
    const api = orderApi(order, { 'POST /orders/12/refunds': { body: refunded } });
    renderAdmin('/admin/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #000000012' });
    expect(within(dialog).getByText(/Up to \$42\.93 can still be refunded/)).toBeInTheDocument();
    // Focus moves into the dialog, to its first control that works (the '−' of a line at 0 does not).
    expect(within(dialog).getByRole('spinbutton', { name: /^Tee/ })).toHaveFocus();
    // Mug: 3 bought, 1 refunded already → at most 2.
    expect(within(dialog).getByText(/\$3\.99 each · 2 of 3 refundable/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'One more Tee' }));
    await user.click(within(dialog).getByRole('button', { name: 'One more Mug' }));
    await user.click(within(dialog).getByRole('button', { name: 'One more Mug' }));
    expect(within(dialog).getByRole('button', { name: 'One more Mug' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Shipping to refund/), '4.95');
    await user.click(within(dialog).getByLabelText('Put the refunded items back in stock'));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Arrived broken');
    // 1 × $12.50 + 2 × $3.99 + $4.95 shipping = 1250 + 798 + 495 = 2543 cents.
    expect(within(dialog).getByTestId('refund-total')).toHaveTextContent('$25.43');

    await user.click(within(dialog).getByRole('button', { name: 'Refund $25.43' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.to('POST /orders/12/refunds')[0];
    expect(sent?.headers['x-csrf-token']).toBe(CSRF);
    expect(sent?.body).toEqual({
      lines: [
        { order_item_id: 101, qty: 1 },
        { order_item_id: 102, qty: 2 },
      ],
      shipping_cents: 495,
      restock: true,
      reason: 'Arrived broken',
      idempotency_key: expect.stringMatching(KEY),
    });
    // The order as the server answered it is shown at once.
    expect(await screen.findByText('$29.42')).toBeInTheDocument();
  });

  it('refund dialog refuses more than is refundable, and a new opening gets a new idempotency key', async () => {
    const user = userEvent.setup();
    const order = twoLineOrder({
      actions: {
        approve: false,
        refuse: false,
        ship_sellers: [],
        refund: true,
        cancel: false,
        refundable_cents: 1_000,
      },
    });
    const api = orderApi(order, {
      'POST /orders/12/refunds': {
        status: 409,
        body: { message: 'That is more than can be refunded.', code: 'CONFLICT' },
      },
    });
    renderAdmin('/admin/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    let dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'One more Tee' }));
    expect(within(dialog).getByTestId('refund-total')).toHaveTextContent('$12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $12.50' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most $10.00 can still be refunded.');
    expect(api.to('POST /orders/12/refunds')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'One fewer Tee' }));
    await user.type(within(dialog).getByLabelText(/Shipping to refund/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $5.00' }));
    expect(await within(dialog).findByText('That is more than can be refunded.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund $5.00' }));
    await waitFor(() => expect(api.to('POST /orders/12/refunds')).toHaveLength(2));
    const keyOf = (index: number) =>
      (api.to('POST /orders/12/refunds')[index]?.body as { idempotency_key?: string } | undefined)
        ?.idempotency_key;
    // A retried submit is the same refund.
    expect(keyOf(1)).toBe(keyOf(0));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Shipping to refund/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $1.00' }));
    await waitFor(() => expect(api.to('POST /orders/12/refunds')).toHaveLength(3));
    expect(keyOf(2)).toMatch(KEY);
    expect(keyOf(2)).not.toBe(keyOf(0));
  });

  it('[I15-step-up] a 403 STEP_UP_REQUIRED runs the passkey check and sends the refund again, once', async () => {
    const user = userEvent.setup();
    const order = twoLineOrder();
    const api = orderApi(order, {
      'POST /orders/12/refunds': [stepUpRequired, { body: twoLineOrder({ refunded_cents: 1_649 }) }],
      'POST /step-up/options': { body: { challenge: 'c3RlcC11cA', allowCredentials: [] } },
      'POST /step-up': { body: { status: true, ...aMe({ passkey_fresh: true }) } },
    });
    const { webauthn } = renderAdmin('/admin/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'One more Tee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund $12.50' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/orders/12/refunds',
      '/step-up/options',
      '/step-up',
      '/orders/12/refunds',
    ]);
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'c3RlcC11cA', allowCredentials: [] },
    });
    expect(api.to('POST /step-up')[0]?.body).toEqual({ response: ASSERTION });
    expect(api.to('POST /step-up')[0]?.headers['x-csrf-token']).toBe(CSRF);
    const [refused, retried] = api.to('POST /orders/12/refunds');
    expect(retried?.body).toEqual(refused?.body);
    expect(await screen.findByText('$16.49')).toBeInTheDocument();
  });

  it('[I15-step-up] a refusal after the check, or a cancelled check, is shown and never loops', async () => {
    const user = userEvent.setup();
    const order = twoLineOrder();
    const api = orderApi(order, {
      'POST /orders/12/cancel': stepUpRequired,
      'POST /step-up/options': { body: { challenge: 'c3RlcC11cA' } },
      'POST /step-up': { body: { status: true, ...aMe({ passkey_fresh: true }) } },
    });
    const { webauthn } = renderAdmin('/admin/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #000000012' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of stock at the seller');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Check your passkey again to do this.',
    );
    expect(api.to('POST /orders/12/cancel')).toHaveLength(2);
    expect(api.to('POST /orders/12/cancel')[0]?.body).toEqual({
      reason: 'Out of stock at the seller',
      restock: true,
    });
    expect(api.to('POST /step-up')).toHaveLength(1);

    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('no'), { name: 'NotAllowedError' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'The passkey check was cancelled or timed out. Nothing was changed.',
      ),
    );
    expect(api.to('POST /orders/12/cancel')).toHaveLength(3);
    expect(api.to('POST /step-up')).toHaveLength(1);
  });

  it('[I27-step-up] refusing asks for the passkey like cancelling: the check runs and the refusal is sent again, once', async () => {
    const user = userEvent.setup();
    const pending = anOrder({
      status: 'pending_review',
      payment_state: 'authorised',
      captured_cents: 0,
      actions: {
        approve: true,
        refuse: true,
        ship_sellers: [],
        refund: false,
        cancel: true,
        refundable_cents: 0,
      },
    });
    const api = orderApi(pending, {
      'POST /orders/12/refuse': [
        stepUpRequired,
        { body: { ...pending, status: 'refused', payment_state: 'released' } },
      ],
      'POST /step-up/options': { body: { challenge: 'c3RlcC11cA', allowCredentials: [] } },
      'POST /step-up': { body: { status: true, ...aMe({ passkey_fresh: true }) } },
    });
    const { webauthn } = renderAdmin('/admin/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Refuse' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse order #000000012' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Address looks wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/orders/12/refuse',
      '/step-up/options',
      '/step-up',
      '/orders/12/refuse',
    ]);
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    const [refused, retried] = api.to('POST /orders/12/refuse');
    expect(retried?.body).toEqual({ reason: 'Address looks wrong' });
    expect(retried?.body).toEqual(refused?.body);
  });

  it('approve, refuse with a required reason, and ship per seller with a carrier', async () => {
    const user = userEvent.setup();
    const pending = anOrder({
      status: 'pending_review',
      payment_state: 'authorised',
      captured_cents: 0,
      flagged: true,
      items: [
        anItem({ id: 101, seller_id: 3, seller_name: 'Harbour Goods' }),
        anItem({ id: 103, seller_id: 4, seller_name: 'Bush Tucker Co', name: 'Honey', sku: 'HON-1' }),
      ],
      actions: {
        approve: true,
        refuse: true,
        ship_sellers: [],
        refund: false,
        cancel: true,
        refundable_cents: 0,
      },
    });
    const approved = anOrder({
      ...pending,
      status: 'approved',
      payment_state: 'captured',
      flagged: false,
      actions: {
        approve: false,
        refuse: false,
        ship_sellers: [3, 4],
        refund: true,
        cancel: true,
        refundable_cents: 3_495,
      },
    });
    const api = orderApi(pending, {
      'POST /orders/12/approve': { body: approved },
      'POST /orders/12/refuse': { body: { ...pending, status: 'refused' } },
      'POST /orders/12/shipments': {
        body: {
          ...approved,
          status: 'partially_shipped',
          shipments: [
            {
              id: 1,
              seller_id: 4,
              seller_name: 'Bush Tucker Co',
              carrier: 'Sendle',
              tracking_number: 'SDL123456',
              tracking_url: 'https://track.sendle.com/tracking?ref=SDL123456',
              shipped_at: '2026-11-24T02:00:00.000Z',
              delivered_at: null,
            },
          ],
        },
      },
    });
    renderAdmin('/admin/orders/12');
    expect(await screen.findByRole('heading', { name: 'Order #000000012' })).toBeInTheDocument();
    expect(screen.getByText('Flagged')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    const refuse = screen.getByRole('dialog', { name: 'Refuse order #000000012' });
    await user.click(within(refuse).getByRole('button', { name: 'Refuse order' }));
    expect(within(refuse).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST /orders/12/refuse')).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to what opened it.
    expect(screen.getByRole('button', { name: 'Refuse' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByRole('button', { name: 'Mark as shipped: Bush Tucker Co' }),
    ).toBeInTheDocument();
    expect(api.to('POST /orders/12/approve')[0]?.body).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Mark as shipped: Bush Tucker Co' }));
    const ship = screen.getByRole('dialog', { name: "Mark Bush Tucker Co's items as shipped" });
    expect(within(ship).getByRole('combobox', { name: 'Carrier' })).toHaveTextContent(
      'Australia PostStarTrackSendleCouriersPleaseAramexDHLTNTTollTeam Global ExpressOther',
    );
    await user.selectOptions(within(ship).getByLabelText('Carrier'), 'Sendle');
    await user.type(within(ship).getByLabelText('Tracking number'), 'SDL123456');
    await user.click(within(ship).getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /orders/12/shipments')[0]?.body).toEqual({
      seller_id: 4,
      carrier: 'Sendle',
      tracking_number: 'SDL123456',
    });
    expect(await screen.findByRole('link', { name: 'SDL123456' })).toHaveAttribute(
      'href',
      'https://track.sendle.com/tracking?ref=SDL123456',
    );
  });

  it('[I31] "Mark delivered" per shipment: one click posts it, then the shipment reads "Delivered 2 Dec 2026"', async () => {
    const user = userEvent.setup();
    const shipment = (id: number, sellerId: number, sellerName: string, deliveredAt: string | null) => ({
      id,
      seller_id: sellerId,
      seller_name: sellerName,
      carrier: 'Australia Post',
      tracking_number: `33ABC00${id}`,
      tracking_url: null,
      shipped_at: '2026-11-24T02:00:00.000Z',
      delivered_at: deliveredAt,
    });
    const shipped = twoLineOrder({
      items: [
        anItem({ id: 101, name: 'Tee' }),
        anItem({ id: 102, name: 'Damper mix', seller_id: 4, seller_name: 'Bush Tucker Co' }),
      ],
      status: 'shipped',
      actions: { ...twoLineOrder().actions, ship_sellers: [], cancel: false },
      shipments: [
        shipment(1, 3, 'Harbour Goods', null),
        shipment(2, 4, 'Bush Tucker Co', '2026-11-30T03:00:00.000Z'),
      ],
    });
    const api = orderApi(shipped, {
      'POST /orders/12/shipments/1/delivered': {
        body: {
          ...shipped,
          shipments: [
            // 2 Dec 2026, 9 am in Sydney.
            shipment(1, 3, 'Harbour Goods', '2026-12-01T22:00:00.000Z'),
            shipment(2, 4, 'Bush Tucker Co', '2026-11-30T03:00:00.000Z'),
          ],
        },
      },
    });
    renderAdmin('/admin/orders/12');
    expect(await screen.findByText('Delivered 30 Nov 2026')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: /^Mark delivered/ });
    expect(buttons).toHaveLength(1);
    await user.click(
      screen.getByRole('button', { name: 'Mark delivered: Harbour Goods, Australia Post 33ABC001' }),
    );
    expect(await screen.findByText('Delivered 2 Dec 2026')).toBeInTheDocument();
    expect(api.to('POST /orders/12/shipments/1/delivered')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Mark delivered/ })).not.toBeInTheDocument();
  });

  it('[I27-carrier] ship dialog: "Other" asks for a plain carrier name and refuses a web address with a field message', async () => {
    const user = userEvent.setup();
    const approved = anOrder({
      status: 'approved',
      payment_state: 'captured',
      items: [anItem({ id: 103, seller_id: 4, seller_name: 'Bush Tucker Co', name: 'Honey', sku: 'HON-1' })],
      actions: {
        approve: false,
        refuse: false,
        ship_sellers: [4],
        refund: true,
        cancel: true,
        refundable_cents: 3_495,
      },
    });
    const api = orderApi(approved, {
      'POST /orders/12/shipments': { body: { ...approved, status: 'shipped' } },
    });
    renderAdmin('/admin/orders/12');
    // One seller to ship: the button names no seller.
    await user.click(await screen.findByRole('button', { name: 'Mark as shipped' }));
    const ship = screen.getByRole('dialog', { name: "Mark Bush Tucker Co's items as shipped" });
    expect(within(ship).queryByLabelText('Carrier name')).toBeNull();
    await user.selectOptions(within(ship).getByLabelText('Carrier'), 'Other');
    const name = within(ship).getByLabelText('Carrier name');
    await user.type(within(ship).getByLabelText('Tracking number'), 'BV-0042');

    await user.click(within(ship).getByRole('button', { name: 'Mark as shipped' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription("Enter the carrier's name.");

    await user.type(name, 'Customs fee due pay at evil.example');
    await user.click(within(ship).getByRole('button', { name: 'Mark as shipped' }));
    expect(name).toHaveAccessibleDescription(
      "Enter the carrier's name: up to 30 letters, digits, spaces and & ' - . (no web address).",
    );
    expect(api.to('POST /orders/12/shipments')).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'Bob’s Vans');
    await user.click(within(ship).getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /orders/12/shipments')[0]?.body).toEqual({
      seller_id: 4,
      carrier: 'Other',
      carrier_name: 'Bob’s Vans',
      tracking_number: 'BV-0042',
    });
  });

  it('shows the money, the customer, the items per seller and the timeline newest first with message statuses', async () => {
    const user = userEvent.setup();
    const order = twoLineOrder({
      timeline: [
        {
          id: 1,
          at: '2026-11-23T23:30:00.000Z',
          type: 'placed',
          actor: 'shopper',
          summary: 'Order placed',
          seller_id: null,
          data: {},
          message: null,
        },
        {
          id: 2,
          at: '2026-11-24T01:15:00.000Z',
          type: 'shipped',
          actor: 'Jo Operator',
          summary: 'Shipped Harbour Goods with Australia Post',
          seller_id: 3,
          data: {},
          message: {
            id: 9,
            provider_message_id: 'SM9',
            kind: 'sms',
            purpose: 'order_shipped',
            to: '+61491570110',
            status: 'undelivered',
            error_code: '30003',
            created_at: '2026-11-24T01:15:01.000Z',
            status_at: '2026-11-24T01:15:05.000Z',
          },
        },
      ],
    });
    const api = orderApi(order, { 'POST /orders/12/notes': { body: order } });
    renderAdmin('/admin/orders/12');
    const moneyPanel = await screen.findByRole('region', { name: 'Money' });
    expect(moneyPanel).toHaveTextContent('Total$46.92');
    expect(moneyPanel).toHaveTextContent('Captured$46.92');
    expect(moneyPanel).toHaveTextContent('Refunded$3.99');
    expect(moneyPanel).toHaveTextContent('Refundable$42.93');
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Sam Shopper');
    expect(customer).toHaveTextContent('1 George St');
    expect(customer).toHaveTextContent('Sydney New South Wales 2000');
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('1 refunded ($3.99)');
    const events = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    // Newest first, in Sydney time (UTC+11 in November).
    expect(events[0]).toHaveTextContent('24 Nov 2026, 12:15 pm · Jo Operator');
    expect(events[0]).toHaveTextContent('SMS to 0491 570 110 Undelivered (30003)');
    expect(events[1]).toHaveTextContent('24 Nov 2026, 10:30 am · shopper');

    await user.type(screen.getByLabelText('Add a note (staff only)'), 'Called the shopper');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.to('POST /orders/12/notes')[0]?.body).toEqual({ note: 'Called the shopper' }),
    );
  });
});

// [I34] Each seller sees its own part of an order: its state, no operator words, what is left to ship and
// its refunds; operators open the customer from the order.
describe('[I34] a seller’s part of an order', () => {
  const vendorMe = () =>
    aMe({ staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 } });
  /** As the server answers a seller's staff: one of two totes refunded, another seller already shipped. */
  const totesOrder = (overrides: Partial<AdminOrder> = {}) =>
    anOrder({
      status: 'partially_shipped',
      seller_state: 'to_ship',
      payment_state: 'partially_refunded',
      items: [
        anItem({
          id: 201,
          name: 'Beach Run Tote',
          sku: 'TOTE-1',
          price_cents: 4_900,
          qty: 2,
          row_total_cents: 9_800,
          refunded_qty: 1,
          refunded_cents: 4_900,
        }),
      ],
      grand_total_cents: 9_800,
      subtotal_cents: 9_800,
      refunded_cents: 4_900,
      refunds: [
        {
          id: 7,
          amount_cents: 4_900,
          shipping_cents: 0,
          lines: [{ order_item_id: 201, qty: 1, amount_cents: 4_900 }],
          restocked: false,
          reason: null,
          source: 'staff',
          provider_refund_id: null,
          created_at: '2026-11-25T02:00:00.000Z',
        },
      ],
      actions: {
        approve: false,
        refuse: false,
        ship_sellers: [3],
        refund: false,
        cancel: false,
        refundable_cents: 0,
      },
      ...overrides,
    });

  it('[I34] shows the seller its own state ("To ship"), not the order’s "Partly shipped", and its refunds by line', async () => {
    const order = totesOrder();
    fakeApi({ 'GET /me': { body: vendorMe() }, [`GET /orders/${order.id}`]: { body: order } });
    renderAdmin('/admin/orders/12');
    const heading = await screen.findByRole('heading', { name: `Order #${order.increment_id}` });
    const badges = heading.parentElement?.querySelector('.badges');
    expect(badges).toHaveTextContent('To ship');
    expect(badges).not.toHaveTextContent('Partly shipped');
    const refunds = screen.getByRole('heading', { name: 'Refunds of your items' }).parentElement;
    expect(refunds).toHaveTextContent('$49.00');
    expect(refunds).toHaveTextContent('1 × Beach Run Tote');
  });

  it('[I34] the ship dialog reads what is left to ship: "1 × Beach Run Tote" after one of two was refunded', async () => {
    const user = userEvent.setup();
    const order = totesOrder();
    fakeApi({ 'GET /me': { body: vendorMe() }, [`GET /orders/${order.id}`]: { body: order } });
    renderAdmin('/admin/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Mark as shipped' }));
    const dialog = screen.getByRole('dialog', { name: "Mark Harbour Goods's items as shipped" });
    const lines = within(dialog).getAllByRole('listitem');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('1 × Beach Run Tote');
    expect(lines[0]).toHaveTextContent('1 of 2 refunded');
    expect(within(dialog).queryByText(/2 × Beach Run Tote/)).toBeNull();
  });

  it('[I34] no operator words for a seller: no "decide by", no Flagged, no staff note form; the customer is not a link', async () => {
    // Even were a reply to carry them, the screen shows operators' words to operators only.
    const order = totesOrder({
      status: 'pending_review',
      seller_state: 'awaiting_review',
      flagged: true,
      capture_by: '2026-12-04T02:00:00.000Z',
    });
    fakeApi({ 'GET /me': { body: vendorMe() }, [`GET /orders/${order.id}`]: { body: order } });
    renderAdmin('/admin/orders/12');
    await screen.findByText('Awaiting approval');
    expect(screen.queryByText(/decide by/)).toBeNull();
    expect(screen.queryByText('Flagged')).toBeNull();
    expect(screen.queryByLabelText('Add a note (staff only)')).toBeNull();
    expect(screen.queryByRole('link', { name: order.customer_name })).toBeNull();
  });

  it('[I34] an operator opens the customer from the order, and still sees the deadline and the flag', async () => {
    const order = anOrder({
      status: 'pending_review',
      flagged: true,
      capture_by: '2026-12-04T02:00:00.000Z',
      customer_id: 42,
    });
    orderApi(order);
    renderAdmin('/admin/orders/12');
    const link = await screen.findByRole('link', { name: order.customer_name });
    expect(link).toHaveAttribute('href', '/admin/customers/42');
    expect(screen.getByText(/decide by/)).toBeInTheDocument();
    expect(screen.getByText('Flagged')).toBeInTheDocument();
    expect(screen.getByLabelText('Add a note (staff only)')).toBeInTheDocument();
  });
});

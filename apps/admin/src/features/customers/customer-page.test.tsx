import type { AdminCustomerReply } from '@quokka/contract/api/customer-admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I34] The operators' customer page: who they are, their orders (linked), gift cards masked, texts in
// words with their status (no body), consent per seller with how and when, a STOP; 404 in words.

const aRecord = (overrides: Partial<AdminCustomerReply> = {}): AdminCustomerReply => ({
  customer: {
    id: 21,
    firstname: 'Kim',
    lastname: 'Lee',
    mobile: '+61412345678',
    email: 'kim@example.com',
    created_at: '2026-10-31T14:00:00.000Z',
    suspended_at: null,
    suspended_reason: null,
  },
  orders: {
    total: 1,
    items: [
      {
        id: 12,
        increment_id: '000000012',
        created_at: '2026-11-23T23:30:00.000Z',
        grand_total_cents: 4_985,
        status: 'partially_shipped',
        payment_state: 'captured',
      },
    ],
  },
  gift_cards: {
    total: 2,
    items: [
      {
        id: 5,
        gift_card_no: '•••• •••• •••• 2883',
        role: 'bought',
        product_name: 'Gift card',
        amount_cents: 5_000,
        balance_cents: 3_000,
        voided_at: null,
        recipient_name: 'Lou Park',
        order_id: 14,
        order_increment_id: '000000014',
        created_at: '2026-11-20T01:00:00.000Z',
        valid_until: null,
      },
      {
        id: 6,
        gift_card_no: '•••• •••• •••• 1044',
        role: 'holds',
        product_name: 'Gift card',
        amount_cents: 2_500,
        balance_cents: 0,
        voided_at: '2026-11-22T01:00:00.000Z',
        recipient_name: 'Kim Lee',
        order_id: 15,
        order_increment_id: '000000015',
        created_at: '2026-11-21T01:00:00.000Z',
        valid_until: null,
      },
    ],
  },
  texts: {
    total: 2,
    items: [
      {
        id: 40,
        created_at: '2026-11-24T23:00:00.000Z',
        sent_at: '2026-11-24T23:00:01.000Z',
        channel: 'sms',
        purpose: 'sign_in_code',
        status: 'delivered',
        send_state: 'sent',
        error_code: null,
        order_id: null,
      },
      {
        id: 39,
        created_at: '2026-11-23T23:31:00.000Z',
        sent_at: null,
        channel: 'sms',
        purpose: 'order_receipt',
        status: 'failed',
        send_state: 'failed',
        error_code: '30006',
        order_id: 12,
      },
    ],
  },
  consent: {
    sellers: [
      {
        seller_id: 3,
        seller_name: 'Harbour Goods',
        state: 'subscribed',
        source: 'checkout',
        requested_at: '2026-11-20T01:00:00.000Z',
        subscribed_at: '2026-11-20T01:00:00.000Z',
        unsubscribed_at: null,
        unsubscribed_via: null,
      },
      {
        seller_id: 4,
        seller_name: 'Outback Outfitters',
        state: 'unsubscribed',
        source: 'account',
        requested_at: '2026-11-21T01:00:00.000Z',
        subscribed_at: '2026-11-21T01:00:00.000Z',
        unsubscribed_at: '2026-11-22T01:00:00.000Z',
        unsubscribed_via: 'link',
      },
    ],
    stopped_all: { at: '2026-11-23T01:00:00.000Z', via: 'keyword' },
  },
  ...overrides,
});

describe('[I34] the customer page', () => {
  it('shows the member, their orders, gift cards, texts and consent', async () => {
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /customers/21': { body: aRecord() },
    });
    renderAdmin('/admin/customers/21');
    expect(await screen.findByRole('heading', { name: 'Kim Lee', level: 1 })).toBeInTheDocument();
    expect(api.to('GET /customers/21')).toHaveLength(1);
    expect(screen.getByText('0412 345 678')).toBeInTheDocument();
    expect(screen.getByText('kim@example.com')).toBeInTheDocument();
    // 31 Oct 14:00 UTC is 1 Nov in Sydney.
    expect(screen.getByText('1 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();

    const orders = screen.getByRole('region', { name: 'Orders (1)' });
    expect(within(orders).getByRole('link', { name: 'Order #000000012' })).toHaveAttribute(
      'href',
      '/admin/orders/12',
    );
    expect(orders).toHaveTextContent('$49.85');
    expect(orders).toHaveTextContent('24 Nov 2026, 10:30 am');
    expect(orders).toHaveTextContent('Partly shipped');
    expect(orders).toHaveTextContent('Paid');

    const cards = screen.getByRole('region', { name: 'Gift cards (2)' });
    expect(cards).toHaveTextContent('•••• •••• •••• 2883$50.00');
    expect(cards).toHaveTextContent('Bought for Lou Park · Gift card');
    expect(cards).toHaveTextContent('$30.00 left to spend');
    expect(cards).toHaveTextContent('Sent to them · Gift card');
    expect(cards).toHaveTextContent('Voided 22 Nov 2026, 12:00 pm');

    const texts = screen.getByRole('region', { name: 'Texts (2)' });
    expect(texts).toHaveTextContent('The words are not shown');
    expect(texts).toHaveTextContent('Sign-in code');
    expect(texts).toHaveTextContent('Delivered');
    expect(texts).toHaveTextContent('Order receipt');
    expect(texts).toHaveTextContent('Failed (30006)');
    expect(within(texts).getByRole('link', { name: 'Its order' })).toHaveAttribute(
      'href',
      '/admin/orders/12',
    );

    const consent = screen.getByRole('region', { name: 'Text offers' });
    expect(consent).toHaveTextContent(
      'Texted STOP on 23 Nov 2026, 12:00 pm: no seller’s offers go to this mobile until they text START.',
    );
    expect(consent).toHaveTextContent('Harbour GoodsYes');
    expect(consent).toHaveTextContent('Said yes at checkout on 20 Nov 2026, 12:00 pm.');
    expect(consent).toHaveTextContent('Outback OutfittersNo');
    expect(consent).toHaveTextContent(
      'Said yes in My Account on 21 Nov 2026, 12:00 pm; withdrew it with the opt-out link on 22 Nov 2026, 12:00 pm.',
    );
  });

  it('a suspended member, nothing yet, and an unknown member in words', async () => {
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /customers/21': {
        body: aRecord({
          customer: {
            ...aRecord().customer,
            suspended_at: '2026-11-24T09:13:00.000Z',
            suspended_reason: 'Chargebacks',
          },
          orders: { total: 0, items: [] },
          gift_cards: { total: 0, items: [] },
          texts: { total: 0, items: [] },
          consent: { sellers: [], stopped_all: null },
        }),
      },
      'GET /customers/99': { status: 404, body: { message: 'There is no such member.', code: 'NOT_FOUND' } },
    });
    const view = renderAdmin('/admin/customers/21');
    expect(await screen.findByText('Suspended since 24 Nov 2026, 8:13 pm: Chargebacks')).toBeInTheDocument();
    expect(screen.getByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getByText('No gift cards bought or received.')).toBeInTheDocument();
    expect(screen.getByText('No texts sent to this mobile.')).toBeInTheDocument();
    expect(screen.getByText('Never asked for any seller’s text offers.')).toBeInTheDocument();
    view.unmount();

    renderAdmin('/admin/customers/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such member.');
    expect(screen.getByRole('link', { name: '← Members' })).toHaveAttribute('href', '/admin/members');
  });
});

import type { SellerHomeReply } from '@quokka/contract/api/seller-home';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I34] A seller's home screen: its staff start there; this week's takings, what to ship (each order to its
// page), what was refunded lately; and the words when there is nothing.

const VENDOR = aMe({
  staff: { id: 9, name: 'Hal Harbour', mobile: '+61412000999', role: 'vendor', seller_id: 3 },
});

const aHome = (overrides: Partial<SellerHomeReply> = {}): SellerHomeReply => ({
  seller: { id: 3, name: 'Harbour Goods' },
  to_ship: {
    total: 2,
    items: [
      {
        id: 31,
        increment_id: '000000031',
        created_at: '2026-11-22T13:30:00.000Z',
        customer_name: 'Sam Shopper',
        units: 2,
        lines: [{ order_item_id: 301, sku: 'TOTE-1', name: 'Beach Run Tote', qty: 2 }],
      },
      {
        id: 35,
        increment_id: '000000035',
        created_at: '2026-11-24T22:00:00.000Z',
        customer_name: 'Kim Lee',
        units: 1,
        lines: [{ order_item_id: 351, sku: 'CUP-3', name: 'Clay Cup', qty: 1 }],
      },
    ],
  },
  refunds: {
    days: 14,
    total: 2,
    items: [
      {
        order_id: 28,
        increment_id: '000000028',
        order_item_id: 281,
        sku: 'TOTE-1',
        name: 'Beach Run Tote',
        qty: 1,
        amount_cents: 4_500,
        kind: 'refunded',
        at: '2026-11-24T23:00:00.000Z',
      },
      {
        order_id: 29,
        increment_id: '000000029',
        order_item_id: 291,
        sku: 'CUP-3',
        name: 'Clay Cup',
        qty: 2,
        amount_cents: 2_000,
        kind: 'cancelled',
        at: '2026-11-23T02:00:00.000Z',
      },
    ],
  },
  takings: {
    from: '2026-11-22T13:00:00.000Z',
    from_date: '2026-11-23',
    sales_cents: 6_990,
    refunds_cents: 2_995,
    takings_cents: 3_995,
  },
  ...overrides,
});

describe('[I34] a seller’s home screen', () => {
  it('a seller’s staff start on Home: takings, orders to ship linking to their pages, refunds', async () => {
    const api = fakeApi({
      'GET /me': { body: VENDOR },
      'GET /dashboard': { body: aDashboard() },
      'GET /seller-home': { body: aHome() },
    });
    renderAdmin('/admin/');
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/admin/home');

    const takings = await screen.findByRole('region', { name: 'This week’s takings' });
    expect(takings).toHaveTextContent('$39.95');
    expect(takings).toHaveTextContent('Since Mon 23 Nov 2026: sales $69.90, less refunds $29.95.');

    const toShip = screen.getByRole('region', { name: 'To ship' });
    expect(toShip).toHaveTextContent('2 orders with your items to send, oldest first.');
    const first = within(toShip).getByRole('listitem', { name: 'Order #000000031' });
    expect(within(first).getByRole('link', { name: 'Order #000000031' })).toHaveAttribute(
      'href',
      '/admin/orders/31',
    );
    expect(first).toHaveTextContent('2 × Beach Run Tote');
    expect(first).toHaveTextContent('Placed 23 Nov 2026, 12:30 am · Sam Shopper');
    const order = within(toShip)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(order).toEqual(['Order #000000031', 'Order #000000035']);

    const refunds = screen.getByRole('region', { name: 'Refunded lately' });
    expect(refunds).toHaveTextContent(
      '1 × Beach Run Tote Refunded $45.00Order #000000028 · 25 Nov 2026, 10:00 am',
    );
    expect(refunds).toHaveTextContent('2 × Clay Cup Cancelled $20.00');
    expect(within(refunds).getByRole('link', { name: 'Order #000000028' })).toHaveAttribute(
      'href',
      '/admin/orders/28',
    );
    expect(api.to('GET /seller-home')).toHaveLength(1);
  });

  it('says so when there is nothing to ship or refunded, and a week of more refunds than sales', async () => {
    fakeApi({
      'GET /me': { body: VENDOR },
      'GET /dashboard': { body: aDashboard() },
      'GET /seller-home': {
        body: aHome({
          to_ship: { total: 0, items: [] },
          refunds: { days: 14, total: 0, items: [] },
          takings: {
            from: '2026-11-22T13:00:00.000Z',
            from_date: '2026-11-23',
            sales_cents: 0,
            refunds_cents: 1_250,
            takings_cents: -1_250,
          },
        }),
      },
    });
    renderAdmin('/admin/home');
    expect(await screen.findByText('Nothing to ship. Orders show here once approved.')).toBeInTheDocument();
    expect(
      screen.getByText('Nothing of yours was refunded or cancelled in the last 14 days.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'This week’s takings' })).toHaveTextContent('-$12.50');
  });

  it('shows the server’s words when the home cannot be read', async () => {
    fakeApi({
      'GET /me': { body: VENDOR },
      'GET /dashboard': { body: aDashboard() },
      'GET /seller-home': {
        status: 403,
        body: { message: 'The home screen is for a seller’s staff.', code: 'FORBIDDEN' },
      },
    });
    renderAdmin('/admin/home');
    expect(await screen.findByRole('alert')).toHaveTextContent('The home screen is for a seller’s staff.');
  });
});

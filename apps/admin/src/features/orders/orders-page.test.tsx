import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe, anOrderSummary } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const list = (items = [anOrderSummary()], total = items.length, page = 1) => ({
  body: { items, total, page, page_size: 50 },
});

describe('[I15-admin] orders list', () => {
  it('sends the filters as the query string, and exports the same filters as CSV', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': list([
        anOrderSummary({ flagged: true }),
        anOrderSummary({ id: 13, increment_id: '000000013', sellers: [{ id: 4, name: 'Bush Tucker Co' }] }),
      ]),
    });
    renderAdmin('/admin/orders');
    expect(await screen.findByText('#000000012')).toBeInTheDocument();
    // The first list asks for page 1 with no filters.
    expect(api.to('GET /orders')[0]?.query.toString()).toBe('page=1');

    await user.type(screen.getByLabelText('Search'), ' 0413 000 111 ');
    await user.selectOptions(screen.getByLabelText('Status'), 'Awaiting approval');
    // The seller filter offers the sellers of the orders listed.
    await user.selectOptions(screen.getByLabelText('Seller'), 'Bush Tucker Co');
    await user.type(screen.getByLabelText('Placed from'), '2026-11-01');
    await user.type(screen.getByLabelText('Placed to'), '2026-11-24');
    await user.click(screen.getByLabelText('Flagged only'));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByText('2 orders');
    const sent = api.to('GET /orders').at(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      q: '0413 000 111',
      status: 'pending_review',
      seller_id: '4',
      from: '2026-11-01',
      to: '2026-11-24',
      flagged: '1',
      page: '1',
    });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/admin/api/orders.csv?q=0413+000+111&status=pending_review&seller_id=4&from=2026-11-01&to=2026-11-24&flagged=1',
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    // Back to the unfiltered list (the first answer, still fresh in the cache).
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/admin/api/orders.csv',
      ),
    );
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('shows each order with its badges, money and a link; the flagged one says so', async () => {
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': list([
        anOrderSummary({ flagged: true }),
        anOrderSummary({
          id: 13,
          increment_id: '000000013',
          status: 'shipped',
          payment_state: 'partially_refunded',
          grand_total_cents: 123_456,
          refunded_cents: 1_250,
        }),
      ]),
    });
    renderAdmin('/admin/orders');
    const rows = within((await screen.findAllByRole('table'))[0] as HTMLElement).getAllByRole('row');
    expect(rows).toHaveLength(3); // the header and two orders
    // An operator's rows start with the tick box ([I34-bulk]).
    expect(rows[1]).toHaveTextContent(/^Select#000000012 Flagged/);
    expect(rows[1]).toHaveTextContent('Awaiting approvalAuthorised');
    expect(rows[1]).toHaveTextContent('$44.90');
    expect(rows[1]).toHaveTextContent('0413 000 111');
    expect(rows[2]).toHaveTextContent('ShippedPartly refunded');
    expect(rows[2]).toHaveTextContent('$1,234.56$12.50 refunded');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: '#000000013' })).toHaveAttribute(
      'href',
      '/admin/orders/13',
    );
  });

  it('[I30] an order bought by reply carries the "Bought by reply" badge; the others do not', async () => {
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': list([
        anOrderSummary({ bought_by_reply: true }),
        anOrderSummary({ id: 13, increment_id: '000000013' }),
      ]),
    });
    renderAdmin('/admin/orders');
    const rows = within((await screen.findAllByRole('table'))[0] as HTMLElement).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^Select#000000012 Bought by reply/);
    expect(within(rows[1] as HTMLElement).getByText('Bought by reply')).toHaveClass('badge');
    expect(rows[2]).not.toHaveTextContent('Bought by reply');
  });

  it('pages through the list, keeping the filters', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': (call) => list([anOrderSummary()], 120, Number(call.query.get('page'))),
    });
    renderAdmin('/admin/orders?status=approved');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(Object.fromEntries(api.to('GET /orders').at(-1)?.query ?? [])).toEqual({
      status: 'approved',
      page: '2',
    });
  });
});

// [I34-bulk] Operators tick orders and approve or ship them together; each order's result is shown.
describe('[I34-bulk] bulk approve and bulk ship', () => {
  const approved = (id: number, overrides: Parameters<typeof anOrderSummary>[0] = {}) =>
    anOrderSummary({
      id,
      increment_id: `0000000${id}`,
      status: 'approved',
      payment_state: 'captured',
      ...overrides,
    });

  it('approves the ticked orders and shows each one’s result; the ones not done stay ticked', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': list([
        anOrderSummary(),
        anOrderSummary({ id: 13, increment_id: '000000013', status: 'refused' }),
        anOrderSummary({ id: 14, increment_id: '000000014' }),
      ]),
      'POST /orders/bulk-approve': {
        body: {
          succeeded: 1,
          failed: 1,
          results: [
            {
              order_id: 12,
              increment_id: '000000012',
              ok: true,
              changed: true,
              status: 'approved',
              code: null,
              message: 'Approved.',
            },
            {
              order_id: 13,
              increment_id: '000000013',
              ok: false,
              changed: false,
              status: 'refused',
              code: 'CONFLICT',
              message:
                'Order 000000013 is refused: only an order awaiting review can be approved or refused.',
            },
          ],
        },
      },
    });
    renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #000000012' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #000000013' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    expect(bar).toHaveTextContent('2 orders selected');

    await user.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    const results = await screen.findByRole('region', { name: /Approved 1 of 2 orders; 1 not/ });
    // Focus moves to the results' heading.
    expect(within(results).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(api.to('POST /orders/bulk-approve')[0]?.body).toEqual({ order_ids: [12, 13] });
    expect(api.to('POST /orders/bulk-approve')[0]?.headers['x-csrf-token']).toBeTruthy();
    const lines = within(results).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Done #000000012: Approved.');
    expect(lines[1]).toHaveTextContent(
      'Not done #000000013: Order 000000013 is refused: only an order awaiting review can be approved or refused.',
    );
    expect(within(lines[1] as HTMLElement).getByRole('link', { name: '#000000013' })).toHaveAttribute(
      'href',
      '/admin/orders/13',
    );
    // The one done is let go; the one refused stays ticked.
    expect(screen.getByRole('checkbox', { name: 'Select order #000000012' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #000000013' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('1 order selected');

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: /Approved/ })).toBeNull();
  });

  it('ships the ticked orders with one carrier and a tracking number each; the seller asked only where two sell', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': list([
        approved(21),
        approved(22, {
          status: 'partially_shipped',
          sellers: [
            { id: 3, name: 'Harbour Goods' },
            { id: 4, name: 'Bush Tucker Co' },
          ],
        }),
        anOrderSummary({ id: 23, increment_id: '000000023' }),
      ]),
      'POST /orders/bulk-ship': (call) => ({
        body: {
          succeeded: 2,
          failed: 0,
          results: (
            call.body as { shipments: { order_id: number; tracking_number: string }[] }
          ).shipments.map((shipment) => ({
            order_id: shipment.order_id,
            increment_id: `0000000${shipment.order_id}`,
            ok: true,
            changed: true,
            status: 'shipped',
            code: null,
            message: `Shipped with Sendle, tracking ${shipment.tracking_number}.`,
          })),
        },
      }),
    });
    renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all 3 orders on this page' }));
    expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('3 orders selected');
    await user.click(screen.getByRole('button', { name: 'Ship selected' }));

    const sheet = screen.getByRole('dialog', { name: 'Ship 2 orders' });
    // The order awaiting approval is left out, and said to be.
    expect(sheet).toHaveTextContent('1 selected order is not ready to ship');
    expect(within(sheet).queryByLabelText('Tracking number for #000000023')).toBeNull();
    // Only the two-seller order asks whose items.
    expect(within(sheet).queryByLabelText('Whose items in #000000021')).toBeNull();
    await user.selectOptions(within(sheet).getByLabelText('Carrier for every order'), 'Sendle');

    // A missing tracking number is said beside its field, and nothing is sent.
    await user.type(within(sheet).getByLabelText('Tracking number for #000000021'), 'SN100');
    await user.click(within(sheet).getByRole('button', { name: 'Mark 2 orders as shipped' }));
    const missing = within(sheet).getByLabelText('Tracking number for #000000022');
    expect(missing).toHaveAttribute('aria-invalid', 'true');
    expect(missing).toHaveAccessibleDescription('Enter the tracking number as the carrier gives it.');
    expect(api.to('POST /orders/bulk-ship')).toHaveLength(0);

    await user.type(missing, ' SN200 ');
    await user.selectOptions(within(sheet).getByLabelText('Whose items in #000000022'), 'Bush Tucker Co');
    await user.click(within(sheet).getByRole('button', { name: 'Mark 2 orders as shipped' }));

    const results = await screen.findByRole('region', { name: 'Shipped 2 of 2 orders' });
    expect(within(results).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(api.to('POST /orders/bulk-ship')[0]?.body).toEqual({
      carrier: 'Sendle',
      shipments: [
        { order_id: 21, tracking_number: 'SN100' },
        { order_id: 22, tracking_number: 'SN200', seller_id: 4 },
      ],
    });
    expect(within(results).getAllByRole('listitem')[1]).toHaveTextContent(
      'Done #000000022: Shipped with Sendle, tracking SN200.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // The two shipped are let go; the one not sent stays ticked.
    expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('1 order selected');
  });

  it("an 'Other' carrier needs its name, checked as the server would", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': list([approved(21)]),
    });
    renderAdmin('/admin/orders');
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #000000021' }));
    await user.click(screen.getByRole('button', { name: 'Ship selected' }));
    const sheet = screen.getByRole('dialog', { name: 'Ship 1 order' });
    await user.selectOptions(within(sheet).getByLabelText('Carrier for every order'), 'Other');
    await user.type(within(sheet).getByLabelText('Tracking number for #000000021'), 'BV-1');
    await user.click(within(sheet).getByRole('button', { name: 'Mark 1 order as shipped' }));
    expect(within(sheet).getByLabelText('Carrier name')).toHaveAccessibleDescription(
      "Enter the carrier's name.",
    );
    expect(api.to('POST /orders/bulk-ship')).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// [I34-seller-state] A seller's staff: their own part's state, no operator filters, no ticking.
describe('[I34-seller-state] the list for a seller’s staff', () => {
  const vendorMe = () =>
    aMe({ staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 } });

  it('shows their own state (To ship, not Partly shipped) and filters by it; no Seller, Flagged or ticking', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /orders': list([
        anOrderSummary({ status: 'partially_shipped', payment_state: 'captured', seller_state: 'to_ship' }),
      ]),
    });
    renderAdmin('/admin/orders');
    const rows = within((await screen.findAllByRole('table'))[0] as HTMLElement).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('To ship');
    expect(rows[1]).not.toHaveTextContent('Partly shipped');
    expect(rows[1]).not.toHaveTextContent('Captured');
    // The Sellers column would list only their own seller: it is not shown to them.
    expect(within(rows[0] as HTMLElement).queryByRole('columnheader', { name: 'Sellers' })).toBeNull();
    expect(rows[1]).not.toHaveTextContent('Harbour Goods');
    expect(screen.queryByLabelText('Seller')).toBeNull();
    expect(screen.queryByLabelText('Flagged only')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Select/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull();

    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any status', 'Awaiting approval', 'To ship', 'Shipped', 'Refunded', 'Refused', 'Cancelled']);
    await user.selectOptions(status, 'To ship');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.to('GET /orders').at(-1)?.query ?? [])).toEqual({
        seller_state: 'to_ship',
        page: '1',
      }),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/admin/api/orders.csv?seller_state=to_ship',
    );
  });
});

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
    expect(rows[1]).toHaveTextContent(/^#000000012 Flagged/);
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
    expect(rows[1]).toHaveTextContent(/^#000000012 Bought by reply/);
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

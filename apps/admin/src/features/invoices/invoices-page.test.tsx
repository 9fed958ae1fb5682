import type { TaxInvoice } from '@quokka/contract/api/payouts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const invoice: TaxInvoice = {
  id: 5,
  invoice_number: 42,
  seller_id: 3,
  seller_name: 'Harbour Goods',
  month: '2026-10',
  issued_on: '2026-11-02',
  service_fee_cents: 232,
  commission_cents: 155,
  gst_cents: 39,
  subscription_cents: 0,
  subscription_gst_cents: 0,
  total_cents: 426,
};

describe('[I16-invoices] tax invoices page', () => {
  it('[I32] shows the monthly subscription, with its GST in the GST column (totals by hand)', async () => {
    // Fees 36 + 38 = 74 → $0.74; subscription $29.00; GST 7 + 290 = 297 → $2.97; total 3,271 → $32.71.
    const march: TaxInvoice = {
      ...invoice,
      month: '2027-03',
      issued_on: '2027-04-01',
      service_fee_cents: 36,
      commission_cents: 38,
      gst_cents: 7,
      subscription_cents: 2900,
      subscription_gst_cents: 290,
      total_cents: 3271,
    };
    fakeApi({ 'GET /me': { body: aMe() }, 'GET /invoices': { body: { items: [march] } } });
    renderAdmin('/admin/invoices');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Subscription' })).toBeInTheDocument();
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'INV-000042',
      'Harbour Goods',
      'March 2027',
      'Thu 1 Apr 2027',
      '$0.74',
      '$29.00',
      '$2.97',
      '$32.71',
      'Download PDF',
    ]);
  });

  it('lists invoices with fees, GST, total and a PDF link (operators see the seller)', async () => {
    fakeApi({ 'GET /me': { body: aMe() }, 'GET /invoices': { body: { items: [invoice] } } });
    renderAdmin('/admin/invoices');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    // Fees 232 + 155 = 387 → $3.87; GST $0.39; total $4.26.
    expect(rows[1]).toHaveTextContent('INV-000042');
    expect(rows[1]).toHaveTextContent('Harbour Goods');
    expect(rows[1]).toHaveTextContent('$3.87');
    expect(rows[1]).toHaveTextContent('$0.39');
    expect(rows[1]).toHaveTextContent('$4.26');
    // The month and the date of issue as people write them.
    expect(rows[1]).toHaveTextContent('October 2026');
    expect(rows[1]).toHaveTextContent('Mon 2 Nov 2026');
    expect(screen.getByRole('link', { name: 'Download PDF of INV-000042' })).toHaveAttribute(
      'href',
      '/admin/api/invoices/5/pdf',
    );
  });

  it('a vendor sees their list without the seller column; none yet says so', async () => {
    fakeApi({
      'GET /me': {
        body: aMe({ staff: { id: 9, name: 'Sam', mobile: '+61412000111', role: 'vendor', seller_id: 3 } }),
      },
      'GET /invoices': { body: { items: [] } },
    });
    renderAdmin('/admin/invoices');
    expect(await screen.findByText('No tax invoices yet.')).toBeInTheDocument();
  });
});

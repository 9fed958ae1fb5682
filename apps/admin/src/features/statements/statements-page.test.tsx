import type { StatementReply, StatementSummary } from '@quokka/contract/api/ledger';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

function aStatement(overrides: Partial<StatementSummary> = {}): StatementSummary {
  return {
    id: 5,
    seller_id: 3,
    seller_name: 'Harbour Goods',
    week_ends_on: '2027-03-08',
    period_start: '2027-03-01T01:00:00.000Z',
    period_end: '2027-03-08T00:59:59.999Z',
    remittance_on: '2027-03-10',
    net_cents: 5619,
    brought_forward_cents: 0,
    payable_cents: 5619,
    carried_forward_cents: 0,
    entry_count: 2,
    generated_at: '2027-03-08T01:00:00.000Z',
    paid_at: null,
    ...overrides,
  };
}

const vendor = aMe({ staff: { id: 9, name: 'Hana', mobile: '+61412345679', role: 'vendor', seller_id: 3 } });

describe('[I16-statements] statements list', () => {
  it('[I16-statements] an operator sees every seller, filters by seller and week, and sees paid or unpaid, dates written out', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /statements': {
        body: {
          items: [
            aStatement(),
            aStatement({
              id: 6,
              seller_id: 4,
              seller_name: 'Outback Outfitters',
              net_cents: -966,
              payable_cents: 0,
              carried_forward_cents: -966,
            }),
            aStatement({ id: 7, week_ends_on: '2027-03-01', paid_at: '2027-03-03T00:00:00.000Z' }),
          ],
        },
      },
    });
    renderAdmin('/admin/statements');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Mon 8 Mar 2027Harbour Goods$56.19$56.19Wed 10 Mar 2027Unpaid');
    expect(rows[2]).toHaveTextContent('Outback Outfitters-$9.66$0.00');
    expect(rows[2]).toHaveTextContent('Nothing to pay');
    expect(rows[3]).toHaveTextContent('Paid');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Mon 8 Mar 2027' })).toHaveAttribute(
      'href',
      '/admin/statements/5',
    );

    await user.selectOptions(screen.getByLabelText('Seller'), 'Outback Outfitters');
    await user.type(screen.getByLabelText('Week ending (Monday)'), '2027-03-08');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByRole('table');
    const sent = api.to('GET /statements').at(-1);
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({ seller_id: '4', week: '2027-03-08' });
  });

  it('a vendor sees their own statements, without a seller column or filter', async () => {
    fakeApi({
      'GET /me': { body: vendor },
      'GET /dashboard': { body: aDashboard() },
      'GET /statements': { body: { items: [aStatement()] } },
    });
    renderAdmin('/admin/statements');
    const table = await screen.findByRole('table');
    expect(within(table).queryByText('Harbour Goods')).toBeNull();
    expect(screen.queryByLabelText('Seller')).toBeNull();
  });
});

describe('[I16-statements] one statement', () => {
  const reply: StatementReply = {
    statement: aStatement({ net_cents: 1961, payable_cents: 995, brought_forward_cents: -966 }),
    totals: [
      { kind: 'sale', label: 'Sales', amount_cents: 1995 },
      { kind: 'service_fee', label: 'Service fee', amount_cents: -34 },
    ],
    lines: [
      {
        id: '1',
        occurred_at: '2027-03-03T00:00:00.000Z',
        kind: 'sale',
        order_id: 12,
        order_increment_id: '000000012',
        description: '1 × Mug (MUG-1)',
        amount_cents: 1995,
        base_cents: null,
      },
      {
        id: '2',
        occurred_at: '2027-03-03T00:00:00.000Z',
        kind: 'service_fee',
        order_id: 12,
        order_increment_id: '000000012',
        description: 'Service fee 2.9%',
        amount_cents: -34,
        base_cents: 1995,
      },
    ],
  };

  it('shows the summary, totals, every line and the CSV and PDF downloads', async () => {
    fakeApi({
      'GET /me': { body: vendor },
      'GET /dashboard': { body: aDashboard() },
      'GET /statements/5': { body: reply },
    });
    renderAdmin('/admin/statements/5');
    expect(
      await screen.findByRole('heading', { name: 'Statement: week ending Mon 8 Mar 2027' }),
    ).toBeDefined();
    expect(screen.getByText('Brought forward').nextSibling).toHaveTextContent('-$9.66');
    expect(screen.getByText('Payable').nextSibling).toHaveTextContent('$9.95');
    expect(screen.getByText('Remittance date').nextSibling).toHaveTextContent('Wed 10 Mar 2027');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('#000000012Sales1 × Mug (MUG-1)$19.95');
    expect(rows[2]).toHaveTextContent('Service fee 2.9%-$0.34');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/admin/api/statements/5/csv',
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/admin/api/statements/5/pdf',
    );
  });

  it('[I32] the month’s first statement shows "Monthly subscription" and "GST on subscription"', async () => {
    // 2,900 a month and 10% GST (290) off a week of $12.34 sales less fees 36 + 38 + GST 7:
    // 1,234 − 81 − 3,190 = −2,037, carried forward.
    const first: StatementReply = {
      statement: aStatement({
        week_ends_on: '2027-03-01',
        period_start: '2027-02-22T01:00:00.000Z',
        period_end: '2027-03-01T00:59:59.999Z',
        remittance_on: '2027-03-03',
        net_cents: -2037,
        payable_cents: 0,
        carried_forward_cents: -2037,
        entry_count: 3,
      }),
      totals: [
        { kind: 'sale', label: 'Sales', amount_cents: 1234 },
        { kind: 'subscription', label: 'Monthly subscription', amount_cents: -2900 },
        { kind: 'subscription_gst', label: 'GST on subscription', amount_cents: -290 },
      ],
      lines: [
        {
          id: '7',
          occurred_at: '2027-03-01T00:59:59.999Z',
          kind: 'subscription',
          order_id: null,
          order_increment_id: null,
          description: 'Monthly subscription, March 2027 (excluding GST)',
          amount_cents: -2900,
          base_cents: null,
        },
        {
          id: '8',
          occurred_at: '2027-03-01T00:59:59.999Z',
          kind: 'subscription_gst',
          order_id: null,
          order_increment_id: null,
          description: 'GST on the March 2027 subscription (10%)',
          amount_cents: -290,
          base_cents: 2900,
        },
      ],
    };
    fakeApi({
      'GET /me': { body: vendor },
      'GET /dashboard': { body: aDashboard() },
      'GET /statements/5': { body: first },
    });
    renderAdmin('/admin/statements/5');
    expect(
      await screen.findByRole('heading', { name: 'Statement: week ending Mon 1 Mar 2027' }),
    ).toBeDefined();
    const totals = within(screen.getByRole('heading', { name: 'Totals' }).parentElement as HTMLElement);
    expect(totals.getByText('Monthly subscription').nextSibling).toHaveTextContent('-$29.00');
    expect(totals.getByText('GST on subscription').nextSibling).toHaveTextContent('-$2.90');
    expect(screen.getByText('Carried forward').nextSibling).toHaveTextContent('-$20.37');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      '—Monthly subscriptionMonthly subscription, March 2027 (excluding GST)-$29.00',
    );
    expect(rows[2]).toHaveTextContent('—GST on subscriptionGST on the March 2027 subscription (10%)-$2.90');
  });

  it("another seller's statement: the server's not found, shown as it is", async () => {
    fakeApi({
      'GET /me': { body: vendor },
      'GET /dashboard': { body: aDashboard() },
      'GET /statements/6': {
        status: 404,
        body: { message: 'The statement does not exist.', code: 'NOT_FOUND' },
      },
    });
    renderAdmin('/admin/statements/6');
    expect(await screen.findByRole('alert')).toHaveTextContent('The statement does not exist.');
  });
});

import type { PayoutRun, PayoutRunDetail, PayoutsDueReply } from '@quokka/contract/api/payouts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe } from '../../test/factories';
import { fakeApi, stepUpRequired } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const bank = {
  seller_id: 3,
  seller_name: 'Harbour Goods',
  account_name: 'Harbour Goods Pty Ltd',
  bsb: '062-000',
  account_number_masked: '••••5678',
  updated_at: '2026-11-20T00:00:00.000Z',
};

const due: PayoutsDueReply = {
  by: '2026-11-20',
  next_due_on: null,
  items: [
    {
      statement_id: 11,
      seller_id: 3,
      seller_name: 'Harbour Goods',
      week_ends_on: '2026-11-16',
      remittance_on: '2026-11-18',
      payable_cents: 12_345,
      payable: true,
      held: false,
      bank,
    },
    {
      statement_id: 12,
      seller_id: 4,
      seller_name: 'No Bank Co',
      week_ends_on: '2026-11-16',
      remittance_on: '2026-11-18',
      payable_cents: 2_500,
      payable: false,
      held: false,
      bank: null,
    },
  ],
  payable_total_cents: 12_345,
};

const accounts = {
  items: [
    { seller_id: 3, seller_name: 'Harbour Goods', account: bank },
    { seller_id: 4, seller_name: 'No Bank Co', account: null },
  ],
};

const draft: PayoutRun = {
  id: 7,
  status: 'draft',
  process_on: '2026-11-20',
  total_cents: 12_345,
  item_count: 1,
  created_at: '2026-11-20T00:00:00.000Z',
  created_by_name: 'Jo Operator',
  remitted_at: null,
};
const detail = (run: PayoutRun): PayoutRunDetail => ({ ...run, items: [] });

describe('[I16-payouts] payouts page', () => {
  it('[I34] opens on the date the server picks (the next remittance with something due), not today', async () => {
    const user = userEvent.setup();
    const nothing: PayoutsDueReply = {
      by: '2026-11-28',
      next_due_on: '2026-12-02',
      items: [],
      payable_total_cents: 0,
    };
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /payouts/due': [{ body: { ...due, by: '2026-11-18' } }, { body: nothing }, { body: due }],
      'GET /bank-accounts': { body: accounts },
      'GET /payouts': { body: { items: [] } },
    });
    renderAdmin('/admin/payouts');
    expect(await screen.findByRole('table', { name: 'Statements due' })).toBeInTheDocument();
    // The first call asks for no date: the server's reply names it and the date field shows it.
    expect(api.to('GET /payouts/due')[0]?.query.has('by')).toBe(false);
    const dateInput = screen.getByLabelText('Remittance date on or before');
    expect(dateInput).toHaveValue('2026-11-18');

    // A day with nothing due says so in words, and offers the next remittance with something due.
    fireEvent.change(dateInput, { target: { value: '2026-11-28' } });
    const nothingDue = await screen.findByText(/Nothing is due by 28 Nov 2026\./);
    expect(nothingDue).toHaveTextContent('The next remittance with something due is 2 Dec 2026.');
    expect(document.body).not.toHaveTextContent('2026-11-28');
    await user.click(screen.getByRole('button', { name: 'Show 2 Dec 2026' }));
    expect(await screen.findByRole('table', { name: 'Statements due' })).toBeInTheDocument();
    expect(api.to('GET /payouts/due').map((call) => call.query.get('by'))).toEqual([
      null,
      '2026-11-28',
      '2026-12-02',
    ]);
    expect(screen.getByLabelText('Remittance date on or before')).toHaveValue('2026-12-02');
  });

  it('lists the statements due (no bank account flagged), creates a run after the passkey check, marks it remitted', async () => {
    const user = userEvent.setup();
    const remitted = { ...draft, status: 'remitted' as const, remitted_at: '2026-11-20T01:00:00.000Z' };
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /payouts/due': { body: due },
      'GET /bank-accounts': { body: accounts },
      'GET /payouts': [
        { body: { items: [] } },
        { body: { items: [draft] } },
        { body: { items: [remitted] } },
      ],
      'POST /payouts': [stepUpRequired, { body: detail(draft) }],
      'POST /step-up/options': { body: { challenge: 'c3RlcC11cA', allowCredentials: [] } },
      'POST /step-up': { body: { status: true, ...aMe({ passkey_fresh: true }) } },
      'POST /payouts/7/remitted': { body: detail(remitted) },
    });
    renderAdmin('/admin/payouts');
    const dueTable = await screen.findByRole('table', { name: 'Statements due' });
    // [I34] The date is the server's pick (the reply's `by`), shown in the field and used for the run.
    expect(screen.getByLabelText('Remittance date on or before')).toHaveValue('2026-11-20');
    const rows = within(dueTable).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('062-000 ••••5678');
    expect(rows[1]).toHaveTextContent('$123.45');
    expect(rows[1]).toHaveTextContent('Mon 16 Nov 2026');
    expect(rows[1]).toHaveTextContent('Wed 18 Nov 2026');
    expect(rows[2]).toHaveTextContent('No bank account: not paid');
    expect(api.to('GET /payouts/due').at(-1)?.query.get('by')).toBeNull();
    expect(screen.getByTestId('payable-total')).toHaveTextContent('$123.45');

    await user.click(screen.getByRole('button', { name: 'Create payout run' }));
    const dialog = screen.getByRole('dialog', { name: 'Create payout run' });
    expect(dialog).toHaveTextContent('1 payment totalling $123.45');
    await user.click(within(dialog).getByRole('button', { name: 'Create run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /payouts').map((call) => call.body)).toEqual([
      { by: '2026-11-20' },
      { by: '2026-11-20' },
    ]);
    expect(api.to('POST /step-up')).toHaveLength(1);

    expect(await screen.findByRole('link', { name: 'Download ABA' })).toHaveAttribute(
      'href',
      '/admin/api/payouts/7/aba',
    );
    await user.click(screen.getByRole('button', { name: 'Mark remitted' }));
    const confirm = screen.getByRole('dialog', { name: 'Mark run #7 remitted' });
    await user.click(within(confirm).getByRole('button', { name: 'Mark remitted' }));
    await waitFor(() => expect(api.to('POST /payouts/7/remitted')).toHaveLength(1));
    expect(await screen.findByText('Remitted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark remitted' })).not.toBeInTheDocument();
  });

  it('[I32] a suspended seller’s statement is listed as held, not paid, and left out of the total', async () => {
    const held: PayoutsDueReply = {
      by: '2026-11-20',
      next_due_on: null,
      items: [
        due.items[0] as PayoutsDueReply['items'][number],
        {
          statement_id: 13,
          seller_id: 5,
          seller_name: 'Paused Pottery',
          week_ends_on: '2026-11-16',
          remittance_on: '2026-11-18',
          payable_cents: 500,
          payable: false,
          held: true,
          bank: { ...bank, seller_id: 5, seller_name: 'Paused Pottery' },
        },
      ],
      payable_total_cents: 12_345,
    };
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /payouts/due': { body: held },
      'GET /bank-accounts': { body: accounts },
      'GET /payouts': { body: { items: [] } },
    });
    renderAdmin('/admin/payouts');
    const rows = within(await screen.findByRole('table', { name: 'Statements due' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Paused Pottery');
    expect(rows[2]).toHaveTextContent('Held: seller suspended');
    expect(rows[2]).toHaveTextContent('$5.00');
    expect(screen.getByTestId('payable-total')).toHaveTextContent('$123.45');
    await user.click(screen.getByRole('button', { name: 'Create payout run' }));
    expect(screen.getByRole('dialog', { name: 'Create payout run' })).toHaveTextContent(
      '1 payment totalling $123.45',
    );
  });

  it('a refused run (another run took the statements) is shown in the dialog', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /payouts/due': { body: due },
      'GET /bank-accounts': { body: accounts },
      'GET /payouts': { body: { items: [] } },
      'POST /payouts': {
        status: 409,
        body: {
          message: 'Another payout run took these statements at the same time: reload and check.',
          code: 'CONFLICT',
        },
      },
    });
    renderAdmin('/admin/payouts');
    await user.click(await screen.findByRole('button', { name: 'Create payout run' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create run' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another payout run took these statements',
    );
  });

  it("lists sellers' accounts masked; an operator sets one for a seller without a login", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /payouts/due': { body: due },
      'GET /payouts': { body: { items: [] } },
      'GET /bank-accounts': [
        { body: accounts },
        {
          body: {
            items: [
              accounts.items[0],
              {
                seller_id: 4,
                seller_name: 'No Bank Co',
                account: {
                  ...bank,
                  seller_id: 4,
                  seller_name: 'No Bank Co',
                  bsb: '633-000',
                  account_number_masked: '••••5555',
                },
              },
            ],
          },
        },
      ],
      'PUT /bank-accounts/4': {
        body: { seller_id: 4, seller_name: 'No Bank Co', account: { ...bank, seller_id: 4, bsb: '633-000' } },
      },
    });
    renderAdmin('/admin/payouts');
    await user.click(await screen.findByRole('button', { name: 'Set bank account of No Bank Co' }));
    const dialog = screen.getByRole('dialog', { name: 'Bank details of No Bank Co' });
    await user.type(within(dialog).getByLabelText('Account name'), 'No Bank Co');
    await user.type(within(dialog).getByLabelText('BSB'), '633 000');
    await user.type(within(dialog).getByLabelText('Account number'), '55555');
    await user.click(within(dialog).getByRole('button', { name: 'Save bank details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('PUT /bank-accounts/4')[0]?.body).toEqual({
      account_name: 'No Bank Co',
      bsb: '633-000',
      account_number: '55555',
    });
    expect(await screen.findByText('633-000 ••••5555')).toBeInTheDocument();
  });
});

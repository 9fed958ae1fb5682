// [I16-payouts] Operators: the weekly payout routine (docs/payouts-and-invoices.md). The statements due
// by a date (a seller with no bank account is listed and left out), a draft run made after a passkey
// check, the runs with their ABA file to upload to the bank, and 'Mark remitted' (passkey again) once the
// bank has it. A draft can be cancelled: its statements are due again.
// [I32] A suspended seller's statements are listed "Held: seller suspended" and left out of a run until the
// suspension is lifted (the server's `held`), rather than silently missing.
import type { PayoutRun } from '@quokka/contract/api/payouts';
import { dayDate, shortDate } from '@quokka/contract/calendar-dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { errorText } from '../../lib/error-text';
import { money, plural, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { cancelPayoutRun } from './api/cancel-payout-run';
import { createPayoutRun } from './api/create-payout-run';
import { bankAccountsQueryOptions } from './api/get-bank-accounts';
import { PAYOUT_RUNS_QUERY_KEY, payoutRunsQueryOptions } from './api/get-payout-runs';
import { PAYOUTS_DUE_QUERY_KEY, payoutsDueQueryOptions } from './api/get-payouts-due';
import { markPayoutRemitted } from './api/mark-payout-remitted';
import { payoutAbaHref } from './api/payout-aba';
import { BankAccountDialog } from './bank-account-page';
import './payouts.css';

const STATUS_TEXT = { draft: 'Draft', remitted: 'Remitted', cancelled: 'Cancelled' } as const;

function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {errorText(error)}
    </p>
  );
}

export function PayoutsPage() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  // [I34] Until the operator picks a day, the server's: the next remittance date with something due.
  const [picked, setPicked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const due = useQuery({
    ...payoutsDueQueryOptions(api, picked),
    enabled: picked === null || /^\d{4}-\d{2}-\d{2}$/.test(picked),
  });
  const by = picked ?? due.data?.by ?? '';
  const runs = useQuery(payoutRunsQueryOptions(api));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: PAYOUTS_DUE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: PAYOUT_RUNS_QUERY_KEY });
  };
  const create = useMutation({
    mutationFn: () => createPayoutRun(api, { by }),
    onSuccess: () => {
      setConfirming(false);
      refresh();
    },
  });
  const payable = due.data?.items.filter((item) => item.payable) ?? [];
  return (
    <section className="payouts-page">
      <div className="page-head">
        <h1>Payouts</h1>
      </div>
      <div className="panel">
        <h2>Statements due</h2>
        <div className="field">
          <label htmlFor="payouts-by">Remittance date on or before</label>
          <input id="payouts-by" type="date" value={by} onChange={(event) => setPicked(event.target.value)} />
        </div>
        <Problem error={due.error} />
        {due.isPending && <p className="muted">Loading statements…</p>}
        {due.data &&
          (due.data.items.length === 0 ? (
            <p className="muted">
              Nothing is due by {shortDate(due.data.by)}.
              {due.data.next_due_on && (
                <>
                  {' '}
                  The next remittance with something due is {shortDate(due.data.next_due_on)}.{' '}
                  <button
                    type="button"
                    className="button link"
                    onClick={() => setPicked(due.data.next_due_on)}
                  >
                    Show {shortDate(due.data.next_due_on)}
                  </button>
                </>
              )}
            </p>
          ) : (
            <table className="list-table" aria-label="Statements due">
              <thead>
                <tr>
                  <th scope="col">Seller</th>
                  <th scope="col">Week ending</th>
                  <th scope="col">Remittance</th>
                  <th scope="col">Bank account</th>
                  <th scope="col" className="num">
                    Payable
                  </th>
                </tr>
              </thead>
              <tbody>
                {due.data.items.map((item) => (
                  <tr key={item.statement_id}>
                    <td data-label="Seller">{item.seller_name}</td>
                    <td data-label="Week ending">{dayDate(item.week_ends_on)}</td>
                    <td data-label="Remittance">{dayDate(item.remittance_on)}</td>
                    <td data-label="Bank account">
                      {item.held ? (
                        <span className="badge badge-warn">Held: seller suspended</span>
                      ) : item.bank ? (
                        `${item.bank.bsb} ${item.bank.account_number_masked}`
                      ) : (
                        <span className="badge badge-warn">No bank account: not paid</span>
                      )}
                    </td>
                    <td data-label="Payable" className="num">
                      {money(item.payable_cents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        {due.data && (
          <p className="total-line">
            To pay now: <strong data-testid="payable-total">{money(due.data.payable_total_cents)}</strong> (
            {plural(payable.length, 'payment')})
          </p>
        )}
        <button
          type="button"
          className="button primary"
          disabled={payable.length === 0}
          onClick={() => setConfirming(true)}
        >
          Create payout run
        </button>
      </div>
      {confirming && due.data && (
        <Dialog title="Create payout run" onClose={() => setConfirming(false)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate();
            }}
          >
            <p>
              A draft run of {plural(payable.length, 'payment')} totalling{' '}
              <strong>{money(due.data.payable_total_cents)}</strong>, processed on {shortDate(due.data.by)}.
              Your passkey is checked again.
            </p>
            <Problem error={create.error} />
            <div className="dialog-buttons">
              <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
                Cancel
              </button>
              <button type="submit" className="button primary" disabled={create.isPending}>
                {create.isPending ? 'Working…' : 'Create run'}
              </button>
            </div>
          </form>
        </Dialog>
      )}
      <div className="panel">
        <h2>Payout runs</h2>
        <Problem error={runs.error} />
        {runs.data &&
          (runs.data.items.length === 0 ? (
            <p className="muted">No payout runs yet.</p>
          ) : (
            <table className="list-table" aria-label="Payout runs">
              <thead>
                <tr>
                  <th scope="col">Run</th>
                  <th scope="col">Process on</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.items.map((run) => (
                  <RunRow key={run.id} run={run} onChanged={refresh} />
                ))}
              </tbody>
            </table>
          ))}
      </div>
      <SellerAccounts />
    </section>
  );
}

/** Every seller's bank account, masked; an operator may set one (a seller without a login). */
function SellerAccounts() {
  const { api } = useSession();
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const accounts = useQuery(bankAccountsQueryOptions(api));
  return (
    <div className="panel">
      <h2>Sellers' bank accounts</h2>
      <Problem error={accounts.error} />
      {accounts.data && (
        <table className="list-table" aria-label="Sellers' bank accounts">
          <thead>
            <tr>
              <th scope="col">Seller</th>
              <th scope="col">Account</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {accounts.data.items.map((seller) => (
              <tr key={seller.seller_id}>
                <td data-label="Seller">{seller.seller_name}</td>
                <td data-label="Account">
                  {seller.account ? (
                    <span className="cell">
                      {seller.account.bsb} {seller.account.account_number_masked}
                      <span className="sub">{seller.account.account_name}</span>
                    </span>
                  ) : (
                    <span className="badge badge-warn">No bank account</span>
                  )}
                </td>
                <td data-label="Change">
                  <button
                    type="button"
                    className="button secondary"
                    aria-label={`Set bank account of ${seller.seller_name}`}
                    onClick={() => setEditing({ id: seller.seller_id, name: seller.seller_name })}
                  >
                    Set
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <BankAccountDialog
          sellerId={editing.id}
          title={`Bank details of ${editing.name}`}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function RunRow({ run, onChanged }: { run: PayoutRun; onChanged(): void }) {
  const { api } = useSession();
  const [asking, setAsking] = useState<'remitted' | 'cancel' | null>(null);
  const action = useMutation({
    mutationFn: (step: 'remitted' | 'cancel') =>
      step === 'remitted' ? markPayoutRemitted(api, run.id) : cancelPayoutRun(api, run.id),
    onSuccess: () => {
      setAsking(null);
      onChanged();
    },
  });
  return (
    <tr>
      <td data-label="Run">
        <span className="cell">
          #{run.id}
          <span className="sub">
            {plural(run.item_count, 'payment')}, made {shopTime(run.created_at)}
            {run.created_by_name ? ` by ${run.created_by_name}` : ''}
          </span>
        </span>
      </td>
      <td data-label="Process on">{dayDate(run.process_on)}</td>
      <td data-label="Status">
        <span className="cell">
          {STATUS_TEXT[run.status]}
          {run.remitted_at && <span className="sub">{shopTime(run.remitted_at)}</span>}
        </span>
      </td>
      <td data-label="Total" className="num">
        {money(run.total_cents)}
      </td>
      <td data-label="Actions">
        <span className="payout-actions">
          {run.status !== 'cancelled' && (
            <a className="button secondary" href={payoutAbaHref(run.id)} download>
              Download ABA
            </a>
          )}
          {run.status === 'draft' && (
            <>
              <button type="button" className="button primary" onClick={() => setAsking('remitted')}>
                Mark remitted
              </button>
              <button type="button" className="button link" onClick={() => setAsking('cancel')}>
                Cancel run
              </button>
            </>
          )}
        </span>
        {asking && (
          <Dialog
            title={asking === 'remitted' ? `Mark run #${run.id} remitted` : `Cancel run #${run.id}`}
            onClose={() => setAsking(null)}
          >
            <form
              onSubmit={(event) => {
                event.preventDefault();
                action.mutate(asking);
              }}
            >
              <p>
                {asking === 'remitted'
                  ? `The bank has the file: ${money(run.total_cents)} is paid and its statements are marked paid. Your passkey is checked again.`
                  : 'The draft is cancelled and its statements are due again.'}
              </p>
              <Problem error={action.error} />
              <div className="dialog-buttons">
                <button type="button" className="button secondary" onClick={() => setAsking(null)}>
                  Back
                </button>
                <button
                  type="submit"
                  className={`button ${asking === 'cancel' ? 'danger' : 'primary'}`}
                  disabled={action.isPending}
                >
                  {action.isPending ? 'Working…' : asking === 'remitted' ? 'Mark remitted' : 'Cancel run'}
                </button>
              </div>
            </form>
          </Dialog>
        )}
      </td>
    </tr>
  );
}

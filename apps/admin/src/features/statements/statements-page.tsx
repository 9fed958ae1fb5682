// [I16-statements] Weekly statements (GET /admin/api/statements): an operator sees every seller's and may
// filter by seller and week; a vendor sees their own seller's only (the server scopes it). One table a
// phone shows as cards (the list-table of app/global.css).
import { dayDate } from '@quokka/contract/calendar-dates';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { money } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { type StatementFilters, statementsQueryOptions } from './api/get-statements';
import './statements.css';

export function StatementsPage() {
  const { api } = useSession();
  const me = useMe();
  const operator = me.staff.role === 'operator';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applied: StatementFilters = {
    seller_id: params.get('seller_id') ?? '',
    week: params.get('week') ?? '',
  };
  const [draft, setDraft] = useState(applied);

  const query = useQuery(statementsQueryOptions(api, applied));

  function submit(event: FormEvent) {
    event.preventDefault();
    const search = new URLSearchParams();
    if (draft.seller_id) search.set('seller_id', draft.seller_id);
    if (draft.week) search.set('week', draft.week);
    navigate({ pathname: '/statements', search: search.toString() ? `?${search}` : '' });
  }

  const items = query.data?.items ?? [];
  const sellers = new Map(items.map((item) => [item.seller_id, item.seller_name]));
  return (
    <section className="statements">
      <div className="page-head">
        <h1>Statements</h1>
      </div>
      <p className="muted">
        A statement covers the 7 days to 11:59 am Monday (Sydney time) and is made just after that cut-off.
      </p>
      <form className="filters" onSubmit={submit} aria-label="Find statements">
        {operator && (
          <div className="field">
            <label htmlFor="statement-seller">Seller</label>
            <select
              id="statement-seller"
              value={draft.seller_id}
              onChange={(event) => setDraft({ ...draft, seller_id: event.target.value })}
            >
              <option value="">Any seller</option>
              {draft.seller_id && !sellers.has(Number(draft.seller_id)) && (
                <option value={draft.seller_id}>Seller #{draft.seller_id}</option>
              )}
              {[...sellers].map(([id, name]) => (
                <option key={id} value={String(id)}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="statement-week">Week ending (Monday)</label>
          <input
            id="statement-week"
            type="date"
            value={draft.week}
            onChange={(event) => setDraft({ ...draft, week: event.target.value })}
          />
        </div>
        <div className="filter-buttons">
          <button type="submit" className="button primary">
            Show
          </button>
        </div>
      </form>
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isPending && <p className="muted">Loading statements…</p>}
      {query.data &&
        (items.length === 0 ? (
          <p className="panel">No statements yet.</p>
        ) : (
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">Week ending</th>
                {operator && <th scope="col">Seller</th>}
                <th scope="col" className="num">
                  Net
                </th>
                <th scope="col" className="num">
                  Payable
                </th>
                <th scope="col">Remittance</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {items.map((statement) => (
                <tr key={statement.id}>
                  <td data-label="Week ending">
                    <Link to={`/statements/${statement.id}`} className="strong-link">
                      {dayDate(statement.week_ends_on)}
                    </Link>
                  </td>
                  {operator && <td data-label="Seller">{statement.seller_name}</td>}
                  <td data-label="Net" className="num">
                    {money(statement.net_cents)}
                  </td>
                  <td data-label="Payable" className="num">
                    {money(statement.payable_cents)}
                  </td>
                  <td data-label="Remittance">{dayDate(statement.remittance_on)}</td>
                  <td data-label="Paid">
                    {statement.paid_at ? 'Paid' : statement.payable_cents > 0 ? 'Unpaid' : 'Nothing to pay'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </section>
  );
}

// [I16-statements] One weekly statement (GET /admin/api/statements/:id): the summary (net, brought
// forward, payable, carried forward, remittance date), the totals by kind and every line, with the CSV
// and PDF downloads. The lines table is cards on a phone (the list-table of app/global.css).
import { LEDGER_KIND_LABELS } from '@quokka/contract/api/ledger';
import { dayDate } from '@quokka/contract/calendar-dates';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { money, shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { statementDownloadHref, statementQueryOptions } from './api/get-statement';
import './statements.css';

export function StatementPage() {
  const { api } = useSession();
  const me = useMe();
  const { id } = useParams();
  const query = useQuery(statementQueryOptions(api, id));
  if (query.isError) {
    return (
      <section className="panel">
        <h1>Statement</h1>
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
        <Link to="/statements">Back to statements</Link>
      </section>
    );
  }
  if (!query.data) return <p className="muted">Loading the statement…</p>;
  const { statement, totals, lines } = query.data;
  return (
    <section className="statement">
      <div className="page-head">
        <h1>Statement: week ending {dayDate(statement.week_ends_on)}</h1>
        <span className="statement-downloads">
          <a className="button secondary" href={statementDownloadHref(statement.id, 'csv')} download>
            Download CSV
          </a>
          <a className="button secondary" href={statementDownloadHref(statement.id, 'pdf')} download>
            Download PDF
          </a>
        </span>
      </div>
      <div className="panel">
        <dl className="statement-summary">
          {me.staff.role === 'operator' && (
            <>
              <dt>Seller</dt>
              <dd>{statement.seller_name}</dd>
            </>
          )}
          <dt>Period</dt>
          <dd>
            {shopTime(statement.period_start)} to {shopTime(statement.period_end)}
          </dd>
          <dt>Net</dt>
          <dd>{money(statement.net_cents)}</dd>
          <dt>Brought forward</dt>
          <dd>{money(statement.brought_forward_cents)}</dd>
          <dt>Payable</dt>
          <dd>
            <strong>{money(statement.payable_cents)}</strong>
          </dd>
          <dt>Carried forward</dt>
          <dd>{money(statement.carried_forward_cents)}</dd>
          <dt>Remittance date</dt>
          <dd>{dayDate(statement.remittance_on)}</dd>
          <dt>Paid</dt>
          <dd>{statement.paid_at ? shopTime(statement.paid_at) : 'Not yet'}</dd>
        </dl>
      </div>
      <div className="panel">
        <h2>Totals</h2>
        <dl className="statement-summary">
          {totals.map((total) => (
            <div key={total.kind} className="statement-total">
              <dt>{total.label}</dt>
              <dd>{money(total.amount_cents)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="panel statement-lines">
        <h2>Lines</h2>
        {lines.length === 0 ? (
          <p className="muted">No entries this week.</p>
        ) : (
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Order</th>
                <th scope="col">Kind</th>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <td data-label="Date">{shopTime(line.occurred_at)}</td>
                  <td data-label="Order">
                    {line.order_id ? (
                      <Link to={`/orders/${line.order_id}`}>#{line.order_increment_id}</Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-label="Kind">{LEDGER_KIND_LABELS[line.kind]}</td>
                  <td data-label="Description">{line.description}</td>
                  <td data-label="Amount" className="num">
                    {money(line.amount_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Link to="/statements">Back to statements</Link>
    </section>
  );
}

// [I16-invoices] Monthly tax invoices (docs/payouts-and-invoices.md): operators see every seller's, a
// vendor their own (the server scopes the list). Each downloads as a PDF. [I32] The monthly subscription
// (GST-exclusive) has its own column; GST is all of it (on the fees and on the subscription), so Fees +
// Subscription + GST = Total.
import { invoiceNumberText } from '@quokka/contract/api/payouts';
import { dayDate, monthName } from '@quokka/contract/calendar-dates';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../lib/error-text';
import { money } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { invoicesQueryOptions } from './api/get-invoices';
import { invoicePdfHref } from './api/invoice-pdf';
import './invoices.css';

export function InvoicesPage() {
  const { api } = useSession();
  const operator = useMe().staff.role === 'operator';
  const query = useQuery(invoicesQueryOptions(api));
  return (
    <section className="invoices-page">
      <div className="page-head">
        <h1>Tax invoices</h1>
      </div>
      <p className="muted">
        One tax invoice a month for the service fee, commission and monthly subscription, issued on the first
        business day after the month ends.
      </p>
      {query.error && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isPending && <p className="muted">Loading invoices…</p>}
      {query.data &&
        (query.data.items.length === 0 ? (
          <p className="panel">No tax invoices yet.</p>
        ) : (
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                {operator && <th scope="col">Seller</th>}
                <th scope="col">Month</th>
                <th scope="col">Issued</th>
                <th scope="col" className="num">
                  Fees
                </th>
                <th scope="col" className="num">
                  Subscription
                </th>
                <th scope="col" className="num">
                  GST
                </th>
                <th scope="col" className="num">
                  Total
                </th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((invoice) => (
                <tr key={invoice.id}>
                  <td data-label="Invoice">{invoiceNumberText(invoice.invoice_number)}</td>
                  {operator && <td data-label="Seller">{invoice.seller_name}</td>}
                  <td data-label="Month">{monthName(invoice.month)}</td>
                  <td data-label="Issued">{dayDate(invoice.issued_on)}</td>
                  <td data-label="Fees" className="num">
                    {money(invoice.service_fee_cents + invoice.commission_cents)}
                  </td>
                  <td data-label="Subscription" className="num">
                    {money(invoice.subscription_cents)}
                  </td>
                  <td data-label="GST" className="num">
                    {money(invoice.gst_cents + invoice.subscription_gst_cents)}
                  </td>
                  <td data-label="Total" className="num">
                    {money(invoice.total_cents)}
                  </td>
                  <td data-label="PDF">
                    <a
                      className="button secondary"
                      href={invoicePdfHref(invoice.id)}
                      download
                      aria-label={`Download PDF of ${invoiceNumberText(invoice.invoice_number)}`}
                    >
                      Download PDF
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </section>
  );
}

// Orders (GET /admin/api/orders): search by number, mobile, name, email or product; filter by status,
// seller, days placed (Sydney) and 'flagged'; newest first, 50 a page; the same filters export as CSV. One
// table that a phone shows as cards (the list-table of app/global.css).
// [I34-bulk] Operators tick orders and approve or ship them together (orders-bulk.tsx); the selection is
// the page's and is let go when the filters or the page change.
// [I34-seller-state] A seller's staff see their own part's state of each order (To ship, Shipped,
// Refunded…) and filter by it; the operator's filters (Seller, Flagged only) and words are not theirs.
import {
  type OrderSummary,
  SELLER_ORDER_STATE_LABELS,
  sellerOrderStateSchema,
} from '@quokka/contract/api/admin';
import type { BulkOrdersReply } from '@quokka/contract/api/orders-bulk';
import { formatMobileNational } from '@quokka/contract/mobile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FlaggedBadge, ORDER_STATUS_LABELS, OrderStatusBadge, PaymentBadge } from '../../components/badges';
import { Pager } from '../../components/pager';
import { errorText } from '../../lib/error-text';
import { money, plural, shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { ordersCsvHref, ordersQueryOptions } from './api/get-orders';
import { BoughtByReplyBadge } from './bought-by-reply-badge';
import { type BulkAction, BulkResults, OrdersBulkBar } from './orders-bulk';
import { filtersFrom, NO_FILTERS, type OrderFilters, pageFrom, searchFor } from './orders-query';
import { SellerStateBadge } from './seller-state-badge';
import './orders.css';

export function OrdersPage() {
  const { api } = useSession();
  const operator = useMe().staff.role === 'operator';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applied = filtersFrom(params);
  const page = pageFrom(params);
  const [draft, setDraft] = useState<OrderFilters>(applied);
  const appliedKey = JSON.stringify(applied);
  // Sellers met in the lists seen so far, for the seller filter (the API has no seller list of its own).
  const [sellers, setSellers] = useState<Map<number, string>>(() => new Map());

  // [I34-bulk] The ticked orders of this page, and what the last bulk action did.
  const [selected, setSelected] = useState<Map<number, OrderSummary>>(() => new Map());
  const [results, setResults] = useState<{ action: BulkAction; reply: BulkOrdersReply } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the address when it changes
  useEffect(() => setDraft(filtersFrom(params)), [appliedKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another filter or page lets the selection go
  useEffect(() => setSelected(new Map()), [appliedKey, page]);

  const query = useQuery({ ...ordersQueryOptions(api, applied, page), placeholderData: keepPreviousData });

  useEffect(() => {
    if (!query.data) return;
    setSellers((known) => {
      let next = known;
      for (const order of query.data.items) {
        for (const seller of order.sellers) {
          if (next.get(seller.id) !== seller.name) {
            if (next === known) next = new Map(known);
            next.set(seller.id, seller.name);
          }
        }
      }
      return next;
    });
  }, [query.data]);

  const go = (filters: OrderFilters, toPage = 1) =>
    navigate({ pathname: '/orders', search: searchFor(filters, toPage) });

  function submit(event: FormEvent) {
    event.preventDefault();
    go(draft);
  }

  const set = <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const data = query.data;
  const onPage = data?.items ?? [];
  const allTicked = onPage.length > 0 && onPage.every((order) => selected.has(order.id));
  function tick(order: OrderSummary, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(order.id, order);
      else next.delete(order.id);
      return next;
    });
  }
  function tickAll(on: boolean) {
    setSelected(on ? new Map(onPage.map((order) => [order.id, order])) : new Map());
  }
  function bulkDone(action: BulkAction, reply: BulkOrdersReply) {
    setResults({ action, reply });
    // The orders done are let go; the rest (not done, or not sent) stay ticked, to try again or open.
    const done = new Set(reply.results.filter((result) => result.ok).map((result) => result.order_id));
    setSelected((current) => new Map([...current].filter(([id]) => !done.has(id))));
  }

  return (
    <section>
      <div className="page-head">
        <h1>Orders</h1>
        <a className="button secondary" href={ordersCsvHref(applied)} download>
          Export CSV
        </a>
      </div>
      <form className="filters" onSubmit={submit} aria-label="Find orders">
        <div className="field grow">
          <label htmlFor="order-q">Search</label>
          <input
            id="order-q"
            type="search"
            placeholder="Order number, mobile, name, email or product"
            value={draft.q}
            onChange={(event) => set('q', event.target.value)}
          />
        </div>
        {operator ? (
          <div className="field">
            <label htmlFor="order-status">Status</label>
            <select
              id="order-status"
              value={draft.status}
              onChange={(event) => set('status', event.target.value)}
            >
              <option value="">Any status</option>
              {Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="field">
            <label htmlFor="order-state">Status</label>
            <select
              id="order-state"
              value={draft.seller_state}
              onChange={(event) => set('seller_state', event.target.value)}
            >
              <option value="">Any status</option>
              {sellerOrderStateSchema.options.map((value) => (
                <option key={value} value={value}>
                  {SELLER_ORDER_STATE_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        )}
        {operator && (
          <div className="field">
            <label htmlFor="order-seller">Seller</label>
            <select
              id="order-seller"
              value={draft.seller_id}
              onChange={(event) => set('seller_id', event.target.value)}
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
          <label htmlFor="order-from">Placed from</label>
          <input
            id="order-from"
            type="date"
            value={draft.from}
            onChange={(event) => set('from', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="order-to">Placed to</label>
          <input
            id="order-to"
            type="date"
            value={draft.to}
            onChange={(event) => set('to', event.target.value)}
          />
        </div>
        {operator && (
          <label className="check">
            <input
              type="checkbox"
              checked={draft.flagged}
              onChange={(event) => set('flagged', event.target.checked)}
            />
            Flagged only
          </label>
        )}
        <div className="filter-buttons">
          <button type="submit" className="button primary">
            Search
          </button>
          <button type="button" className="button link" onClick={() => go(NO_FILTERS)}>
            Clear
          </button>
        </div>
      </form>

      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data && query.isPending && <p className="muted">Loading orders…</p>}
      {results && (
        <BulkResults action={results.action} reply={results.reply} onDismiss={() => setResults(null)} />
      )}
      {data && (
        <>
          <p className="muted" aria-live="polite">
            {plural(data.total, 'order')}
          </p>
          {data.items.length === 0 ? (
            <p className="panel">No orders match.</p>
          ) : (
            <>
              {operator && (
                <label className="check select-all">
                  <input
                    type="checkbox"
                    checked={allTicked}
                    onChange={(event) => tickAll(event.target.checked)}
                  />
                  Select all {plural(onPage.length, 'order')} on this page
                </label>
              )}
              <table className="list-table">
                <thead>
                  <tr>
                    {operator && <th scope="col">Select</th>}
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Customer</th>
                    {/* A seller's staff see only their own seller there: the column is the operator's. */}
                    {operator && <th scope="col">Sellers</th>}
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((order) => (
                    <tr key={order.id}>
                      {operator && (
                        <td className="select-cell">
                          <label>
                            <input
                              type="checkbox"
                              checked={selected.has(order.id)}
                              aria-label={`Select order #${order.increment_id}`}
                              onChange={(event) => tick(order, event.target.checked)}
                            />
                            <span aria-hidden="true">Select</span>
                          </label>
                        </td>
                      )}
                      <td data-label="Order">
                        <span className="cell">
                          <Link to={`/orders/${order.id}`} className="strong-link">
                            #{order.increment_id}
                          </Link>{' '}
                          {order.flagged && <FlaggedBadge />}
                          {order.bought_by_reply && <BoughtByReplyBadge />}
                        </span>
                      </td>
                      <td data-label="Placed">{shopTime(order.created_at)}</td>
                      <td data-label="Customer">
                        <span className="cell">
                          {order.customer_name}
                          <span className="sub">{formatMobileNational(order.customer_mobile)}</span>
                        </span>
                      </td>
                      {operator && (
                        <td data-label="Sellers">{order.sellers.map((seller) => seller.name).join(', ')}</td>
                      )}
                      <td data-label="Status">
                        {/* A seller's own part's state; the whole order's and the card's are the operator's. */}
                        {order.seller_state ? (
                          <span className="badges">
                            <SellerStateBadge state={order.seller_state} />
                          </span>
                        ) : (
                          <span className="badges">
                            <OrderStatusBadge status={order.status} />
                            <PaymentBadge state={order.payment_state} />
                          </span>
                        )}
                      </td>
                      <td data-label="Total" className="num">
                        <span className="cell">
                          {money(order.grand_total_cents)}
                          {order.refunded_cents > 0 && (
                            <span className="sub">{money(order.refunded_cents)} refunded</span>
                          )}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          {operator && selected.size > 0 && (
            <OrdersBulkBar
              selected={[...selected.values()]}
              onClear={() => setSelected(new Map())}
              onDone={bulkDone}
            />
          )}
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            onPage={(next) => go(applied, next)}
          />
        </>
      )}
    </section>
  );
}

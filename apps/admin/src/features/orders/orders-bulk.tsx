// [I34-bulk] The orders list's bulk actions for operators: a bar under the selected orders (Approve
// selected, Ship selected), the ship sheet (one carrier for all, a tracking number per order, the seller
// asked only for an order with more than one) and the results, one line per order: done, or why not.
// Each order goes through the one-order approve or ship on the server; a bad one does not stop the others.
import {
  carrierNameProblem,
  KNOWN_CARRIERS,
  type OrderSummary,
  OTHER_CARRIER,
  SHIP_TEXT,
  type ShipOrderBody,
} from '@quokka/contract/api/admin';
import type { BulkOrdersReply, BulkShipBody } from '@quokka/contract/api/orders-bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/dialog';
import { errorText } from '../../lib/error-text';
import { plural } from '../../lib/format';
import { useSession } from '../../lib/session';
import { DASHBOARD_QUERY_KEY } from '../dashboard/public';
import { bulkApproveOrders } from './api/bulk-approve-orders';
import { bulkShipOrders } from './api/bulk-ship-orders';
import { ORDERS_QUERY_KEY } from './api/get-orders';
import { CARRIERS } from './order-actions';
import './orders-bulk.css';

export type BulkAction = 'approve' | 'ship';

/** The statuses whose items may be marked shipped (the server says so too, per order). */
const SHIPPABLE: readonly OrderSummary['status'][] = ['approved', 'partially_shipped'];
/** The one-order ship dialog's rule for a tracking number (the contract's shipOrderBodySchema). */
const TRACKING = /^[A-Za-z0-9][A-Za-z0-9 -]{2,58}$/;

/** After a bulk action: the lists and the dashboard's counts are fetched again. */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
  };
}

export function OrdersBulkBar({
  selected,
  onClear,
  onDone,
}: {
  selected: OrderSummary[];
  onClear(): void;
  onDone(action: BulkAction, reply: BulkOrdersReply): void;
}) {
  const { api } = useSession();
  const [shipping, setShipping] = useState(false);
  const refresh = useRefreshOrders();
  const approve = useMutation({
    mutationFn: () => bulkApproveOrders(api, { order_ids: selected.map((order) => order.id) }),
    onSuccess: (reply) => {
      refresh();
      onDone('approve', reply);
    },
  });
  return (
    <section className="bulk-bar" aria-label="Selected orders">
      <p className="bulk-count" aria-live="polite">
        {plural(selected.length, 'order')} selected
      </p>
      <div className="bulk-buttons">
        <button
          type="button"
          className="button primary"
          disabled={approve.isPending}
          onClick={() => approve.mutate()}
        >
          {approve.isPending ? 'Approving…' : 'Approve selected'}
        </button>
        <button type="button" className="button secondary" onClick={() => setShipping(true)}>
          Ship selected
        </button>
        <button type="button" className="button link" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {approve.isError && (
        <p className="error" role="alert">
          {errorText(approve.error)}
        </p>
      )}
      {shipping && (
        <BulkShipSheet
          orders={selected}
          onClose={() => setShipping(false)}
          onDone={(reply) => {
            setShipping(false);
            onDone('ship', reply);
          }}
        />
      )}
    </section>
  );
}

interface ShipRow {
  tracking: string;
  /** '' leaves the seller to the server: the one whose items are left to ship. */
  sellerId: string;
}

export function BulkShipSheet({
  orders,
  onClose,
  onDone,
}: {
  orders: OrderSummary[];
  onClose(): void;
  onDone(reply: BulkOrdersReply): void;
}) {
  const { api } = useSession();
  const refresh = useRefreshOrders();
  const ready = orders.filter((order) => SHIPPABLE.includes(order.status));
  const left = orders.length - ready.length;
  const [carrier, setCarrier] = useState<ShipOrderBody['carrier']>(KNOWN_CARRIERS[0]);
  const [otherCarrier, setOtherCarrier] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<Record<number, ShipRow>>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const other = carrier === OTHER_CARRIER;
  const rowOf = (id: number): ShipRow => rows[id] ?? { tracking: '', sellerId: '' };
  const setRow = (id: number, change: Partial<ShipRow>) => {
    setRows((current) => ({ ...current, [id]: { ...rowOf(id), ...change } }));
    setProblems(({ [id]: _gone, ...rest }) => rest);
  };

  const ship = useMutation({
    mutationFn: (body: BulkShipBody) => bulkShipOrders(api, body),
    onSuccess: (reply) => {
      refresh();
      onDone(reply);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The contract's own rules, so the operator sees the words the server would answer, beside the field.
    const name = otherCarrier.trim();
    const badName = other ? (name ? carrierNameProblem(name) : SHIP_TEXT.carrierNameMissing) : null;
    const bad: Record<number, string> = {};
    for (const order of ready)
      if (!TRACKING.test(rowOf(order.id).tracking.trim())) bad[order.id] = SHIP_TEXT.trackingNumber;
    setNameProblem(badName);
    setProblems(bad);
    if (badName || Object.keys(bad).length > 0) return;
    ship.mutate({
      carrier,
      ...(other ? { carrier_name: name } : {}),
      shipments: ready.map((order) => {
        const row = rowOf(order.id);
        return {
          order_id: order.id,
          tracking_number: row.tracking.trim(),
          ...(row.sellerId ? { seller_id: Number(row.sellerId) } : {}),
        };
      }),
    });
  }

  return (
    <Dialog title={`Ship ${plural(ready.length, 'order')}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {left > 0 && (
          <p className="muted small">
            {plural(left, 'selected order')} {left === 1 ? 'is' : 'are'} not ready to ship (awaiting approval,
            shipped, refused or cancelled) and {left === 1 ? 'is' : 'are'} left out.
          </p>
        )}
        {ready.length === 0 ? (
          <div className="dialog-buttons">
            <button type="button" className="button secondary" onClick={onClose}>
              Close
            </button>
          </div>
        ) : (
          <>
            <div className="field">
              <label htmlFor="bulk-carrier">Carrier for every order</label>
              <select
                id="bulk-carrier"
                value={carrier}
                onChange={(event) => {
                  setCarrier(event.target.value as ShipOrderBody['carrier']);
                  setNameProblem(null);
                }}
              >
                {CARRIERS.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </div>
            {other && (
              <div className="field">
                <label htmlFor="bulk-carrier-name">Carrier name</label>
                <input
                  id="bulk-carrier-name"
                  value={otherCarrier}
                  maxLength={30}
                  autoComplete="off"
                  aria-invalid={nameProblem !== null}
                  aria-describedby={nameProblem ? 'bulk-carrier-name-error' : undefined}
                  onChange={(event) => {
                    setOtherCarrier(event.target.value);
                    setNameProblem(null);
                  }}
                />
                {nameProblem && (
                  <p id="bulk-carrier-name-error" className="field-error">
                    {nameProblem}
                  </p>
                )}
              </div>
            )}
            <ul className="bulk-ship-list">
              {ready.map((order) => {
                const row = rowOf(order.id);
                const problem = problems[order.id];
                const trackingId = `bulk-tracking-${order.id}`;
                return (
                  <li key={order.id} className="bulk-ship-row">
                    <div className="field">
                      <label htmlFor={trackingId}>Tracking number for #{order.increment_id}</label>
                      <span className="sub">
                        {order.customer_name}, {plural(order.item_count, 'item')}
                      </span>
                      <input
                        id={trackingId}
                        value={row.tracking}
                        maxLength={60}
                        autoCapitalize="characters"
                        autoComplete="off"
                        aria-invalid={problem !== undefined}
                        aria-describedby={problem ? `${trackingId}-error` : undefined}
                        onChange={(event) => setRow(order.id, { tracking: event.target.value })}
                      />
                      {problem && (
                        <p id={`${trackingId}-error`} className="field-error">
                          {problem}
                        </p>
                      )}
                    </div>
                    {order.sellers.length > 1 && (
                      <div className="field">
                        <label htmlFor={`bulk-seller-${order.id}`}>
                          Whose items in #{order.increment_id}
                        </label>
                        <select
                          id={`bulk-seller-${order.id}`}
                          value={row.sellerId}
                          onChange={(event) => setRow(order.id, { sellerId: event.target.value })}
                        >
                          <option value="">The one seller left to ship</option>
                          {order.sellers.map((seller) => (
                            <option key={seller.id} value={String(seller.id)}>
                              {seller.name}
                            </option>
                          ))}
                        </select>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="muted small">
              Each shopper gets a text with the carrier and their tracking number, and the carrier's tracking
              link where we know one.
            </p>
            {ship.isError && (
              <p className="error" role="alert">
                {errorText(ship.error)}
              </p>
            )}
            <div className="dialog-buttons">
              <button type="button" className="button secondary" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="button primary" disabled={ship.isPending}>
                {ship.isPending ? 'Working…' : `Mark ${plural(ready.length, 'order')} as shipped`}
              </button>
            </div>
          </>
        )}
      </form>
    </Dialog>
  );
}

const DONE_WORDS: Record<BulkAction, string> = { approve: 'Approved', ship: 'Shipped' };

/** What a bulk action did, one line per order: a link to it and what happened, or why not. */
export function BulkResults({
  action,
  reply,
  onDismiss,
}: {
  action: BulkAction;
  reply: BulkOrdersReply;
  onDismiss(): void;
}) {
  const total = reply.results.length;
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to what happened (a screen reader reads it; the ship sheet that had focus is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new reply takes the focus again
  useEffect(() => heading.current?.focus(), [reply]);
  return (
    <section className="bulk-results panel" aria-labelledby="bulk-results-title">
      <div className="bulk-results-head">
        <h2 id="bulk-results-title" ref={heading} tabIndex={-1}>
          {DONE_WORDS[action]} {reply.succeeded} of {plural(total, 'order')}
          {reply.failed > 0 ? `; ${reply.failed} not` : ''}
        </h2>
        <button type="button" className="button link" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      <ul className="bulk-result-list">
        {reply.results.map((result) => (
          <li key={result.order_id} className={result.ok ? 'bulk-ok' : 'bulk-failed'}>
            <span className="bulk-mark">{result.ok ? 'Done' : 'Not done'}</span>{' '}
            {result.increment_id ? (
              <Link to={`/orders/${result.order_id}`}>#{result.increment_id}</Link>
            ) : (
              <span>Order {result.order_id}</span>
            )}
            : {result.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

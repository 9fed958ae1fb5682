// The order's actions, each a dialog or a small form; what is offered comes from the order's `actions`.
// Every one answers with the order as it now is (the screen shows it at once). Refunds, cancellations and
// refusals may ask for the passkey first (the API client runs the step-up and sends the request again).
import {
  type AdminOrder,
  type AdminOrderItem,
  carrierNameProblem,
  KNOWN_CARRIERS,
  OTHER_CARRIER,
  type RefundOrderBody,
  SHIP_TEXT,
  type Shipment,
  type ShipOrderBody,
} from '@quokka/contract/api/admin';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { readAmount } from '@quokka/contract/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { type ApiClient, requestKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { money } from '../../lib/format';
import { useSession } from '../../lib/session';
import { DASHBOARD_QUERY_KEY } from '../dashboard/public';
import { addOrderNote } from './api/add-order-note';
import { approveOrder } from './api/approve-order';
import { cancelOrder } from './api/cancel-order';
import { orderQueryKey } from './api/get-order';
import { ORDERS_QUERY_KEY } from './api/get-orders';
import { markDelivered } from './api/mark-delivered';
import { refundOrder } from './api/refund-order';
import { refuseOrder } from './api/refuse-order';
import { shipOrder } from './api/ship-order';
import { leftToShip, refundableQty, refundTotal } from './refund-math';

/** [I27-carrier] The contract's known carriers, then Other (a plain name, never a link). */
export const CARRIERS: readonly ShipOrderBody['carrier'][] = [...KNOWN_CARRIERS, OTHER_CARRIER];

/** Runs one of the order's actions (api/) and puts the order it answers in place. */
export function useOrderAction(orderId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: (api: ApiClient) => Promise<AdminOrder>) => call(api),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(orderId), order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
    },
  });
}

function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {errorText(error)}
    </p>
  );
}

function DialogButtons({
  busy,
  label,
  danger,
  onCancel,
}: {
  busy: boolean;
  label: string;
  danger?: boolean;
  onCancel(): void;
}) {
  return (
    <div className="dialog-buttons">
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={`button ${danger ? 'danger' : 'primary'}`} disabled={busy}>
        {busy ? 'Working…' : label}
      </button>
    </div>
  );
}

export function ApproveButton({ order }: { order: AdminOrder }) {
  const action = useOrderAction(order.id);
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={action.isPending}
        onClick={() => action.mutate((api) => approveOrder(api, order.id, {}))}
      >
        {action.isPending ? 'Approving…' : 'Approve'}
      </button>
      <ActionError error={action.error} />
    </>
  );
}

const deliveredDate = new Intl.DateTimeFormat('en-AU', {
  timeZone: DEFAULT_TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * [I31] A shipment's delivery: "Delivered 2 Dec 2026" once marked, else a "Mark delivered" button (no
 * confirmation: marking twice changes nothing). The order only lists the shipments this member may mark
 * (a seller's staff see their own seller's; operators all).
 */
export function DeliveredButton({ order, shipment }: { order: AdminOrder; shipment: Shipment }) {
  const action = useOrderAction(order.id);
  if (shipment.delivered_at)
    return (
      <span className="delivered">Delivered {deliveredDate.format(new Date(shipment.delivered_at))}</span>
    );
  return (
    <>
      <button
        type="button"
        className="button secondary small"
        disabled={action.isPending}
        aria-label={`Mark delivered: ${shipment.seller_name}, ${shipment.carrier} ${shipment.tracking_number}`}
        onClick={() => action.mutate((api) => markDelivered(api, order.id, shipment.id))}
      >
        {action.isPending ? 'Marking…' : 'Mark delivered'}
      </button>
      <ActionError error={action.error} />
    </>
  );
}

export function RefuseDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const action = useOrderAction(order.id);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    action.mutate((api) => refuseOrder(api, order.id, { reason: reason.trim() }), { onSuccess: onClose });
  }
  return (
    <Dialog title={`Refuse order #${order.increment_id}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>
          The hold on the shopper's card ({money(order.authorised_cents)}) is released, the stock goes back,
          and the shopper gets a text with your reason.
        </p>
        <div className="field">
          <label htmlFor="refuse-reason">Reason (the shopper reads it)</label>
          <textarea
            id="refuse-reason"
            value={reason}
            maxLength={500}
            required
            aria-invalid={missing}
            aria-describedby={missing ? 'refuse-reason-error' : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
          {missing && (
            <p id="refuse-reason-error" className="field-error">
              Give a reason.
            </p>
          )}
        </div>
        <ActionError error={action.error} />
        <DialogButtons busy={action.isPending} label="Refuse order" danger onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function ShipDialog({
  order,
  sellerId,
  onClose,
}: {
  order: AdminOrder;
  sellerId: number;
  onClose(): void;
}) {
  const action = useOrderAction(order.id);
  const [carrier, setCarrier] = useState<ShipOrderBody['carrier']>(KNOWN_CARRIERS[0]);
  const [otherCarrier, setOtherCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [trackingProblem, setTrackingProblem] = useState<string | null>(null);
  const sellerItems = order.items.filter((item) => item.seller_id === sellerId);
  const sellerName = sellerItems[0]?.seller_name ?? `Seller #${sellerId}`;
  // [I34] What is left to send: a refunded unit is not in the parcel.
  const items = sellerItems.filter((item) => leftToShip(item) > 0);
  const other = carrier === OTHER_CARRIER;
  function submit(event: FormEvent) {
    event.preventDefault();
    // The contract's own rules, so the seller sees the same words the server would answer.
    const name = otherCarrier.trim();
    const badName = other ? (name ? carrierNameProblem(name) : SHIP_TEXT.carrierNameMissing) : null;
    const badTracking = /^[A-Za-z0-9][A-Za-z0-9 -]{2,58}$/.test(tracking.trim())
      ? null
      : SHIP_TEXT.trackingNumber;
    setNameProblem(badName);
    setTrackingProblem(badTracking);
    if (badName || badTracking) return;
    const body: ShipOrderBody = {
      seller_id: sellerId,
      carrier,
      ...(other ? { carrier_name: name } : {}),
      tracking_number: tracking.trim(),
    };
    action.mutate((api) => shipOrder(api, order.id, body), { onSuccess: onClose });
  }
  return (
    <Dialog title={`Mark ${sellerName}'s items as shipped`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="muted small">Left to ship:</p>
        <ul className="plain-list ship-list">
          {items.map((item) => (
            <li key={item.id}>
              <span className="ship-line">
                {leftToShip(item)} × {item.name}
              </span>
              {item.refunded_qty > 0 && (
                <span className="sub">
                  {item.refunded_qty} of {item.qty} refunded
                </span>
              )}
            </li>
          ))}
        </ul>
        <div className="field">
          <label htmlFor="ship-carrier">Carrier</label>
          <select
            id="ship-carrier"
            value={carrier}
            onChange={(event) => {
              setCarrier(event.target.value as ShipOrderBody['carrier']);
              setNameProblem(null);
            }}
          >
            {CARRIERS.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        {other && (
          <div className="field">
            <label htmlFor="ship-carrier-name">Carrier name</label>
            <input
              id="ship-carrier-name"
              value={otherCarrier}
              maxLength={30}
              autoComplete="off"
              aria-invalid={nameProblem !== null}
              aria-describedby={nameProblem ? 'ship-carrier-name-error' : 'ship-carrier-name-hint'}
              onChange={(event) => {
                setOtherCarrier(event.target.value);
                setNameProblem(null);
              }}
            />
            {nameProblem ? (
              <p id="ship-carrier-name-error" className="field-error">
                {nameProblem}
              </p>
            ) : (
              <p id="ship-carrier-name-hint" className="muted small">
                The name only, as the shopper knows it: no web address.
              </p>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor="ship-tracking">Tracking number</label>
          <input
            id="ship-tracking"
            value={tracking}
            maxLength={60}
            autoCapitalize="characters"
            autoComplete="off"
            aria-invalid={trackingProblem !== null}
            aria-describedby={trackingProblem ? 'ship-tracking-error' : undefined}
            onChange={(event) => {
              setTracking(event.target.value);
              setTrackingProblem(null);
            }}
          />
          {trackingProblem && (
            <p id="ship-tracking-error" className="field-error">
              {trackingProblem}
            </p>
          )}
        </div>
        <p className="muted small">
          The shopper gets a text with the carrier and the tracking number, and the carrier's tracking link
          where we know one.
        </p>
        <ActionError error={action.error} />
        <DialogButtons busy={action.isPending} label="Mark as shipped" onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function QtyStepper({
  item,
  value,
  onChange,
}: {
  item: AdminOrderItem;
  value: number;
  onChange(qty: number): void;
}) {
  const max = refundableQty(item);
  const id = `refund-qty-${item.id}`;
  return (
    <div className="stepper-row">
      <label htmlFor={id} className="stepper-label">
        {item.name}
        <span className="sub">
          {money(item.price_cents)} each · {max} of {item.qty} refundable
        </span>
      </label>
      <div className="stepper">
        <button
          type="button"
          aria-label={`One fewer ${item.name}`}
          disabled={value <= 0}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          value={value}
          onChange={(event) => {
            const next = Number(event.target.value);
            onChange(Number.isInteger(next) ? Math.min(max, Math.max(0, next)) : 0);
          }}
        />
        <button
          type="button"
          aria-label={`One more ${item.name}`}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}

export function RefundDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const action = useOrderAction(order.id);
  // One key for this opening of the dialog: a retried or double submit is the same refund.
  const [idempotencyKey] = useState(() => requestKey('refund'));
  const [qtys, setQtys] = useState<Record<number, number>>({});
  const [shipping, setShipping] = useState('');
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const items = order.items.filter((item) => refundableQty(item) > 0);
  const shippingLeft = Math.max(0, order.shipping_cents - order.shipping_refunded_cents);
  // [I27-amounts] The contract's reader ('9,95' is refused, never 995 dollars); blank is no shipping.
  const shippingRead = shipping.trim() === '' ? { cents: 0 } : readAmount(shipping);
  const shippingCents = 'cents' in shippingRead ? shippingRead.cents : null;
  const total = refundTotal(items, qtys, shippingCents ?? 0);
  const refundable = order.actions.refundable_cents;

  function submit(event: FormEvent) {
    event.preventDefault();
    if ('error' in shippingRead) return setProblem(`Shipping to refund: ${shippingRead.error}`);
    if (shippingCents === null) return;
    if (shippingCents > shippingLeft)
      return setProblem(`At most ${money(shippingLeft)} of shipping is left to refund.`);
    if (total <= 0) return setProblem('Choose what to refund.');
    if (total > refundable) return setProblem(`At most ${money(refundable)} can still be refunded.`);
    setProblem(null);
    const body: RefundOrderBody = {
      lines: items
        .filter((item) => (qtys[item.id] ?? 0) > 0)
        .map((item) => ({ order_item_id: item.id, qty: qtys[item.id] ?? 0 })),
      shipping_cents: shippingCents,
      restock,
      reason: reason.trim() || undefined,
      idempotency_key: idempotencyKey,
    };
    action.mutate((api) => refundOrder(api, order.id, body), { onSuccess: onClose });
  }

  return (
    <Dialog title={`Refund order #${order.increment_id}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="muted small">Up to {money(refundable)} can still be refunded, to the shopper's card.</p>
        <fieldset className="stepper-list">
          <legend>Items</legend>
          {items.length === 0 && <p className="muted">Every item is refunded already.</p>}
          {items.map((item) => (
            <QtyStepper
              key={item.id}
              item={item}
              value={qtys[item.id] ?? 0}
              onChange={(qty) => setQtys((current) => ({ ...current, [item.id]: qty }))}
            />
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="refund-shipping">Shipping to refund ($, up to {money(shippingLeft)})</label>
          <input
            id="refund-shipping"
            inputMode="decimal"
            placeholder="0.00"
            value={shipping}
            onChange={(event) => setShipping(event.target.value)}
          />
        </div>
        <label className="check">
          <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
          Put the refunded items back in stock
        </label>
        <div className="field">
          <label htmlFor="refund-reason">Reason (optional, for the records)</label>
          <textarea
            id="refund-reason"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <p className="total-line" aria-live="polite">
          Refund total: <strong data-testid="refund-total">{money(total)}</strong>
        </p>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        <ActionError error={action.error} />
        <DialogButtons busy={action.isPending} label={`Refund ${money(total)}`} danger onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function CancelDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const action = useOrderAction(order.id);
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [missing, setMissing] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    action.mutate((api) => cancelOrder(api, order.id, { reason: reason.trim(), restock }), {
      onSuccess: onClose,
    });
  }
  const paid = order.captured_cents > 0;
  return (
    <Dialog title={`Cancel order #${order.increment_id}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>
          {paid
            ? `The ${money(order.actions.refundable_cents)} still held is refunded to the shopper's card.`
            : `The hold on the shopper's card is released; nothing is charged.`}{' '}
          The shopper gets a text.
        </p>
        <div className="field">
          <label htmlFor="cancel-reason">Reason</label>
          <textarea
            id="cancel-reason"
            value={reason}
            maxLength={500}
            aria-invalid={missing}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
          {missing && <p className="field-error">Give a reason.</p>}
        </div>
        <label className="check">
          <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
          Put the items back in stock
        </label>
        <ActionError error={action.error} />
        <DialogButtons busy={action.isPending} label="Cancel order" danger onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function NoteForm({ order }: { order: AdminOrder }) {
  const action = useOrderAction(order.id);
  const [note, setNote] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return;
    action.mutate((api) => addOrderNote(api, order.id, { note: note.trim() }), {
      onSuccess: () => setNote(''),
    });
  }
  return (
    <form className="note-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="order-note">Add a note (staff only)</label>
        <textarea
          id="order-note"
          value={note}
          maxLength={1000}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <ActionError error={action.error} />
      <button type="submit" className="button secondary" disabled={action.isPending || !note.trim()}>
        {action.isPending ? 'Saving…' : 'Add note'}
      </button>
    </form>
  );
}

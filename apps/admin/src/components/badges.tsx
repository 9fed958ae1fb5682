// The states staff scan for, each a word with a colour (never colour alone).
import type { GiftCardState, MessageStatus, OrderStatus, PaymentState } from '@quokka/contract/api/admin';

type Tone = 'ok' | 'warn' | 'bad' | 'info' | 'plain';

const ORDER_STATUS: Record<OrderStatus, [string, Tone]> = {
  pending_review: ['Awaiting approval', 'warn'],
  approved: ['Approved', 'info'],
  partially_shipped: ['Partly shipped', 'info'],
  shipped: ['Shipped', 'ok'],
  refused: ['Refused', 'bad'],
  cancelled: ['Cancelled', 'plain'],
};

const PAYMENT_STATE: Record<PaymentState, [string, Tone]> = {
  authorised: ['Authorised', 'warn'],
  captured: ['Paid', 'ok'],
  partially_refunded: ['Partly refunded', 'info'],
  refunded: ['Refunded', 'plain'],
  released: ['Released', 'plain'],
};

const MESSAGE_STATUS: Record<MessageStatus, [string, Tone]> = {
  queued: ['Queued', 'plain'],
  sent: ['Sent', 'info'],
  delivered: ['Delivered', 'ok'],
  failed: ['Failed', 'bad'],
  undelivered: ['Undelivered', 'bad'],
};

const GIFT_CARD_STATE: Record<GiftCardState, [string, Tone]> = {
  scheduled: ['Scheduled', 'info'],
  sending: ['Sending', 'info'],
  sent: ['Sent', 'info'],
  delivered: ['Delivered', 'ok'],
  failed: ['Failed', 'bad'],
  voided: ['Voided', 'plain'],
};

export const ORDER_STATUS_LABELS = Object.fromEntries(
  Object.entries(ORDER_STATUS).map(([key, [label]]) => [key, label]),
) as Record<OrderStatus, string>;

export const GIFT_CARD_STATE_LABELS = Object.fromEntries(
  Object.entries(GIFT_CARD_STATE).map(([key, [label]]) => [key, label]),
) as Record<GiftCardState, string>;

export function Badge({ tone, children, title }: { tone: Tone; children: string; title?: string }) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}

function fromTable<K extends string>(table: Record<K, [string, Tone]>, key: K) {
  const [label, tone] = table[key] ?? [key, 'plain'];
  return <Badge tone={tone}>{label}</Badge>;
}

export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => fromTable(ORDER_STATUS, status);
export const PaymentBadge = ({ state }: { state: PaymentState }) => fromTable(PAYMENT_STATE, state);
export const GiftCardStateBadge = ({ state }: { state: GiftCardState }) => fromTable(GIFT_CARD_STATE, state);
export function MessageStatusBadge({
  status,
  errorCode,
}: {
  status: MessageStatus;
  errorCode?: string | null;
}) {
  const [label, tone] = MESSAGE_STATUS[status] ?? [status, 'plain'];
  return (
    <Badge tone={tone} title={errorCode ? `Error ${errorCode}` : undefined}>
      {errorCode ? `${label} (${errorCode})` : label}
    </Badge>
  );
}
export const FlaggedBadge = () => (
  <Badge tone="bad" title="Waiting for review longer than the shop allows">
    Flagged
  </Badge>
);

// [I34] A seller's own part of an order as a badge (the order's `seller_state`, the list's too): a word
// with a colour, never colour alone. The words are the contract's SELLER_ORDER_STATE_LABELS.
import { SELLER_ORDER_STATE_LABELS, type SellerOrderState } from '@quokka/contract/api/admin';
import { Badge } from '../../components/badges';

const TONE: Record<SellerOrderState, 'ok' | 'warn' | 'bad' | 'info' | 'plain'> = {
  awaiting_review: 'info',
  to_ship: 'warn',
  shipped: 'ok',
  refunded: 'plain',
  refused: 'bad',
  cancelled: 'plain',
};

export function SellerStateBadge({ state }: { state: SellerOrderState }) {
  return <Badge tone={TONE[state] ?? 'plain'}>{SELLER_ORDER_STATE_LABELS[state] ?? state}</Badge>;
}

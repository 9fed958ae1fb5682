import type { Db } from '../../db/database.ts';
import type { LedgerKind } from '../../db/schema.ts';
import { type LedgerEntryInput, postLedgerEntries } from './ledger-entries.ts';
import { chargebackDeadline, orderFees, refundReversal, sellerShares } from './ledger-rules.ts';

// [I16-ledger] What each money event posts to the ledger (DESIGN16 "Money model", docs/ledger-and-statements.md).
// The orders module (approve, refunds), checkout and the Stripe webhook call these inside the
// transaction that makes the event; the ledger reads the order, its lines, its refunds and gift card
// redemptions (SHARED_READS) and never writes them. Every posting is keyed by its event
// ('capture:<order id>', 'refund:<refund id>', 'chargeback:<dispute id>'), so calling one twice posts
// nothing new (and a second call after a gift card give-back adds only the give-back's entry).

const REVERSED_KINDS: LedgerKind[] = ['refund', 'chargeback'];

interface OrderForLedger {
  id: number;
  increment_id: string;
  shipping_cents: number;
  affiliate_seller_id: number | null;
  created_at: Date;
}

interface LineForLedger {
  id: number;
  seller_id: number;
  name: string;
  sku: string;
  is_giftcard: boolean;
  qty: number;
  row_total_cents: number;
}

async function orderOf(db: Db, orderId: number): Promise<OrderForLedger | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'increment_id', 'shipping_cents', 'affiliate_seller_id', 'created_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

async function linesOf(db: Db, orderId: number): Promise<LineForLedger[]> {
  return db
    .selectFrom('order_items')
    .select(['id', 'seller_id', 'name', 'sku', 'is_giftcard', 'qty', 'row_total_cents'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * Splits `amount` over `weights` in proportion, by largest remainder (the lower key first on a tie); the
 * parts always add up to `amount`. All weights 0: nothing is allocated (every part 0).
 */
export function allocateByLargestRemainder(
  amount: number,
  weights: readonly { key: number; weight: number }[],
): Map<number, number> {
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  const result = new Map<number, number>();
  if (total <= 0) {
    for (const w of weights) result.set(w.key, 0);
    return result;
  }
  const parts = weights.map((w) => {
    const exact = BigInt(amount) * BigInt(w.weight);
    return { key: w.key, whole: exact / BigInt(total), remainder: exact % BigInt(total) };
  });
  let left = BigInt(amount) - parts.reduce((sum, p) => sum + p.whole, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.key - b.key : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const part of order) {
    if (left <= 0n) break;
    extra.add(part.key);
    left -= 1n;
  }
  for (const part of parts) result.set(part.key, Number(part.whole) + (extra.has(part.key) ? 1 : 0));
  return result;
}

/** The gift card part of the order per seller (what cards paid at checkout, kind 'order'). */
async function giftCardPartsOf(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('gift_card_redemptions')
    .select(['seller_id', 'gift_card_id', 'amount_cents'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'order')
    .orderBy('id')
    .execute();
  const bySeller = new Map<number, { cents: number; giftCardId: number }>();
  for (const row of rows) {
    const current = bySeller.get(row.seller_id);
    bySeller.set(row.seller_id, {
      cents: (current?.cents ?? 0) + row.amount_cents,
      giftCardId: current?.giftCardId ?? row.gift_card_id,
    });
  }
  return bySeller;
}

/**
 * [I16-ledger] The order's capture: per seller, a sale (or gift_card_sale) per line, the shipping share,
 * the service fee, the commission (none on the affiliate seller's lines), GST on the fees, and the part
 * a gift card paid (which carries no fees: the seller was paid when the card was sold). Answers how many
 * entries were new.
 */
export async function postCapture(db: Db, orderId: number, at: Date): Promise<number> {
  const order = await orderOf(db, orderId);
  if (!order) return 0;
  const lines = await linesOf(db, orderId);
  if (lines.length === 0) return 0;
  const giftCardParts = await giftCardPartsOf(db, orderId);
  const eventKey = `capture:${orderId}`;
  const base = { eventKey, occurredAt: at, orderId, orderIncrementId: order.increment_id };
  const entries: LedgerEntryInput[] = [];
  const shares = sellerShares({
    shippingCents: order.shipping_cents,
    lines: lines.map((line) => ({ sellerId: line.seller_id, lineTotalCents: line.row_total_cents })),
  });
  for (const share of shares) {
    const sellerId = share.sellerId;
    for (const line of lines.filter((l) => l.seller_id === sellerId)) {
      entries.push({
        ...base,
        sellerId,
        kind: line.is_giftcard ? 'gift_card_sale' : 'sale',
        amountCents: line.row_total_cents,
        orderItemId: line.id,
        description: `${line.qty} × ${line.name} (${line.sku})`,
      });
    }
    if (share.shippingShareCents > 0) {
      entries.push({
        ...base,
        sellerId,
        kind: 'shipping',
        amountCents: share.shippingShareCents,
        description: 'Shipping share',
      });
    }
    const card = giftCardParts.get(sellerId);
    const cardPart = Math.min(card?.cents ?? 0, share.linesCents);
    const feeBase = share.shareCents - cardPart;
    const commissionBase = order.affiliate_seller_id === sellerId ? 0 : share.linesCents - cardPart;
    const fees = orderFees({ shareCents: feeBase, marketplaceLinesCents: commissionBase });
    const fee = (kind: LedgerKind, cents: number, baseCents: number, description: string) => {
      if (cents !== 0) entries.push({ ...base, sellerId, kind, amountCents: -cents, baseCents, description });
    };
    fee('service_fee', fees.serviceFeeCents, feeBase, 'Service fee 2.9%');
    fee('commission', fees.commissionCents, commissionBase, 'Commission 3.1%');
    fee('fee_gst', fees.gstCents, fees.serviceFeeCents + fees.commissionCents, 'GST on fees');
    if (cardPart > 0 && card) {
      entries.push({
        ...base,
        sellerId,
        kind: 'gift_card_redemption',
        amountCents: -cardPart,
        giftCardId: card.giftCardId,
        description: 'Paid by gift card (paid to you when the card was sold)',
      });
    }
  }
  return postLedgerEntries(db, entries);
}

/** Per seller: what the capture charged and what refunds/chargebacks already reversed (other events). */
async function sellerPositions(db: Db, orderId: number, exceptEventKey: string) {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['seller_id', 'kind', 'amount_cents', 'base_cents', 'event_key'])
    .where('order_id', '=', orderId)
    .execute();
  const positions = new Map<
    number,
    {
      linesCents: number;
      shippingCents: number;
      serviceFeeCents: number;
      commissionCents: number;
      reversedLinesCents: number;
      reversedCents: number;
    }
  >();
  for (const row of rows) {
    if (row.event_key === exceptEventKey) continue;
    const p = positions.get(row.seller_id) ?? {
      linesCents: 0,
      shippingCents: 0,
      serviceFeeCents: 0,
      commissionCents: 0,
      reversedLinesCents: 0,
      reversedCents: 0,
    };
    if (row.event_key.startsWith('capture:')) {
      if (row.kind === 'sale' || row.kind === 'gift_card_sale') p.linesCents += row.amount_cents;
      if (row.kind === 'shipping') p.shippingCents += row.amount_cents;
      if (row.kind === 'service_fee') p.serviceFeeCents -= row.amount_cents;
      if (row.kind === 'commission') p.commissionCents -= row.amount_cents;
    } else if (REVERSED_KINDS.includes(row.kind)) {
      p.reversedLinesCents += row.base_cents ?? 0;
      p.reversedCents -= row.amount_cents;
    }
    positions.set(row.seller_id, p);
  }
  return positions;
}

type Position = Awaited<ReturnType<typeof sellerPositions>> extends Map<number, infer P> ? P : never;

function reversalEntries(
  position: Position,
  kind: 'refund' | 'chargeback',
  linesCents: number,
  shippingCents: number,
  common: Omit<LedgerEntryInput, 'kind' | 'amountCents' | 'description' | 'baseCents'>,
  label: string,
): LedgerEntryInput[] {
  const lines = Math.min(linesCents, Math.max(0, position.linesCents - position.reversedLinesCents));
  const reversal = refundReversal({
    saleLinesCents: position.linesCents,
    serviceFeeCents: position.serviceFeeCents,
    commissionCents: position.commissionCents,
    refundedLinesCents: lines,
    refundedShippingCents: shippingCents + (linesCents - lines),
    previouslyRefundedLinesCents: position.reversedLinesCents,
  });
  const entries: LedgerEntryInput[] = [];
  if (reversal.saleCents > 0)
    entries.push({ ...common, kind, amountCents: -reversal.saleCents, baseCents: lines, description: label });
  if (reversal.commissionCents !== 0)
    entries.push({
      ...common,
      kind: 'commission_reversal',
      amountCents: reversal.commissionCents,
      baseCents: lines,
      description: `Commission given back (${label.toLowerCase()})`,
    });
  if (reversal.gstCents !== 0)
    entries.push({
      ...common,
      kind: 'fee_gst_reversal',
      amountCents: reversal.gstCents,
      baseCents: reversal.commissionCents,
      description: `GST on fees given back (${label.toLowerCase()})`,
    });
  return entries;
}

/**
 * [I16-ledger] A refund (any source): per seller, `refund` (− lines and shipping refunded), the
 * commission and its GST given back in proportion (refundReversal, cumulative over the order's earlier
 * refunds and chargebacks); plus, when part of it went back onto a gift card (gift_card_redemptions
 * kind 'order_give_back', key 'refund:<id>'), `gift_card_redemption` + that part for the card's seller.
 * A refund whose lines are unknown (a provider refund) is spread over the sellers like a chargeback.
 * An order whose capture was never posted posts nothing. `at` defaults to the refund's created_at.
 */
export async function postRefund(db: Db, refundId: number, at?: Date): Promise<number> {
  const refund = await db
    .selectFrom('order_refunds')
    .select(['id', 'order_id', 'amount_cents', 'shipping_cents', 'lines', 'source', 'created_at'])
    .where('id', '=', refundId)
    .executeTakeFirst();
  if (!refund) return 0;
  const order = await orderOf(db, refund.order_id);
  if (!order) return 0;
  const eventKey = `refund:${refund.id}`;
  const positions = await sellerPositions(db, order.id, eventKey);
  if (positions.size === 0) return 0;
  const items = await linesOf(db, order.id);
  const storedLines = (
    typeof refund.lines === 'string' ? JSON.parse(refund.lines) : (refund.lines ?? [])
  ) as { order_item_id: number; amount_cents: number }[];
  const occurredAt = at ?? refund.created_at;
  const common = { eventKey, occurredAt, orderId: order.id, orderIncrementId: order.increment_id, refundId };
  const label = refund.source === 'cancellation' ? 'Refund (order cancelled)' : 'Refund';

  const split = new Map<number, { lines: number; shipping: number }>();
  if (storedLines.length > 0 || refund.shipping_cents > 0) {
    for (const line of storedLines) {
      const item = items.find((i) => i.id === line.order_item_id);
      if (!item) continue;
      const s = split.get(item.seller_id) ?? { lines: 0, shipping: 0 };
      s.lines += line.amount_cents;
      split.set(item.seller_id, s);
    }
    if (refund.shipping_cents > 0) {
      const shares = sellerShares({
        shippingCents: refund.shipping_cents,
        lines: items.map((i) => ({ sellerId: i.seller_id, lineTotalCents: i.row_total_cents })),
      });
      for (const share of shares) {
        const s = split.get(share.sellerId) ?? { lines: 0, shipping: 0 };
        s.shipping += share.shippingShareCents;
        split.set(share.sellerId, s);
      }
    }
  } else {
    for (const [sellerId, part] of allocateOverSellers(positions, refund.amount_cents)) {
      split.set(sellerId, part);
    }
  }
  const entries: LedgerEntryInput[] = [];
  for (const [sellerId, part] of [...split.entries()].sort((a, b) => a[0] - b[0])) {
    const position = positions.get(sellerId);
    if (!position) continue;
    entries.push(
      ...reversalEntries(position, 'refund', part.lines, part.shipping, { ...common, sellerId }, label),
    );
  }
  const giveBacks = await db
    .selectFrom('gift_card_redemptions')
    .select(['seller_id', 'gift_card_id', 'amount_cents'])
    .where('order_id', '=', order.id)
    .where('kind', '=', 'order_give_back')
    .where('idempotency_key', '=', eventKey)
    .execute();
  for (const giveBack of giveBacks) {
    entries.push({
      ...common,
      sellerId: giveBack.seller_id,
      kind: 'gift_card_redemption',
      amountCents: Math.abs(giveBack.amount_cents),
      giftCardId: giveBack.gift_card_id,
      description: 'Refunded onto the gift card (no longer paid by it)',
    });
  }
  return postLedgerEntries(db, entries);
}

/**
 * [I16-ledger] The chargeback allocation rule: the disputed amount (capped at what is left unrefunded)
 * is split over the order's sellers in proportion to each seller's unrefunded share (lines + shipping
 * share − what refunds and chargebacks already took), by largest remainder (the lower seller id first on
 * a tie). Within a seller the part reverses lines first, then shipping.
 */
function allocateOverSellers(
  positions: Map<number, Position>,
  amountCents: number,
): Map<number, { lines: number; shipping: number }> {
  const left = [...positions.entries()]
    .map(([sellerId, p]) => ({
      key: sellerId,
      weight: Math.max(0, p.linesCents + p.shippingCents - p.reversedCents),
      linesLeft: Math.max(0, p.linesCents - p.reversedLinesCents),
    }))
    .sort((a, b) => a.key - b.key);
  const total = left.reduce((sum, s) => sum + s.weight, 0);
  const parts = allocateByLargestRemainder(Math.min(amountCents, total), left);
  const result = new Map<number, { lines: number; shipping: number }>();
  for (const seller of left) {
    const cents = parts.get(seller.key) ?? 0;
    if (cents <= 0) continue;
    const lines = Math.min(cents, seller.linesLeft);
    result.set(seller.key, { lines, shipping: cents - lines });
  }
  return result;
}

export type ChargebackPosting =
  | { posted: true; entries: number; allocation: Map<number, number> }
  | { posted: false; reason: 'too_late'; deadline: Date }
  | { posted: false; reason: 'not_captured' };

/**
 * [I16-ledger][BIZ-06] A chargeback opened at the provider: within 3 months of the order, `chargeback`
 * (−), commission and GST given back per seller, allocated by allocateOverSellers; later, nothing.
 */
export async function postChargeback(
  db: Db,
  input: { orderId: number; disputeId: string; amountCents: number; at: Date },
): Promise<ChargebackPosting> {
  const order = await orderOf(db, input.orderId);
  if (!order) return { posted: false, reason: 'not_captured' };
  const deadline = chargebackDeadline(order.created_at);
  if (input.at.getTime() > deadline.getTime()) return { posted: false, reason: 'too_late', deadline };
  const eventKey = `chargeback:${input.disputeId}`;
  const positions = await sellerPositions(db, order.id, eventKey);
  if (positions.size === 0) return { posted: false, reason: 'not_captured' };
  const split = allocateOverSellers(positions, Math.max(0, input.amountCents));
  const common = { eventKey, occurredAt: input.at, orderId: order.id, orderIncrementId: order.increment_id };
  const entries: LedgerEntryInput[] = [];
  const allocation = new Map<number, number>();
  for (const [sellerId, part] of [...split.entries()].sort((a, b) => a[0] - b[0])) {
    const position = positions.get(sellerId);
    if (!position) continue;
    allocation.set(sellerId, part.lines + part.shipping);
    entries.push(
      ...reversalEntries(
        position,
        'chargeback',
        part.lines,
        part.shipping,
        { ...common, sellerId },
        `Chargeback ${input.disputeId}`,
      ),
    );
  }
  return { posted: true, entries: await postLedgerEntries(db, entries), allocation };
}

import { formatCents } from '@quokka/contract/money';
import type { Db } from '../../db/database.ts';
import type { PaymentState } from '../../db/schema.ts';
import { ConflictError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import type { GiftCardBalances } from '../../domain/gift-card-balances.ts';
import type { PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import type { Inventory, StockLine } from '../catalog/catalog-service.ts';
import { postRefund } from '../ledger/ledger-postings.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import type { OrderChangeRecords } from './order-review.ts';

// [I15-refund, I15-cancel, I15-webhooks, I16-checkout-giftcard] The one way money goes back to a shopper
// (docs/architecture.md "The refund path"). The operator's refund, a cancellation, a refusal, a gift card
// void and a refund made at Stripe all call `giveBack`, inside their own transaction; it
// 1. locks the order row (FOR UPDATE): every refund of an order, whatever made it, waits for the others
//    here and sees what they did;
// 2. answers the refund already made under the same key (idempotent: a retried request gives nothing
//    more, and a key reused for something else is refused);
// 3. never gives back more than was captured: the payment card first, up to what is left of it, then the
//    gift card that paid part of the order, up to what it took (a card voided since keeps nothing: what
//    would go back onto it stays with the shop, and an operator's refund of it is refused);
// 4. refunds at the provider with an idempotency key (inside the transaction: the same key always means
//    the same refund at Stripe, so a retry after a failed commit never refunds twice), or records a
//    refund Stripe made (its id is the key);
// 5. writes the order_refunds row, the lines' and order's refund totals (checkout's records), the
//    gift card's give-back, the restock, the ledger entries (posted last, after the give-back they
//    read) and the shopper's text into the outbox, all in the caller's transaction.
// Before capture there is nothing to refund: 'everything' then releases the card's authorisation and
// gives the gift card part back under '<key>:<order id>' (a refusal, 'refuse:<id>', or a cancellation
// before approval, 'cancel:<id>').
// The caller writes its own order event and audit line from what this answers, and sends the queued text
// after its commit (outbox.sendNow).

export const REFUND_TEXT = {
  notCaptured: 'Only an order whose payment was captured can be refunded.',
  emptyRefund: 'Choose at least one line or some shipping to refund.',
  duplicateLine: 'Each line may appear only once in a refund.',
  unknownLine: 'That line is not part of this order.',
  tooManyUnits: 'That is more than is left to refund on the line.',
  tooMuchShipping: 'That is more shipping than is left to refund.',
  tooMuchMoney: 'That is more than is left of the captured payment.',
  keyReused: 'This refund key was already used for a different refund.',
  voidedGiftCard: (kept: number, most: number) =>
    `${formatCents(kept)} of this order was paid with a gift card that has since been voided, so nothing can go back onto it: refund at most ${formatCents(most)}.`,
} as const;

export type RefundSource = 'staff' | 'cancellation' | 'provider' | 'gift_card_void';

/** What to give back. */
export type RefundWhat =
  /** Units of lines and some shipping (the operator's refund): the card first, then the gift card. */
  | { kind: 'lines'; lines: { order_item_id: number; qty: number }[]; shippingCents: number }
  /**
   * All that is left (a cancellation, a refusal): every unit not refunded yet and the shipping left,
   * from the card and the gift card; before capture, the authorisation released instead.
   */
  | { kind: 'everything' }
  /** An exact amount for one unit of one line, to the payment card only (a void refunds what is unspent). */
  | { kind: 'unit'; orderItemId: number; cents: number }
  /** A refund Stripe made (its dashboard): recorded once, capped at what is left of the card payment. */
  | { kind: 'at_provider'; providerRefundId: string; cents: number };

export interface RefundText {
  to: string | null;
  purpose: string;
  key: string;
  body: string;
  giftCardId?: number;
}

export interface RefundRequest {
  orderId: number;
  what: RefundWhat;
  source: RefundSource;
  /** Unique per order (order_refunds.idempotency_key): the same key answers the refund it made. */
  key: string;
  /** The provider's idempotency key; `quokka-refund-<order id>-<key>` by default. */
  providerKey?: string;
  /** Puts the refunded units back in stock (gift cards and deleted products have none). */
  restock: boolean;
  reason: string | null;
  staffId: number | null;
  at: Date;
  /** The shopper's text from what was given back (queued in the outbox), or null for none. */
  text?: (given: GivenBack) => RefundText | null;
}

/** A refunded line as order_refunds.lines stores it. */
export interface RefundedLine {
  order_item_id: number;
  qty: number;
  amount_cents: number;
}

export interface GivenBack {
  /** The order_refunds row; null when nothing was captured (released) or nothing was left. */
  refundId: number | null;
  /** An earlier refund under the same key (or Stripe's refund id already on record): nothing changed now. */
  replayed: boolean;
  /** Released: the authorisation was let go (nothing had been captured). */
  released: boolean;
  amountCents: number;
  cardCents: number;
  giftCardCents: number;
  /** What the order's gift card paid and could not have back: the card was voided. */
  giftCardKeptCents: number;
  lines: RefundedLine[];
  shippingCents: number;
  paymentState: PaymentState;
  providerRefundId: string | null;
  /** Units given back to stock (the caller tells the catalogue after its commit). */
  restocked: StockLine[];
  /** The text queued in the outbox (the caller attaches it to its event and sends it after commit). */
  messageIds: number[];
  /** The order as it was when locked (before this refund). */
  before: { payment_state: PaymentState; refunded_cents: number; captured_cents: number };
}

export interface OrderRefundsDeps {
  /** The order's rows belong to checkout: its line and refund totals are written through its records. */
  records: Pick<OrderChangeRecords, 'refund' | 'lineRefund'>;
  payments: Pick<PaymentsProvider, 'refundAmount' | 'release'>;
  /** The catalogue's stock: a restock gives back what checkout took. */
  inventory: Pick<Inventory, 'giveBack'>;
  /** The gift card that paid part of an order (modules/giftcards, handed in). */
  giftCardBalances?: GiftCardBalances;
}

export interface OrderRefunds {
  /** Gives money back as `request` says, in the caller's transaction `trx`. */
  giveBack(trx: Db, request: RefundRequest): Promise<GivenBack>;
}

type Item = {
  id: number;
  product_id: number | null;
  name: string;
  qty: number;
  refunded_qty: number;
  price_cents: number;
  row_total_cents: number;
  refunded_cents: number;
  is_giftcard: boolean;
};

const ORDER_NOT_FOUND = 'The order does not exist.';

/** The units to give back to stock (gift cards and deleted products have none), as checkout took them. */
export function stockLines(
  units: { productId: number | null; qty: number; giftcard: boolean }[],
): StockLine[] {
  return units.flatMap((unit) =>
    unit.productId !== null && unit.qty > 0 && !unit.giftcard
      ? [{ productId: unit.productId, qty: unit.qty }]
      : [],
  );
}

const sortedLines = (lines: { order_item_id: number; qty: number }[]) =>
  JSON.stringify(
    lines.map((line) => [line.order_item_id, line.qty]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
  );

/**
 * The order's money, its row locked until the transaction ends: the lock every refund of the order takes
 * (a caller that decides whether to refund, as a void does, reads it here first).
 */
export async function lockOrderMoney(trx: Db, orderId: number) {
  const order = await trx
    .selectFrom('orders')
    .select([
      'id',
      'increment_id',
      'customer_mobile',
      'payment_id',
      'payment_state',
      'captured_cents',
      'refunded_cents',
      'shipping_cents',
      'shipping_refunded_cents',
    ])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

type LockedOrder = Awaited<ReturnType<typeof lockOrderMoney>>;

export function createOrderRefunds(deps: OrderRefundsDeps): OrderRefunds {
  const { records, payments } = deps;

  async function lockItems(trx: Db, orderId: number): Promise<Item[]> {
    return trx
      .selectFrom('order_items')
      .select([
        'id',
        'product_id',
        'name',
        'qty',
        'refunded_qty',
        'price_cents',
        'row_total_cents',
        'refunded_cents',
        'is_giftcard',
      ])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** The gift card part of the order: what may go back onto it, and what a void keeps. Locks the card. */
  async function giftCardPart(trx: Db, orderId: number): Promise<{ left: number; kept: number }> {
    const card = deps.giftCardBalances ? await deps.giftCardBalances.orderCard(trx, orderId) : undefined;
    if (!card || card.netCents <= 0) return { left: 0, kept: 0 };
    return card.voided ? { left: 0, kept: card.netCents } : { left: card.netCents, kept: 0 };
  }

  async function queueText(trx: Db, request: RefundRequest, given: GivenBack): Promise<number[]> {
    const text = request.text?.(given);
    if (!text?.to) return [];
    const id = await enqueueMessage(
      trx,
      {
        kind: 'sms',
        to: text.to,
        purpose: text.purpose,
        key: text.key,
        body: text.body,
        orderId: request.orderId,
        ...(text.giftCardId !== undefined ? { giftCardId: text.giftCardId } : {}),
      },
      request.at,
    );
    return [id];
  }

  /** Nothing captured yet: the authorisation released and the gift card part back onto the card. */
  async function release(
    trx: Db,
    request: RefundRequest,
    order: LockedOrder,
    items: Item[],
  ): Promise<GivenBack> {
    if (order.payment_id) await payments.release(trx, order.payment_id);
    const part = await giftCardPart(trx, order.id);
    if (part.left > 0 && deps.giftCardBalances)
      await deps.giftCardBalances.giveBack(trx, {
        orderId: order.id,
        amountCents: part.left,
        key: `${request.key}:${order.id}`,
        at: request.at,
      });
    const restocked = request.restock
      ? stockLines(
          items.map((item) => ({ productId: item.product_id, qty: item.qty, giftcard: item.is_giftcard })),
        )
      : [];
    await deps.inventory.giveBack(trx, restocked);
    const given: GivenBack = {
      refundId: null,
      replayed: false,
      released: true,
      amountCents: part.left,
      cardCents: 0,
      giftCardCents: part.left,
      giftCardKeptCents: part.kept,
      lines: [],
      shippingCents: 0,
      paymentState: 'released',
      providerRefundId: null,
      restocked,
      messageIds: [],
      before: order,
    };
    given.messageIds = await queueText(trx, request, given);
    return given;
  }

  /** What this request gives back on each line and in shipping, checked against what is left. */
  function plan(
    request: RefundRequest,
    order: LockedOrder,
    items: Item[],
  ): { lines: (RefundedLine & { item: Item })[]; shippingCents: number } {
    const what = request.what;
    if (what.kind === 'lines') {
      const lines = what.lines.map((line) => {
        const item = items.find((row) => row.id === line.order_item_id);
        if (!item) throw new InvalidDataError(REFUND_TEXT.unknownLine);
        const leftQty = item.qty - item.refunded_qty;
        const leftCents = item.row_total_cents - item.refunded_cents;
        if (line.qty > leftQty) throw new ConflictError(REFUND_TEXT.tooManyUnits);
        // The line's last units take exactly what is left of it: rounding never leaves a cent behind.
        const amount = line.qty === leftQty ? leftCents : Math.min(leftCents, line.qty * item.price_cents);
        return { item, order_item_id: item.id, qty: line.qty, amount_cents: amount };
      });
      if (what.shippingCents > order.shipping_cents - order.shipping_refunded_cents)
        throw new ConflictError(REFUND_TEXT.tooMuchShipping);
      return { lines, shippingCents: what.shippingCents };
    }
    if (what.kind === 'unit') {
      const item = items.find((row) => row.id === what.orderItemId);
      if (!item || item.refunded_qty >= item.qty || item.refunded_cents + what.cents > item.row_total_cents)
        throw new ConflictError(REFUND_TEXT.tooManyUnits);
      return {
        lines: [{ item, order_item_id: item.id, qty: 1, amount_cents: what.cents }],
        shippingCents: 0,
      };
    }
    if (what.kind === 'everything') {
      const lines = items
        .filter((item) => item.qty > item.refunded_qty)
        .map((item) => ({
          item,
          order_item_id: item.id,
          qty: item.qty - item.refunded_qty,
          amount_cents: item.row_total_cents - item.refunded_cents,
        }));
      return { lines, shippingCents: order.shipping_cents - order.shipping_refunded_cents };
    }
    return { lines: [], shippingCents: 0 };
  }

  async function giveBack(trx: Db, request: RefundRequest): Promise<GivenBack> {
    const order = await lockOrderMoney(trx, request.orderId);
    const what = request.what;
    const emptyReply = {
      released: false,
      lines: [],
      shippingCents: 0,
      restocked: [],
      messageIds: [],
      before: order,
      giftCardKeptCents: 0,
    };

    // 2. The same key answers the refund it made, and gives nothing more.
    const earlier = await trx
      .selectFrom('order_refunds')
      .select(['id', 'amount_cents', 'shipping_cents', 'lines', 'restocked', 'provider_refund_id'])
      .where('order_id', '=', order.id)
      .where((eb) =>
        what.kind === 'at_provider'
          ? eb.or([
              eb('idempotency_key', '=', request.key),
              eb('provider_refund_id', '=', what.providerRefundId),
            ])
          : eb('idempotency_key', '=', request.key),
      )
      .executeTakeFirst();
    if (earlier) {
      const stored = (
        typeof earlier.lines === 'string' ? JSON.parse(earlier.lines) : earlier.lines
      ) as RefundedLine[];
      if (
        what.kind === 'lines' &&
        (sortedLines(stored) !== sortedLines(what.lines) ||
          earlier.shipping_cents !== what.shippingCents ||
          earlier.restocked !== request.restock)
      )
        throw new ConflictError(REFUND_TEXT.keyReused);
      return {
        ...emptyReply,
        refundId: earlier.id,
        replayed: true,
        amountCents: earlier.amount_cents,
        cardCents: 0,
        giftCardCents: 0,
        lines: stored,
        shippingCents: earlier.shipping_cents,
        paymentState: order.payment_state,
        providerRefundId: earlier.provider_refund_id,
      };
    }

    if (what.kind === 'lines') {
      const ids = what.lines.map((line) => line.order_item_id);
      if (new Set(ids).size !== ids.length) throw new InvalidDataError(REFUND_TEXT.duplicateLine);
      if (what.lines.length === 0 && what.shippingCents === 0)
        throw new InvalidDataError(REFUND_TEXT.emptyRefund);
    }
    const items = await lockItems(trx, order.id);
    if (what.kind === 'everything' && order.payment_state === 'authorised')
      return release(trx, request, order, items);

    const captured = order.payment_state === 'captured' || order.payment_state === 'partially_refunded';
    const cardLeft = order.captured_cents - order.refunded_cents;
    // 3. Card first, then the gift card; a card that only pays (never receives) in a void or Stripe's refund.
    const cardOnly = what.kind === 'unit' || what.kind === 'at_provider';
    const part = cardOnly ? { left: 0, kept: 0 } : await giftCardPart(trx, order.id);
    /** Nothing left to give back: a cancellation still restocks what is left and tells the shopper. */
    const nothingLeft = async (): Promise<GivenBack> => {
      const restocked =
        what.kind === 'everything' && request.restock
          ? stockLines(
              items.map((item) => ({
                productId: item.product_id,
                qty: item.qty - item.refunded_qty,
                giftcard: item.is_giftcard,
              })),
            )
          : [];
      await deps.inventory.giveBack(trx, restocked);
      const given: GivenBack = {
        ...emptyReply,
        refundId: null,
        replayed: false,
        amountCents: 0,
        cardCents: 0,
        giftCardCents: 0,
        giftCardKeptCents: part.kept,
        // All that was captured is back already (or kept by a voided card): refunded, for 'everything'.
        paymentState: what.kind === 'everything' && captured ? 'refunded' : order.payment_state,
        providerRefundId: null,
        restocked,
      };
      given.messageIds = what.kind === 'at_provider' ? [] : await queueText(trx, request, given);
      return given;
    };

    let amount: number;
    let cardCents: number;
    let lines: (RefundedLine & { item?: Item })[];
    let shippingCents: number;
    if (what.kind === 'at_provider') {
      // Stripe refunded it already: what we record never exceeds what is left of the card payment.
      amount = Math.min(what.cents, cardLeft);
      if (amount <= 0) return nothingLeft();
      cardCents = amount;
      lines = [];
      shippingCents = 0;
    } else {
      if (!captured || (!order.payment_id && part.left <= 0 && part.kept <= 0)) {
        if (what.kind === 'everything') return nothingLeft();
        throw new ConflictError(REFUND_TEXT.notCaptured);
      }
      const planned = plan(request, order, items);
      lines = planned.lines;
      shippingCents = planned.shippingCents;
      const asked = lines.reduce((sum, line) => sum + line.amount_cents, 0) + shippingCents;
      if (what.kind === 'everything') {
        // Everything still captured, whatever the lines say (an earlier Stripe refund had no lines).
        amount = cardLeft + part.left;
        if (amount <= 0) return nothingLeft();
        shippingCents = Math.min(shippingCents, amount);
      } else {
        if (asked <= 0) throw new InvalidDataError(REFUND_TEXT.emptyRefund);
        amount = asked;
        if (what.kind === 'unit' && (amount > cardLeft || !order.payment_id))
          throw new ConflictError(REFUND_TEXT.tooMuchMoney);
        if (amount > cardLeft + part.left) {
          if (part.kept > 0 && amount <= cardLeft + part.kept)
            throw new ConflictError(REFUND_TEXT.voidedGiftCard(part.kept, cardLeft));
          throw new ConflictError(REFUND_TEXT.tooMuchMoney);
        }
      }
      cardCents = Math.min(amount, cardLeft);
      if (cardCents > 0 && !order.payment_id) cardCents = 0;
    }
    const giftCardCents = amount - cardCents;

    // 4. At the provider (unless Stripe made it), then 5. on record.
    const providerRefundId =
      what.kind === 'at_provider'
        ? what.providerRefundId
        : cardCents > 0 && order.payment_id
          ? (
              await payments.refundAmount(trx, order.payment_id, {
                amountCents: cardCents,
                idempotencyKey: request.providerKey ?? `quokka-refund-${order.id}-${request.key}`,
              })
            ).id
          : null;
    const stored: RefundedLine[] = lines.map((line) => ({
      order_item_id: line.order_item_id,
      qty: line.qty,
      amount_cents: line.amount_cents,
    }));
    const row = await trx
      .insertInto('order_refunds')
      .values({
        order_id: order.id,
        amount_cents: amount,
        shipping_cents: shippingCents,
        lines: JSON.stringify(stored),
        restocked: request.restock,
        reason: request.reason,
        source: request.source,
        idempotency_key: request.key,
        provider_refund_id: providerRefundId,
        staff_id: request.staffId,
        created_at: request.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (giftCardCents > 0 && deps.giftCardBalances)
      await deps.giftCardBalances.giveBack(trx, {
        orderId: order.id,
        amountCents: giftCardCents,
        key: `refund:${row.id}`,
        at: request.at,
      });
    for (const line of stored)
      await records.lineRefund(trx, line.order_item_id, { qty: line.qty, cents: line.amount_cents });
    // orders.refunded_cents counts the payment card's refunds only (its CHECK ≤ captured).
    const refunded = order.refunded_cents + cardCents;
    const paymentState: PaymentState =
      refunded >= order.captured_cents && part.left - giftCardCents <= 0 ? 'refunded' : 'partially_refunded';
    await records.refund(trx, order.id, { cents: cardCents, shippingCents, paymentState });
    const restocked = request.restock
      ? stockLines(
          lines.map((line) => ({
            productId: line.item?.product_id ?? null,
            qty: line.qty,
            giftcard: line.item?.is_giftcard ?? true,
          })),
        )
      : [];
    await deps.inventory.giveBack(trx, restocked);
    // [I16-ledger] Posted last, after the part given back onto a gift card under key 'refund:<id>'.
    await postRefund(trx, row.id, request.at);
    const given: GivenBack = {
      refundId: row.id,
      replayed: false,
      released: false,
      amountCents: amount,
      cardCents,
      giftCardCents,
      giftCardKeptCents: part.kept,
      lines: stored,
      shippingCents,
      paymentState,
      providerRefundId,
      restocked,
      messageIds: [],
      before: order,
    };
    given.messageIds = await queueText(trx, request, given);
    return given;
  }

  return { giveBack };
}

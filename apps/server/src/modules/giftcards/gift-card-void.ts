import { formatCents } from '@quokka/contract/money';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { attachEventMessage, recordOrderEvent } from '../orders/order-events.ts';
import { lockOrderMoney, type OrderRefunds } from '../orders/order-refunds.ts';
import { stopCardMessages } from './gift-card-sending.ts';
import type { RecordStaffAction } from './giftcards-console.ts';
import {
  GIFT_CARD_CONSOLE_TEXT,
  lastFour,
  lockCard,
  subjectOf,
  voidRefundKey,
} from './giftcards-console-cards.ts';

// [I15-giftcards, I27-void] Voiding a paid gift card from the console (docs/gift-card-console.md): the
// card can no longer be spent, a send not yet made is stopped, and what is left on it (never what was
// spent) goes back to the purchaser through the order's refund.

export interface GiftCardVoidDeps {
  db: Db;
  clock: Clock;
  /** The one refund path (modules/orders/order-refunds.ts, built in services.ts). */
  refunds: OrderRefunds;
  /** The outbox's sender: the purchaser's text goes before the reply. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  audit: RecordStaffAction;
  storeName: string;
}

/** Voids the card; the caller answers the card as it now reads. */
export async function voidGiftCard(
  deps: GiftCardVoidDeps,
  staffId: number,
  cardId: number,
  body: { reason: string },
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  const reason = body.reason.trim();
  const texts = await db.transaction().execute(async (trx) => {
    // [I27-void] The card's row lock is the one a redemption (and an order spending the card) takes, so
    // the balance read here is final until this transaction ends: a redemption waits, then finds the
    // card voided; a void that waited for a redemption refunds what the redemption left.
    const card = await lockCard(trx, cardId);
    if (card.voided_at) throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.alreadyVoided);
    if (card.order_id === null) throw new NotFoundError(GIFT_CARD_CONSOLE_TEXT.notFound);
    // Only what is left goes back: what was spent was given in goods already.
    const unspent = card.balance_cents;
    // The order row is the lock of its money: refunds of any kind wait for each other here.
    const order = await lockOrderMoney(trx, card.order_id);
    const line = await trx
      .selectFrom('order_items')
      .select(['id', 'seller_id', 'name', 'qty', 'refunded_qty', 'row_total_cents', 'refunded_cents'])
      .where('order_id', '=', order.id)
      .where('sku', '=', card.configurable_product_sku)
      .where('is_giftcard', '=', true)
      .where(sql<boolean>`refunded_qty < qty`)
      .where(sql<boolean>`refunded_cents + ${unspent} <= row_total_cents`)
      .orderBy('id')
      .executeTakeFirst();

    const captured =
      order.captured_cents > 0 &&
      ['captured', 'partially_refunded', 'refunded'].includes(order.payment_state);
    let note: string | null = null;
    let refund: { id: number; providerRefundId: string | null } | null = null;
    let texts: number[] = [];
    if (card.amount_cents === 0) {
      note = 'Not refunded: the card was free.';
    } else if (unspent <= 0) {
      note = GIFT_CARD_CONSOLE_TEXT.notRefundedSpent(card.amount_cents);
    } else if (!captured) {
      note =
        order.payment_state === 'authorised'
          ? GIFT_CARD_CONSOLE_TEXT.notRefundedAuthorised
          : GIFT_CARD_CONSOLE_TEXT.notRefundedNothingCaptured;
    } else if (!line) {
      note = GIFT_CARD_CONSOLE_TEXT.notRefundedLine;
    } else {
      const left = order.captured_cents - order.refunded_cents;
      if (unspent > left || !order.payment_id)
        throw new ConflictError(GIFT_CARD_CONSOLE_TEXT.overRefund(Math.max(0, left)));
      // [I15-refund] Through the one refund path (modules/orders/order-refunds.ts): one unit of the card's
      // line for the unspent amount, to the payment card only (what was spent was given in goods), under
      // the order's row lock; the purchaser's text is queued in the outbox with it.
      const given = await deps.refunds.giveBack(trx, {
        orderId: order.id,
        what: { kind: 'unit', orderItemId: line.id, cents: unspent },
        source: 'gift_card_void',
        key: voidRefundKey(cardId),
        providerKey: voidRefundKey(cardId),
        restock: false,
        reason,
        staffId,
        at: now,
        text: (money) => ({
          to: order.customer_mobile ?? card.purchaser_mobile,
          purpose: 'order_refunded',
          key: `order_refunded:${money.refundId}`,
          giftCardId: cardId,
          body: `${deps.storeName}: we have refunded ${formatCents(money.amountCents)} on order ${order.increment_id}. It reaches your card in 5–10 business days.`,
        }),
      });
      if (given.refundId !== null) {
        refund = { id: given.refundId, providerRefundId: given.providerRefundId };
        texts = given.messageIds;
      }
    }

    await trx
      .updateTable('gift_card_details')
      .set({ voided_at: now, voided_by: staffId, void_reason: reason, updated_at: now })
      .where('id', '=', cardId)
      .execute();
    // A send not yet made is stopped (gift-card-sending.ts).
    const stopped = await stopCardMessages(trx, cardId, now);

    const amount = formatCents(unspent);
    const what =
      unspent === card.amount_cents
        ? `1 × ${line?.name ?? card.product_name}`
        : `the unspent balance of ${formatCents(card.amount_cents)}`;
    const summary = refund
      ? `Gift card ${lastFour(card.gift_card_no)} voided: refunded ${amount} (${what}). Reason: ${reason}`
      : `Gift card ${lastFour(card.gift_card_no)} voided. ${note ?? 'Nothing to refund.'} Reason: ${reason}`;
    const eventId = await recordOrderEvent(trx, {
      orderId: order.id,
      type: refund ? 'refunded' : 'gift_card_voided',
      actor: `staff:${staffId}`,
      staffId,
      sellerId: card.seller_id,
      summary,
      data: {
        gift_card_id: cardId,
        reason,
        amount_cents: refund ? unspent : 0,
        ...(refund
          ? {
              refund_id: refund.id,
              provider_refund_id: refund.providerRefundId,
              lines: [{ order_item_id: line?.id, qty: 1, amount_cents: unspent }],
            }
          : { not_refunded: note }),
      },
    });
    await deps.audit(trx, {
      actor: { staffId },
      action: 'gift_card.voided',
      subject: subjectOf(cardId),
      before: {
        voided_at: null,
        state: card.state,
        delivery_status: card.delivery_status,
        balance_cents: unspent,
      },
      after: {
        voided_at: now.toISOString(),
        reason,
        balance_before_cents: unspent,
        refunded_cents: refund ? unspent : 0,
        refund_id: refund?.id ?? null,
        not_refunded: note,
        delivery_stopped: stopped,
      },
      at: now,
    });
    for (const id of texts) await attachEventMessage(trx, eventId, id);
    return texts;
  });

  // The purchaser's text goes before the reply; what fails, the outbox worker retries (never thrown).
  await deps.outbox.sendNow(texts);
}

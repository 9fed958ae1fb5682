import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { GiftCardDetailsTable } from '../../db/schema.ts';
import { CARD_SEND_STATUS, CARD_SENT_AT } from './gift-card-sending.ts';

// The only SQL of gift card details and their order links (STYLE.md). A card's messages are the outbox's
// rows (gift-card-sending.ts): a card reads where its send stands from them.

export type CardRow = Selectable<GiftCardDetailsTable> & {
  delivery_status: 'queued' | 'sending' | 'sent' | 'failed' | null;
  sent_at: Date | null;
};

export type NewCard = Insertable<GiftCardDetailsTable>;
export type CardChanges = Updateable<GiftCardDetailsTable>;

function cards(db: Db) {
  return db
    .selectFrom('gift_card_details as c')
    .selectAll('c')
    .select([CARD_SEND_STATUS.as('delivery_status'), CARD_SENT_AT.as('sent_at')]);
}

export async function insertCard(db: Db, card: NewCard): Promise<number> {
  const row = await db.insertInto('gift_card_details').values(card).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findMemberCard(db: Db, customerId: number, cardId: number): Promise<CardRow | undefined> {
  return cards(db).where('c.customer_id', '=', customerId).where('c.id', '=', cardId).executeTakeFirst();
}

export function memberCardsOfCart(db: Db, customerId: number, cartId: number): Promise<CardRow[]> {
  return cards(db)
    .where('c.customer_id', '=', customerId)
    .where('c.cart_id', '=', cartId)
    .orderBy('c.id')
    .execute();
}

/** The member's cards of the cart, locked until the transaction ends. */
export function lockMemberCardsOfCart(
  trx: Db,
  customerId: number,
  cartId: number,
): Promise<Selectable<GiftCardDetailsTable>[]> {
  return trx
    .selectFrom('gift_card_details')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('cart_id', '=', cartId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function cardsOfOrder(db: Db, orderId: number): Promise<CardRow[]> {
  return cards(db).where('c.order_id', '=', orderId).orderBy('c.id').execute();
}

/** True when the member has cards in that cart or ordered gift cards from it. */
export async function memberUsedCart(db: Db, customerId: number, cartId: number): Promise<boolean> {
  const row = await db
    .selectFrom('gift_card_details')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('cart_id', '=', cartId)
    .unionAll(
      db
        .selectFrom('gift_card_orders')
        .select('order_id as id')
        .where('customer_id', '=', customerId)
        .where('cart_id', '=', cartId),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes a card that is not linked to an order yet; false when it is (or is gone). */
export async function updateDraftCard(db: Db, cardId: number, changes: CardChanges): Promise<boolean> {
  const result = await db
    .updateTable('gift_card_details')
    .set(changes)
    .where('id', '=', cardId)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateCard(db: Db, cardId: number, changes: CardChanges): Promise<void> {
  await db.updateTable('gift_card_details').set(changes).where('id', '=', cardId).execute();
}

/** Deletes cards not linked to an order; answers how many went. */
export async function deleteDraftCards(db: Db, cardIds: number[]): Promise<number> {
  if (cardIds.length === 0) return 0;
  const result = await db
    .deleteFrom('gift_card_details')
    .where('id', 'in', cardIds)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface OrderLink {
  order_id: number;
  cart_id: number;
  customer_id: number;
}

/**
 * Records that the order's gift cards come from the cart (one cart per order and one order per cart), and
 * answers the link as it stands, locked: the one just made, or an earlier one for the order or the cart.
 */
export async function linkOrderToCart(trx: Db, link: OrderLink, now: Date): Promise<OrderLink[]> {
  await trx
    .insertInto('gift_card_orders')
    .values({ ...link, created_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return trx
    .selectFrom('gift_card_orders')
    .select(['order_id', 'cart_id', 'customer_id'])
    .where((eb) => eb.or([eb('order_id', '=', link.order_id), eb('cart_id', '=', link.cart_id)]))
    .forUpdate()
    .execute();
}

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AddressSnapshot } from '../../db/schema.ts';

// carts and cart_items: the only SQL on them. The catalogue's products and sellers are read here too
// (one join per cart, not a call per line: scripts/check-boundaries.mjs SHARED_READS), because a line
// shows the live name, price, picture and stock; prices are never taken from the client.

export interface CartRow {
  id: number;
  customer_id: number;
  shipping_method_id: number | null;
  shipping_address: AddressSnapshot | null;
  billing_address: AddressSnapshot | null;
}

const cartColumns = [
  'id',
  'customer_id',
  'shipping_method_id',
  'shipping_address',
  'billing_address',
] as const;

export function findActiveCart(db: Db, customerId: number): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .select(cartColumns)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/**
 * The active cart, locked until the transaction ends: every change of a cart and the order placed from
 * it take this lock first, so they happen one after another.
 */
export function lockActiveCart(db: Db, customerId: number): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .select(cartColumns)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

/** [API-21] The member's active cart id, creating the cart when there is none. */
export async function ensureActiveCart(db: Db, customerId: number): Promise<number> {
  // The partial unique index carts_one_active settles two creations at once: one insert wins, the
  // other does nothing and reads the winner's cart.
  const inserted = await db
    .insertInto('carts')
    .values({ customer_id: customerId })
    .onConflict((oc) => oc.column('customer_id').where('status', '=', 'active').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await findActiveCart(db, customerId);
  if (!existing) throw new Error(`no active cart for customer ${customerId} after an insert conflict`);
  return existing.id;
}

/**
 * The cart changed now. `now` is the app's clock (a test clock in journeys): the cart-left-behind text
 * counts its hours from here (modules/campaigns/cart-reminders.ts); the database's clock without it.
 */
export async function touchCart(db: Db, cartId: number, now?: Date): Promise<void> {
  await db
    .updateTable('carts')
    .set({ updated_at: now ?? sql<Date>`now()` })
    .where('id', '=', cartId)
    .execute();
}

export interface CartShippingChoice {
  shipping_method_id: number;
  shipping_address: AddressSnapshot;
  billing_address: AddressSnapshot;
}

export async function saveShippingChoice(
  db: Db,
  cartId: number,
  choice: CartShippingChoice,
  now?: Date,
): Promise<void> {
  await db
    .updateTable('carts')
    .set({
      shipping_method_id: choice.shipping_method_id,
      shipping_address: JSON.stringify(choice.shipping_address),
      billing_address: JSON.stringify(choice.billing_address),
      updated_at: now ?? sql<Date>`now()`,
    })
    .where('id', '=', cartId)
    .execute();
}

/**
 * [I30] A cart made for one order bought by reply (modules/campaigns/reply-offers.ts): 'ordered' from the
 * start, so it is never the member's active cart and the cart they are filling stays as it was. One line,
 * the address and method chosen; orders.cart_id (one order per cart) points at it.
 */
export async function insertOrderCart(
  db: Db,
  customerId: number,
  line: { productId: number; qty: number },
  choice: CartShippingChoice,
): Promise<CartRow> {
  const cart = await db
    .insertInto('carts')
    .values({
      customer_id: customerId,
      status: 'ordered',
      shipping_method_id: choice.shipping_method_id,
      shipping_address: JSON.stringify(choice.shipping_address),
      billing_address: JSON.stringify(choice.billing_address),
    })
    .returning(cartColumns)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('cart_items')
    .values({ cart_id: cart.id, product_id: line.productId, qty: line.qty })
    .execute();
  return cart;
}

export async function markCartOrdered(db: Db, cartId: number, now?: Date): Promise<void> {
  await db
    .updateTable('carts')
    .set({ status: 'ordered', updated_at: now ?? sql<Date>`now()` })
    .where('id', '=', cartId)
    .execute();
}

/** A product as the cart needs it: what is bought, and the product page it belongs to. */
export interface ProductForCart {
  id: number;
  sku: string;
  name: string;
  type_id: 'simple' | 'configurable';
  parent_id: number | null;
  enabled: boolean;
  is_giftcard: boolean;
  price_cents: number;
  qty: number;
  color_id: number | null;
  size_id: number | null;
  gift_card_price_id: number | null;
}

const productColumns = [
  'id',
  'sku',
  'name',
  'type_id',
  'parent_id',
  // [I32] What the storefront sells: enabled, approved and its seller not suspended.
  'listed as enabled',
  'is_giftcard',
  'price_cents',
  'qty',
  'color_id',
  'size_id',
  'gift_card_price_id',
] as const;

export function findProductBySku(db: Db, sku: string): Promise<ProductForCart | undefined> {
  return db.selectFrom('products').select(productColumns).where('sku', '=', sku).executeTakeFirst();
}

export function findProductById(db: Db, id: number): Promise<ProductForCart | undefined> {
  return db.selectFrom('products').select(productColumns).where('id', '=', id).executeTakeFirst();
}

export function childrenOf(db: Db, parentId: number): Promise<ProductForCart[]> {
  return db
    .selectFrom('products')
    .select(productColumns)
    .where('parent_id', '=', parentId)
    .orderBy('id')
    .execute();
}

/** One cart line with everything its wire shape and the order need, in product id order. */
export interface CartLineRow {
  item_id: number;
  cart_id: number;
  qty: number;
  product_id: number;
  sku: string;
  child_name: string;
  price_cents: number;
  stock: number;
  enabled: boolean;
  is_giftcard: boolean;
  color_id: number | null;
  size_id: number | null;
  gift_card_price_id: number | null;
  parent_id: number | null;
  parent_name: string | null;
  parent_enabled: boolean | null;
  seller_id: number;
  seller_url: string;
  seller_logo: string;
  image: string | null;
}

export function cartLines(db: Db, cartId: number, itemId?: number): Promise<CartLineRow[]> {
  let query = db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .leftJoin('products as parent', 'parent.id', 'p.parent_id')
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select([
      'ci.id as item_id',
      'ci.cart_id',
      'ci.qty',
      'p.id as product_id',
      'p.sku',
      'p.name as child_name',
      'p.price_cents',
      'p.qty as stock',
      'p.listed as enabled',
      'p.is_giftcard',
      'p.color_id',
      'p.size_id',
      'p.gift_card_price_id',
      'parent.id as parent_id',
      'parent.name as parent_name',
      'parent.listed as parent_enabled',
      's.id as seller_id',
      's.seller_url',
      's.logo_url as seller_logo',
      // A variant's own picture (its colour) first, else its product's main picture.
      sql<string | null>`(select pi.url from product_images pi
        where pi.product_id in (p.id, parent.id) order by pi.product_id = p.id desc, pi.position limit 1)`.as(
        'image',
      ),
    ])
    .where('ci.cart_id', '=', cartId);
  if (itemId !== undefined) query = query.where('ci.id', '=', itemId);
  return query.orderBy('p.id').execute();
}

/** The quantity of this product the cart already holds (0 when none). */
export async function lineQty(db: Db, cartId: number, productId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select('qty')
    .where('cart_id', '=', cartId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row?.qty ?? 0;
}

/** Adds to the product's line (one line per product, as Magento keeps it); returns the line id. */
export async function addToLine(db: Db, cartId: number, productId: number, qty: number): Promise<number> {
  const row = await db
    .insertInto('cart_items')
    .values({ cart_id: cartId, product_id: productId, qty })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'product_id']).doUpdateSet({ qty: sql<number>`cart_items.qty + excluded.qty` }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setLineQty(db: Db, itemId: number, qty: number): Promise<void> {
  await db.updateTable('cart_items').set({ qty }).where('id', '=', itemId).execute();
}

export async function deleteLine(db: Db, cartId: number, itemId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('cart_items')
    .where('id', '=', itemId)
    .where('cart_id', '=', cartId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteAllLines(db: Db, cartId: number): Promise<void> {
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
}

import type { GiftCardDetails as GiftCardDetailsWire } from '@quokka/contract/api/giftcards';
import { utcToZonedWallTime } from '@quokka/contract/timezones';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { issueCustomerToken } from '../modules/auth/token-service.ts';
import { addToCart, call, NS, placeOrder, type Shopper, saveShipping } from './cart-factory.ts';
import { aGiftCard, importTestCatalogue } from './catalog-factory.ts';
import { aMobile } from './customer-factory.ts';

// Small builders for gift card tests: the gift card product in the catalogue, recipient form values as
// the web app sends them, and the journey of SPEC.md §4 "Gift card flow" through the real API: add to
// cart, address, schedule, pick a picture, pay, save the gift card order.

export const GIFT_SKU = 'GIFT';

export interface GiftCardCatalogue {
  productId: number;
  /** Child skus by dollar amount: 25, 50, 100. */
  skus: { 25: string; 50: string; 100: string };
  templateIds: number[];
  templateUrls: string[];
}

/** The gift card product (three amounts, three pictures) plus a T-shirt-free catalogue around it. */
export async function giftCardCatalogue(db: Db, sku = GIFT_SKU): Promise<GiftCardCatalogue> {
  await importTestCatalogue(db, { products: [aGiftCard(sku)] });
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  const templates = await db
    .selectFrom('mms_templates')
    .select(['id', 'image_url'])
    .where('product_id', '=', product.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return {
    productId: product.id,
    skus: { 25: `${sku}-25`, 50: `${sku}-50`, 100: `${sku}-100` },
    templateIds: templates.map((template) => template.id),
    templateUrls: templates.map((template) => template.image_url),
  };
}

export interface RecipientForm {
  recipient_firstname: string;
  recipient_lastname: string;
  recipient_mobile: string;
  recipient_message: string;
  purchaser_mobile: string;
}

/** The recipient form filled in as a shopper would (national mobile formats). */
export function aRecipient(overrides: Partial<RecipientForm> = {}): RecipientForm {
  return {
    recipient_firstname: 'Ava',
    recipient_lastname: 'Nguyen',
    recipient_mobile: `0${aMobile().slice(3)}`,
    recipient_message: 'Happy birthday! Have a lovely day.',
    purchaser_mobile: `0${aMobile().slice(3)}`,
    ...overrides,
  };
}

/** The member's active cart id (the quote id the web app keeps). */
export async function activeCartId(app: FastifyInstance, shopper: Shopper): Promise<number> {
  const reply = await call<{ id: number }>(app, 'GET', '/rest/default/V1/carts/mine', {
    headers: shopper.headers,
  });
  return reply.body.id;
}

export interface GiftCardLine {
  cartId: number;
  itemId: number;
  sku: string;
}

/** 'Buy Now' on a gift card: the price child goes into the cart. */
export async function buyGiftCard(
  app: FastifyInstance,
  shopper: Shopper,
  sku: string,
  qty = 1,
): Promise<GiftCardLine> {
  const added = await addToCart(app, shopper, sku, qty);
  if (added.status !== 200) throw new Error(`add to cart failed: ${JSON.stringify(added.body)}`);
  return { cartId: await activeCartId(app, shopper), itemId: added.body.item_id, sku };
}

export function saveGiftCardDetails(
  app: FastifyInstance,
  shopper: Shopper,
  line: GiftCardLine,
  catalogue: GiftCardCatalogue,
  form: Partial<RecipientForm> = {},
) {
  return call<{ status: boolean; data: GiftCardDetailsWire; input_validation?: Record<string, string[]> }>(
    app,
    'POST',
    `${NS}/savegiftcarddetails`,
    {
      headers: shopper.headers,
      payload: {
        data: {
          cart_id: line.cartId,
          cart_item_id: line.itemId,
          product_id: catalogue.productId,
          configurable_product_sku: line.sku,
          ...aRecipient(form),
        },
      },
    },
  );
}

export function scheduleGiftCard(
  app: FastifyInstance,
  shopper: Shopper,
  cardId: number,
  wallTime: string,
  zone: string,
) {
  return call<{ status: boolean; data: GiftCardDetailsWire; input_validation?: Record<string, string[]> }>(
    app,
    'POST',
    `${NS}/savegiftcardscheduleddate`,
    {
      headers: shopper.headers,
      payload: { gift_card_details_id: cardId, scheduled_delivery: wallTime, delivery_timezone: zone },
    },
  );
}

export function chooseTemplate(app: FastifyInstance, shopper: Shopper, cardId: number, templateId: number) {
  return call<{ status: boolean; data: GiftCardDetailsWire }>(app, 'POST', `${NS}/savegiftcardmmstemplate`, {
    headers: shopper.headers,
    payload: { gift_card_details_id: cardId, mms_template_id: templateId, template_id: templateId },
  });
}

/** Shipping information and payment as the web app sends them; answers the new order's id. */
export async function payForCart(app: FastifyInstance, shopper: Shopper): Promise<string> {
  const shipping = await saveShipping(app, shopper);
  if (shipping.status !== 200) throw new Error(`shipping failed: ${JSON.stringify(shipping.body)}`);
  const placed = await placeOrder(app, shopper);
  if (placed.status !== 200 || typeof placed.body !== 'string') {
    throw new Error(`order failed: ${JSON.stringify(placed.body)}`);
  }
  return placed.body;
}

export function saveGiftCardOrder(
  app: FastifyInstance,
  shopper: Shopper,
  cartId: number,
  orderId: string | number,
  /** null leaves r_token out. */
  rToken: string | null = 'sandbox-token',
) {
  return call<{ status: boolean; order_id?: string; data?: GiftCardDetailsWire[]; message?: string }>(
    app,
    'POST',
    `${NS}/savegiftcardorderbycart`,
    {
      headers: shopper.headers,
      payload: { ...(rToken !== null ? { r_token: rToken } : {}), cart_id: cartId, order_id: orderId },
    },
  );
}

export interface PaidGiftCardOptions {
  /** 'YYYY-MM-DD HH:mm:ss' in `zone`; 'now' records the clock's now there (Send Now). */
  at?: string | 'now';
  zone?: string;
  amount?: 25 | 50 | 100;
  form?: Partial<RecipientForm>;
  /** How many cards of this amount to buy and address. */
  count?: number;
}

export interface PaidGiftCards {
  cards: GiftCardDetailsWire[];
  cartId: number;
  orderId: string;
}

/**
 * The whole journey for gift cards of one amount: buy, address, schedule (or Send Now), pick the first
 * picture, pay, save the gift card order. The member gets a fresh token on the clock's current time.
 */
export async function aPaidGiftCard(
  t: { app: FastifyInstance; db: Db; clock: Clock },
  shopper: Shopper,
  catalogue: GiftCardCatalogue,
  options: PaidGiftCardOptions = {},
): Promise<PaidGiftCards> {
  const token = await issueCustomerToken(t.db, shopper.id, t.clock);
  shopper.token = token;
  shopper.headers = { authorization: `Bearer ${token}` };
  const zone = options.zone ?? 'Australia/Sydney';
  const count = options.count ?? 1;
  const line = await buyGiftCard(t.app, shopper, catalogue.skus[options.amount ?? 50], count);
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const saved = await saveGiftCardDetails(t.app, shopper, line, catalogue, options.form);
    if (saved.status !== 200) throw new Error(`save failed: ${JSON.stringify(saved.body)}`);
    const wall =
      options.at === undefined || options.at === 'now' ? utcToZonedWallTime(t.clock.now(), zone) : options.at;
    const scheduled = await scheduleGiftCard(t.app, shopper, saved.body.data.id, wall, zone);
    if (scheduled.status !== 200) throw new Error(`schedule failed: ${JSON.stringify(scheduled.body)}`);
    const templated = await chooseTemplate(t.app, shopper, saved.body.data.id, catalogue.templateIds[0] ?? 0);
    if (templated.status !== 200) throw new Error(`template failed: ${JSON.stringify(templated.body)}`);
    ids.push(saved.body.data.id);
  }
  const orderId = await payForCart(t.app, shopper);
  const linked = await saveGiftCardOrder(t.app, shopper, line.cartId, orderId);
  if (linked.status !== 200 || !linked.body.data)
    throw new Error(`link failed: ${JSON.stringify(linked.body)}`);
  return { cards: linked.body.data.filter((card) => ids.includes(card.id)), cartId: line.cartId, orderId };
}

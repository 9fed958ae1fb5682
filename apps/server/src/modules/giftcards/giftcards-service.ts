import { randomBytes } from 'node:crypto';
import type { Product, ProductReply } from '@quokka/contract/api/catalog';
import type {
  GiftCardDetails as GiftCardDetailsWire,
  OrderLinkReply,
  RecipientValues,
  ReconcileReply,
  SaveDetailsData,
} from '@quokka/contract/api/giftcards';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { GIFT_CARD_DRAFTS_MIN_CAP } from '@quokka/contract/input-limits';
import { MSG } from '@quokka/contract/messages';
import { parseAuMobile } from '@quokka/contract/mobile';
import { centsToDollars } from '@quokka/contract/money';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import { type GiftCardRecipientInput, validateGiftCardRecipient } from '@quokka/contract/validate-gift-card';
import { validateSchedule } from '@quokka/contract/validate-schedule';
import { hasErrors, toInputValidation } from '@quokka/contract/wire';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ConflictError, InputValidationError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { CatalogService } from '../catalog/catalog-service.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import { newGiftCardNumber } from './gift-card-number.ts';
import { queueCardMessage } from './gift-card-sending.ts';
import { validUntilFrom } from './gift-card-validity.ts';
import {
  type CardRow,
  cardsOfOrder,
  deleteDraftCards,
  findMemberCard,
  insertCard,
  linkOrderToCart,
  lockMemberCardsOfCart,
  memberCardsOfCart,
  memberUsedCart,
  updateCard,
  updateDraftCard,
} from './giftcards-repository.ts';

// Gift cards by picture message (SPEC.md §3, §4 Gift card flow, §5, §7 Gift cards; DECISIONS.md "Gift
// cards"). A member fills in a card per gift card bought, schedules it, picks a picture; after payment
// savegiftcardorderbycart links the cards to the paid order and, in the same transaction, queues each
// card's picture message in the outbox (gift-card-sending.ts).
// Every call sees only the member's own carts and cards (anyone else's: 404). Other modules are asked
// through their services: the cart (the active cart and its lines), the catalogue (the product, its price
// children and its templates) and checkout (the member's orders).

export const GIFT_CARD_TEXT = {
  cardNotFound: 'The gift card does not exist.',
  cartNotFound: 'The cart does not exist.',
  orderNotFound: 'The order does not exist.',
  productNotFound: 'The product does not exist.',
  notAGiftCard: 'This product is not a gift card.',
  templateNotOfProduct: "Please choose one of this gift card's pictures.",
  templateIdsDiffer: 'mms_template_id and template_id name different templates.',
  alreadyOrdered: 'This gift card has been ordered and can no longer be changed.',
  cartNotOrdered: 'This cart has not been ordered yet.',
  cartOrdered: 'This cart has been ordered: send the quantities to reconcile with.',
  orderNotPaid: 'This order has not been paid.',
  orderOfOtherCart: "This order's gift cards were saved from another cart.",
  tooManyDrafts: (cap: number) =>
    `This gift card line already has ${cap} gift card details: change its quantity to add more.`,
  cardsMissing: (count: number) =>
    `${count} gift card${count === 1 ? '' : 's'} of this order ${count === 1 ? 'has' : 'have'} no recipient details.`,
} as const;

/**
 * A wall time up to this far behind the server clock still counts as now: Send Now sends the phone's
 * "now" ([GIFTF-03]), which reaches the server a moment later, from a clock that may be a little behind.
 */
export const SCHEDULE_GRACE_MS = 5 * 60 * 1000;

const RECIPIENT_FIELDS = [
  'recipient_firstname',
  'recipient_lastname',
  'recipient_mobile',
  'recipient_message',
  'purchaser_mobile',
] as const satisfies readonly (keyof GiftCardRecipientInput)[];

const cents = (amount: number) => Math.round(amount * 100);

function wallTimeOrNull(at: Date | null, zone: string | null): string | null {
  return at && zone ? utcToZonedWallTime(at, zone) : null;
}

/** [DATA-42] Every field of SPEC.md §3 Gift card details, plus the amount and where the card is. */
export function cardWire(row: CardRow): GiftCardDetailsWire {
  return {
    id: row.id,
    cart_id: row.cart_id,
    cart_item_id: row.cart_item_id,
    product_id: row.product_id,
    configurable_product_sku: row.configurable_product_sku,
    gift_card_no: row.gift_card_no,
    recipient_firstname: row.recipient_firstname,
    recipient_lastname: row.recipient_lastname,
    recipient_mobile: row.recipient_mobile,
    recipient_message: row.recipient_message,
    purchaser_mobile: row.purchaser_mobile,
    mms_template_id: row.mms_template_id,
    mms_template_url: row.mms_template_url,
    pass_id: row.pass_id,
    scheduled_delivery: wallTimeOrNull(row.scheduled_at, row.delivery_timezone),
    delivery_timezone: row.delivery_timezone,
    valid_until: wallTimeOrNull(row.valid_until, row.delivery_timezone),
    amount: centsToDollars(row.amount_cents),
    product_name: row.product_name,
    order_id: row.order_id,
    status: row.delivery_status ?? (row.order_id === null ? 'draft' : 'queued'),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
  };
}

/** The form's values as text (null as empty); fields not sent stay absent. */
function recipientDraft(values: RecipientValues): Partial<Record<(typeof RECIPIENT_FIELDS)[number], string>> {
  const draft: Partial<Record<(typeof RECIPIENT_FIELDS)[number], string>> = {};
  for (const field of RECIPIENT_FIELDS) {
    const value = values[field];
    if (value !== undefined) draft[field] = value === null ? '' : value;
  }
  return draft;
}

/** [VAL-41..45, VAL-51, CONST-24, CONST-25] §5's rules, answered per field; mobiles stored as E.164. */
function checkedRecipient(draft: Partial<GiftCardRecipientInput>): GiftCardRecipientInput {
  const errors = validateGiftCardRecipient(draft);
  if (hasErrors(errors)) throw new InputValidationError(toInputValidation(errors));
  const recipientMobile = parseAuMobile(draft.recipient_mobile);
  const purchaserMobile = parseAuMobile(draft.purchaser_mobile);
  // The rules above accepted both numbers, so both parse; the check only narrows the type.
  if (!recipientMobile || !purchaserMobile)
    throw new InputValidationError({ recipient_mobile: [MSG.validMobile] });
  return {
    recipient_firstname: (draft.recipient_firstname ?? '').trim(),
    recipient_lastname: (draft.recipient_lastname ?? '').trim(),
    recipient_mobile: recipientMobile,
    // The message goes out as typed (line breaks and spacing are the sender's); only the ends are trimmed.
    recipient_message: (draft.recipient_message ?? '').trim(),
    purchaser_mobile: purchaserMobile,
  };
}

const isProduct = (reply: ProductReply): reply is Product => !('not_exists' in reply);

/** A card's picture, schedule and validity: what checkout requires before payment (SPEC.md §4). */
const isComplete = (card: {
  mms_template_id: number | null;
  scheduled_at: Date | null;
  valid_until: Date | null;
}) => card.mms_template_id !== null && card.scheduled_at !== null && card.valid_until !== null;

/** The key written into a card's messages so that the provider can be asked about them (docs/gift-cards.md). */
export function newDeliveryKey(): string {
  return randomBytes(8).toString('hex').toUpperCase();
}

export interface GiftCardServiceDeps {
  db: Db;
  clock: Clock;
  cart: CartService;
  catalog: CatalogService;
  checkout: CheckoutService;
}

export interface GiftCardService {
  /** [API-37] A new card for a gift card in the member's active cart. */
  save(customerId: number, data: SaveDetailsData): Promise<GiftCardDetailsWire>;
  /** [API-38] New recipient values for a card not yet ordered. */
  edit(customerId: number, cardId: number, values: RecipientValues): Promise<GiftCardDetailsWire>;
  /** [API-39] Deletes the cart item's cards (or one of them); answers how many went. */
  deleteByCartItem(customerId: number, cartId: number, cartItemId: number, cardId?: number): Promise<number>;
  /** [API-40, GIFTF-03, GIFTF-05, VAL-52] */
  schedule(customerId: number, cardId: number, wallTime: string, zone: string): Promise<GiftCardDetailsWire>;
  /** [API-41] */
  byId(customerId: number, cardId: number): Promise<GiftCardDetailsWire>;
  /** [API-42] */
  byCart(customerId: number, cartId: number): Promise<GiftCardDetailsWire[]>;
  /** [API-43] */
  chooseTemplate(customerId: number, cardId: number, templateId: number): Promise<GiftCardDetailsWire>;
  /** SPEC.md §4 Checkout: surplus cards of the cart removed, cart item ids brought up to date. */
  reconcile(
    customerId: number,
    cartId: number,
    items?: { sku: string; qty: number; item_id?: number | null }[],
  ): Promise<ReconcileReply>;
  /** [API-44] Links the cart's cards to the member's paid order and queues them; idempotent. */
  linkOrder(customerId: number, cartId: number, orderRef: string): Promise<OrderLinkReply>;
}

export function createGiftCardService(deps: GiftCardServiceDeps): GiftCardService {
  const { db, clock } = deps;

  async function activeCartId(customerId: number): Promise<number | undefined> {
    try {
      return (await deps.cart.get(customerId)).id;
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  /** The member's cart: the active one, or one the member has cards in; 404 for anyone else's. */
  async function requireMemberCart(customerId: number, cartId: number): Promise<void> {
    if ((await activeCartId(customerId)) === cartId) return;
    if (await memberUsedCart(db, customerId, cartId)) return;
    throw new NotFoundError(GIFT_CARD_TEXT.cartNotFound);
  }

  async function memberCard(customerId: number, cardId: number): Promise<CardRow> {
    const card = await findMemberCard(db, customerId, cardId);
    if (!card) throw new NotFoundError(GIFT_CARD_TEXT.cardNotFound);
    return card;
  }

  async function draftCard(customerId: number, cardId: number): Promise<CardRow> {
    const card = await memberCard(customerId, cardId);
    if (card.order_id !== null) throw new ConflictError(GIFT_CARD_TEXT.alreadyOrdered);
    return card;
  }

  /** Writes a draft's changes and answers the card as it now is; 409 when it was ordered meanwhile. */
  async function changeDraft(
    customerId: number,
    cardId: number,
    changes: Parameters<typeof updateDraftCard>[2],
  ): Promise<GiftCardDetailsWire> {
    if (!(await updateDraftCard(db, cardId, { ...changes, updated_at: clock.now() }))) {
      throw new ConflictError(GIFT_CARD_TEXT.alreadyOrdered);
    }
    return cardWire(await memberCard(customerId, cardId));
  }

  /**
   * [I12-10] A cart line holds one card per unit bought, and at least GIFT_CARD_DRAFTS_MIN_CAP (the web
   * cart's quantity may still be on its way; reconcile removes any surplus). Cards saved without a line
   * count against the line of their price (child sku).
   */
  async function requireRoomForDraft(customerId: number, data: SaveDetailsData): Promise<void> {
    const lineId = data.cart_item_id ?? null;
    const lines = await deps.cart.items(customerId);
    const line = lines.find((item) =>
      lineId === null ? item.sku === data.configurable_product_sku : item.item_id === lineId,
    );
    const cap = Math.max(line?.qty ?? 0, GIFT_CARD_DRAFTS_MIN_CAP);
    const drafts = (await memberCardsOfCart(db, customerId, data.cart_id)).filter((card) =>
      lineId === null
        ? card.cart_item_id === null && card.configurable_product_sku === data.configurable_product_sku
        : card.cart_item_id === lineId,
    );
    if (drafts.length >= cap) throw new InvalidDataError(GIFT_CARD_TEXT.tooManyDrafts(cap));
  }

  async function giftCardProduct(productId: number): Promise<Product> {
    const reply = await deps.catalog.product(productId);
    if (!isProduct(reply)) throw new NotFoundError(GIFT_CARD_TEXT.productNotFound);
    if (!reply.is_giftcard) throw new InvalidDataError(GIFT_CARD_TEXT.notAGiftCard);
    return reply;
  }

  async function templatesOf(productId: number) {
    try {
      return (await deps.catalog.mmsTemplates(productId)).data;
    } catch (error) {
      if (error instanceof NotFoundError) return [];
      throw error;
    }
  }

  /** The member's order by the id payment-information answered, or by its increment id. */
  async function memberOrder(customerId: number, orderRef: string) {
    const orders = await deps.checkout.orders(customerId);
    const byId = orders.find((order) => String(order.id) === orderRef);
    const byIncrement = orders.find((order) => order.increment_id === orderRef.padStart(9, '0'));
    const order = byId ?? byIncrement;
    if (!order) throw new NotFoundError(GIFT_CARD_TEXT.orderNotFound);
    return order;
  }

  return {
    async save(customerId, data) {
      // New cards only go into the member's active cart: it is where the gift card was just added.
      if ((await activeCartId(customerId)) !== data.cart_id)
        throw new NotFoundError(GIFT_CARD_TEXT.cartNotFound);
      const product = await giftCardProduct(data.product_id);
      const child = product.configurable_products.find((item) => item.sku === data.configurable_product_sku);
      if (!child) {
        throw new InputValidationError({ configurable_product_sku: [MSG.selectGiftCardPrice] });
      }
      const recipient = checkedRecipient(recipientDraft(data));
      await requireRoomForDraft(customerId, data);
      const now = clock.now();
      // A collision of two random 16-digit numbers is very unlikely; the unique constraint decides.
      for (let attempt = 1; ; attempt++) {
        try {
          const id = await insertCard(db, {
            customer_id: customerId,
            cart_id: data.cart_id,
            cart_item_id: data.cart_item_id ?? null,
            product_id: product.id,
            configurable_product_sku: child.sku,
            product_name: product.name,
            amount_cents: cents(child.price),
            gift_card_no: newGiftCardNumber(),
            ...recipient,
            created_at: now,
            updated_at: now,
          });
          return cardWire(await memberCard(customerId, id));
        } catch (error) {
          if (attempt >= 5 || !isUniqueViolation(error, 'gift_card_no')) throw error;
        }
      }
    },

    async edit(customerId, cardId, values) {
      const card = await draftCard(customerId, cardId);
      const recipient = checkedRecipient({
        recipient_firstname: card.recipient_firstname,
        recipient_lastname: card.recipient_lastname,
        recipient_mobile: card.recipient_mobile,
        recipient_message: card.recipient_message,
        purchaser_mobile: card.purchaser_mobile,
        ...recipientDraft(values),
      });
      return changeDraft(customerId, cardId, recipient);
    },

    async deleteByCartItem(customerId, cartId, cartItemId, cardId) {
      await requireMemberCart(customerId, cartId);
      const targets = (await memberCardsOfCart(db, customerId, cartId)).filter(
        (card) => card.cart_item_id === cartItemId && (cardId === undefined || card.id === cardId),
      );
      if (cardId !== undefined && targets.length === 0) throw new NotFoundError(GIFT_CARD_TEXT.cardNotFound);
      if (targets.some((card) => card.order_id !== null))
        throw new ConflictError(GIFT_CARD_TEXT.alreadyOrdered);
      return deleteDraftCards(
        db,
        targets.map((card) => card.id),
      );
    },

    async schedule(customerId, cardId, wallTime, zone) {
      await draftCard(customerId, cardId);
      const now = clock.now();
      // [VAL-52, CONST-23] An Australian zone, a real date and time, not in the past there.
      const errors = validateSchedule(wallTime, zone, new Date(now.getTime() - SCHEDULE_GRACE_MS));
      if (hasErrors(errors)) throw new InputValidationError(toInputValidation(errors));
      const scheduledAt = zonedWallTimeToUtc(wallTime, zone);
      // [GIFTF-05, GIFT-03] The instant and its zone; valid 3 years from it (moved if sent later).
      return changeDraft(customerId, cardId, {
        scheduled_at: scheduledAt,
        delivery_timezone: zone,
        valid_until: validUntilFrom(scheduledAt, zone),
      });
    },

    async byId(customerId, cardId) {
      return cardWire(await memberCard(customerId, cardId));
    },

    async byCart(customerId, cartId) {
      await requireMemberCart(customerId, cartId);
      return (await memberCardsOfCart(db, customerId, cartId)).map(cardWire);
    },

    async chooseTemplate(customerId, cardId, templateId) {
      const card = await draftCard(customerId, cardId);
      const template = (await templatesOf(card.product_id)).find(
        (item) => item.mms_template_id === templateId,
      );
      if (!template)
        throw new InputValidationError({ mms_template_id: [GIFT_CARD_TEXT.templateNotOfProduct] });
      return changeDraft(customerId, cardId, {
        mms_template_id: template.mms_template_id,
        mms_template_url: template.mms_template_url,
      });
    },

    async reconcile(customerId, cartId, items) {
      await requireMemberCart(customerId, cartId);
      let lines = items;
      if (!lines) {
        if ((await activeCartId(customerId)) !== cartId) throw new ConflictError(GIFT_CARD_TEXT.cartOrdered);
        lines = (await deps.cart.items(customerId))
          .filter((line) => line.extension_attributes.is_giftcard)
          .map((line) => ({ sku: line.sku, qty: line.qty, item_id: line.item_id }));
      }
      const wanted = new Map<string, { qty: number; itemId: number | null }>();
      for (const line of lines) {
        const known = wanted.get(line.sku);
        wanted.set(line.sku, {
          qty: (known?.qty ?? 0) + line.qty,
          itemId: line.item_id ?? known?.itemId ?? null,
        });
      }

      const { removed, missing } = await db.transaction().execute(async (trx) => {
        const cards = await lockMemberCardsOfCart(trx, customerId, cartId);
        const removed: number[] = [];
        const missing: ReconcileReply['missing'] = [];
        const skus = new Set([...cards.map((card) => card.configurable_product_sku), ...wanted.keys()]);
        for (const sku of skus) {
          const want = wanted.get(sku) ?? { qty: 0, itemId: null };
          // Ordered cards always stay; of the others the most complete, then the oldest, are kept.
          const ofSku = cards
            .filter((card) => card.configurable_product_sku === sku)
            .sort(
              (a, b) =>
                Number(b.order_id !== null) - Number(a.order_id !== null) ||
                Number(isComplete(b)) - Number(isComplete(a)) ||
                a.id - b.id,
            );
          const keep = ofSku.slice(
            0,
            Math.max(want.qty, ofSku.filter((card) => card.order_id !== null).length),
          );
          const surplus = ofSku.slice(keep.length).map((card) => card.id);
          await deleteDraftCards(trx, surplus);
          removed.push(...surplus);
          if (want.itemId !== null) {
            for (const card of keep) {
              if (card.cart_item_id !== want.itemId && card.order_id === null) {
                await updateCard(trx, card.id, { cart_item_id: want.itemId });
              }
            }
          }
          if (keep.length < want.qty) {
            missing.push({
              configurable_product_sku: sku,
              cart_item_id: want.itemId,
              count: want.qty - keep.length,
            });
          }
        }
        return { removed, missing };
      });
      return {
        status: true,
        data: (await memberCardsOfCart(db, customerId, cartId)).map(cardWire),
        removed,
        missing,
      };
    },

    async linkOrder(customerId, cartId, orderRef) {
      const order = await memberOrder(customerId, orderRef);
      if (order.status === 'refused' || order.status === 'cancelled')
        throw new ConflictError(GIFT_CARD_TEXT.orderNotPaid);
      await requireMemberCart(customerId, cartId);
      // A cart still active has not been ordered: its cards are not paid for.
      if ((await activeCartId(customerId)) === cartId) throw new ConflictError(GIFT_CARD_TEXT.cartNotOrdered);

      // What was paid for: gift card units per child sku, at the price paid.
      const paid = new Map<string, { qty: number; priceCents: number }>();
      for (const item of order.items.filter((line) => line.is_giftcard)) {
        const known = paid.get(item.sku);
        paid.set(item.sku, { qty: (known?.qty ?? 0) + item.qty, priceCents: cents(item.price) });
      }

      // Read before the transaction: on the embedded database a query outside it would wait for it.
      const drafts = await memberCardsOfCart(db, customerId, cartId);
      const firstTemplate = new Map<number, { mms_template_id: number; mms_template_url: string }>();
      for (const productId of new Set(
        drafts.filter((card) => card.mms_template_id === null).map((c) => c.product_id),
      )) {
        const [template] = await templatesOf(productId);
        if (template) {
          firstTemplate.set(productId, {
            mms_template_id: template.mms_template_id,
            mms_template_url: template.mms_template_url,
          });
        }
      }

      const now = clock.now();
      const missingCount = await db.transaction().execute(async (trx) => {
        const links = await linkOrderToCart(
          trx,
          { order_id: order.id, cart_id: cartId, customer_id: customerId },
          now,
        );
        if (links.some((link) => link.order_id !== order.id || link.cart_id !== cartId)) {
          throw new ConflictError(GIFT_CARD_TEXT.orderOfOtherCart);
        }
        const cards = await lockMemberCardsOfCart(trx, customerId, cartId);
        let missing = 0;
        for (const [sku, bought] of paid) {
          const ofSku = cards.filter((card) => card.configurable_product_sku === sku);
          const linked = ofSku.filter((card) => card.order_id === order.id);
          // Never more cards than were paid for: the most complete, then the oldest, go first.
          const candidates = ofSku
            .filter((card) => card.order_id === null)
            .sort((a, b) => Number(isComplete(b)) - Number(isComplete(a)) || a.id - b.id)
            .slice(0, Math.max(0, bought.qty - linked.length));
          missing += Math.max(0, bought.qty - linked.length - candidates.length);
          for (const card of candidates) {
            // Checkout sends a card missing these back to be edited (SPEC.md §4); a client that skipped
            // that still gets its paid card delivered: the product's first picture, sent now.
            const template = card.mms_template_id === null ? firstTemplate.get(card.product_id) : undefined;
            const zone = card.delivery_timezone ?? DEFAULT_TIMEZONE;
            const scheduledAt = card.scheduled_at ?? now;
            const deliveryKey = newDeliveryKey();
            await updateCard(trx, card.id, {
              order_id: order.id,
              amount_cents: bought.priceCents,
              ...(template ?? {}),
              scheduled_at: scheduledAt,
              delivery_timezone: zone,
              valid_until: card.valid_until ?? validUntilFrom(scheduledAt, zone),
              delivery_key: deliveryKey,
              updated_at: now,
            });
            const due = scheduledAt.getTime() > now.getTime() ? scheduledAt : now;
            // [GIFT-02, CONST-27] Queued with the link: at its time, and at 06:00 when that is in quiet
            // hours in its zone; it waits for the order's approval when it goes ([I15-review]).
            await queueCardMessage(
              trx,
              {
                ...card,
                ...(template ?? {}),
                order_id: order.id,
                delivery_timezone: zone,
                delivery_key: deliveryKey,
              },
              due,
              now,
            );
          }
        }
        return missing;
      });
      // [ERR-10] Paid gift cards without recipient details cannot be sent: the client shows 'Error
      // Processing'. The cards that could be linked stay linked and are delivered.
      if (missingCount > 0) throw new ConflictError(GIFT_CARD_TEXT.cardsMissing(missingCount));
      return {
        status: true,
        order_id: order.increment_id,
        data: (await cardsOfOrder(db, order.id)).map(cardWire),
      };
    },
  };
}

import { randomBytes } from 'node:crypto';
import type { GiftCardQuote, PaymentInformationBody, SavedCard } from '@quokka/contract/api/checkout';
import { MSG } from '@quokka/contract/messages';
import { formatCents, lineTotal, orderTotal } from '@quokka/contract/money';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { AddressSnapshot } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ConflictError, InputValidationError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import type { GiftCardBalances, GiftCardLookup } from '../../domain/gift-card-balances.ts';
import type { Charge, Payer, PaymentsProvider } from '../../providers/payments/payments-provider.ts';
import { CART_TEXT, type CartLineRow, type CartRow, type CartService } from '../cart/cart-service.ts';
import { type CatalogService, productNotAvailable } from '../catalog/catalog-service.ts';
import type { CustomerService, Member } from '../customer/customer-service.ts';
import { recordOrderEvent } from '../orders/order-events.ts';
import { REVIEW_WINDOW_MS } from '../orders/order-review.ts';
import { cardPayment, createCardPayments, payerOf } from './checkout-card-payment.ts';
import { createCheckoutGiftCard, type GiftCardPart } from './checkout-gift-card.ts';
import {
  findOrderByKey,
  GIFT_CARD_PROVIDER,
  insertOrder,
  queueReceipt,
  recordOrderExtras,
  recordPayment,
  recordReplyOrder,
  type ShippingMethodRow,
} from './checkout-repository.ts';
import { CHECKOUT_TEXT } from './checkout-text.ts';
import { createMemberOrders, type MemberOrders } from './member-orders.ts';
import { createShippingMethods, type ShippingMethodCalls } from './shipping-methods.ts';

// Shipping, payment and the order (SPEC.md §4 Shipping method, Checkout; §7; DECISIONS.md "Catalogue,
// cart and orders"). Placing an order is ONE transaction of named steps (placeOrder below): lock the
// cart, load its lines, take stock (the catalogue's inventory, row locks in product id order), write the
// order, charge the card, mark the cart ordered, commit. A declined card throws inside it, so stock and
// cart roll back untouched; a retry with the same Idempotency-Key waits on the cart lock and then finds
// the order already made (without a key, or with the key of another cart, it is refused); the card provider gets a key derived from the cart, so a retry after a crash between charge and commit is
// answered with the same payment (docs/payments.md). The cart, the member and the stock belong to their
// modules: this one calls their services, handing them its transaction.
//
// The service is composed of its parts, each in its own file: the shipping methods (shipping-methods.ts),
// the payment card (checkout-card-payment.ts), the gift card at checkout (checkout-gift-card.ts) and the
// member's order reads (member-orders.ts). The order's records that other modules write through are
// order-records.ts; the texts, checkout-text.ts.

export interface CheckoutServiceDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsProvider;
  storeName: string;
  cart: Pick<
    CartService,
    'findActive' | 'lockActive' | 'lines' | 'saveShippingChoice' | 'markOrdered' | 'orderCart'
  >;
  customers: Pick<CustomerService, 'member' | 'savedAddress' | 'resolveAddress'>;
  catalog: Pick<CatalogService, 'inventory' | 'sellerName'>;
  /**
   * [I15-auto] Called once a new order has committed (ORDER_REVIEW=auto: approve it, capturing the
   * payment). It must not throw: the order is placed whatever it does.
   */
  afterPlaced?: (orderId: number) => Promise<void>;
  /**
   * [I16-checkout-giftcard] The gift cards' balances and look-up (modules/giftcards, handed in: checkout
   * must not import it). Without them a gift card number at checkout is refused.
   */
  giftCards?: { balances: GiftCardBalances; lookup: GiftCardLookup };
  /** [I16-checkout-giftcard] The seller of the visit's link or profile, by id or seller_url. */
  sellerIdOf?: (ref: { id?: number; url?: string }) => Promise<number | undefined>;
  /**
   * [I29] Records the ticked "Text me offers from <seller>" boxes in the order's transaction (the consent
   * rules of modules/campaigns, handed in: checkout must not import it).
   */
  textOffers?: { recordAtCheckout(trx: Db, of: CheckoutTextOffers, now: Date): Promise<unknown> };
  /**
   * [I29] Marks the order with the campaign of the mobile's last click within 5 days, in the order's
   * transaction (modules/campaigns/attribution.ts, handed in: checkout must not import it).
   */
  attributeOrder?: (trx: Db, order: { orderId: number; mobile: string; now: Date }) => Promise<unknown>;
}

/** [I29] The checkout box's evidence: the ticked sellers, the order's, who and from where. */
export interface CheckoutTextOffers {
  ticked: readonly number[] | undefined;
  orderSellerIds: readonly (number | null)[];
  mobile: string;
  customerId: number;
  clientAddress: string | null;
  orderId: number;
}

export interface PlaceOrderInput {
  body: PaymentInformationBody;
  /** The client's Idempotency-Key header, if any. */
  idempotencyKey?: string;
  /** [I29] The client's address: evidence of the consents ticked at checkout. */
  clientAddress?: string;
}

/**
 * [I30] An order bought by reply (modules/campaigns/reply-offers.ts): one item, the member's saved address
 * and saved card, at the terms the member answered YES to.
 */
export interface ReplyOrderInput {
  customerId: number;
  productId: number;
  addressId: number;
  /** One of the member's saved cards: authorised off-session. */
  paymentMethod: string;
  /** The terms confirmed: the order is placed at exactly these or not at all (ReplyTermsChangedError). */
  terms: { priceCents: number; shippingMethodId: number; shippingCents: number; totalCents: number };
  offer: { id: number; campaignId: number; recipientId: number };
}

export interface ReplyOrderPlaced {
  orderId: number;
  incrementId: string;
  /** After the caller's transaction committed: product pages show the stock; ORDER_REVIEW=auto approves. */
  afterCommit(): Promise<void>;
}

/** [I30] The live price or delivery is not what the member confirmed: nothing is placed or charged. */
export class ReplyTermsChangedError extends ConflictError {
  constructor() {
    super('The price or delivery changed since the terms were sent.');
  }
}

export interface CheckoutService extends ShippingMethodCalls, MemberOrders {
  /** [API-29] Places the order; answers its id. */
  placeOrder(customerId: number, input: PlaceOrderInput): Promise<string>;
  /**
   * [I30] Places a reply-to-buy order inside the caller's transaction `trx` (which holds the reply offer's
   * row lock), the steps of placeOrder on a cart made for this order alone, under a savepoint: a refusal
   * (sold out, the card declined or asking for authentication, the terms changed) throws after rolling
   * back only the order, so the caller records the refusal and answers it in the same transaction.
   */
  placeReplyOrder(trx: Db, input: ReplyOrderInput): Promise<ReplyOrderPlaced>;
  /** [I16-checkout-giftcard] What a gift card would pay for the member's active cart, or why it cannot. */
  checkGiftCard(customerId: number, typedNumber: string): Promise<GiftCardQuote>;
  /** [API-30, DATA-40] */
  savedCards(customerId: number): Promise<SavedCard[]>;
}

/** An active cart locked for the placement, or the order a retry finds already placed from it. */
type LockedCart = { cart: CartRow } | { placedOrderId: number };

/** A cart whose shipping address has been chosen: it can be ordered. */
type ReadyCart = CartRow & { shipping_address: AddressSnapshot };

export function createCheckoutService({
  db,
  clock,
  payments,
  storeName,
  cart: carts,
  customers,
  catalog,
  afterPlaced,
  giftCards,
  sellerIdOf,
  textOffers,
  attributeOrder,
}: CheckoutServiceDeps): CheckoutService {
  const shipping = createShippingMethods({ db, cart: carts, customers });
  const giftCardPay = createCheckoutGiftCard({
    db,
    clock,
    storeName,
    cart: carts,
    catalog,
    giftCards,
    shipping,
  });
  const memberOrders = createMemberOrders({ db, storeName, catalog });
  const cardPayments = createCardPayments({ db, payments });

  async function memberOf(customerId: number): Promise<Member> {
    const member = await customers.member(customerId);
    if (!member) throw new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
    return member;
  }

  // ---- placeOrder, step by step -------------------------------------------------------------------

  /**
   * [API-29] A key used before answers the order it made: the same request never pays twice. [I12-11] A
   * key reused while the member has a new cart with lines is another request: a 409, as Stripe answers.
   */
  async function orderOfKey(customerId: number, idempotencyKey: string | undefined) {
    if (idempotencyKey === undefined) return undefined;
    const earlier = await findOrderByKey(db, customerId, idempotencyKey);
    if (!earlier) return undefined;
    const active = await carts.findActive(customerId);
    if (active && (await carts.lines(db, active.id)).length > 0) {
      throw new ConflictError(CHECKOUT_TEXT.idempotencyKeyReused);
    }
    return earlier;
  }

  /** [I16-checkout-giftcard] The seller of the visit's link or profile the client names, else null. */
  async function affiliateOf(ref: string | null | undefined): Promise<number | null> {
    const value = ref?.trim() ?? '';
    if (value === '' || !sellerIdOf) return null;
    const id = await sellerIdOf(/^\d{1,9}$/.test(value) ? { id: Number(value) } : { url: value });
    return id ?? null;
  }

  /**
   * Step 1: the member's active cart, locked until the transaction ends, so the cart's own changes and a
   * second placement wait. A retry with the same key that waited while the first attempt placed the
   * order finds no active cart: it answers that order. [I12-11] Anything else without an active cart is
   * a 400, never an earlier order (a declining card would otherwise be answered "placed").
   */
  async function lockCart(
    trx: Db,
    customerId: number,
    idempotencyKey: string | undefined,
  ): Promise<LockedCart> {
    const cart = await carts.lockActive(trx, customerId);
    if (cart) return { cart };
    const placed =
      idempotencyKey === undefined ? undefined : await findOrderByKey(trx, customerId, idempotencyKey);
    if (placed) return { placedOrderId: placed.id };
    throw new InvalidDataError(CHECKOUT_TEXT.noActiveCart);
  }

  /**
   * Step 2: the lines with live prices and stock, in product id order. [ERR-05] Every product must still
   * be on sale, and the shipping address must have been chosen (shipping-information).
   */
  async function loadLines(trx: Db, cart: CartRow): Promise<{ cart: ReadyCart; lines: CartLineRow[] }> {
    const lines = await carts.lines(trx, cart.id);
    if (lines.length === 0) throw new InvalidDataError(CHECKOUT_TEXT.cartEmpty);
    if (lines.some((line) => !line.enabled || line.parent_enabled === false)) throw productNotAvailable();
    const shippingAddress = cart.shipping_address;
    if (!shippingAddress) throw new InvalidDataError(MSG.completeShipping);
    return { cart: { ...cart, shipping_address: shippingAddress }, lines };
  }
  /** Step 3: the method saved on the cart, or [SHIP-01] the cheapest the cart qualifies for. */
  const shippingMethodOf = shipping.methodOf;

  /** Step 4: a billing address given now, else the one saved on the cart, else the shipping address. */
  async function billingOf(
    trx: Db,
    customerId: number,
    cart: ReadyCart,
    body: PaymentInformationBody,
  ): Promise<AddressSnapshot> {
    return body.billingAddress
      ? customers.resolveAddress(customerId, body.billingAddress, trx)
      : (cart.billing_address ?? cart.shipping_address);
  }

  /**
   * Step 5: the stock, through the catalogue's inventory inside this transaction: [ERR-05, ERR-06] a
   * line short of stock throws, and the rollback gives back what was taken.
   */
  function takeStock(trx: Db, lines: CartLineRow[]): Promise<void> {
    return catalog.inventory.take(
      trx,
      lines.map((line) => ({ productId: line.product_id, qty: line.qty })),
    );
  }

  /** Step 6: the order and its items at the prices of the cart's lines. [CONST-12, CONST-13] */
  function writeOrder(
    trx: Db,
    placement: {
      member: Member;
      payer: Payer;
      cart: ReadyCart;
      lines: CartLineRow[];
      method: ShippingMethodRow;
      billing: AddressSnapshot;
      idempotencyKey: string | undefined;
    },
  ) {
    const { member, payer, cart, lines, method, billing } = placement;
    const subtotal = lines.reduce((sum, line) => sum + lineTotal(line.price_cents, line.qty), 0);
    const grandTotal = orderTotal(
      lines.map((line) => ({ priceCents: line.price_cents, qty: line.qty })),
      method.amount_cents,
    );
    return insertOrder(
      trx,
      {
        customer_id: member.id,
        cart_id: cart.id,
        idempotency_key: placement.idempotencyKey ?? null,
        customer_name: payer.name,
        customer_email: member.email,
        shipping_method_id: method.id,
        shipping_carrier_code: method.carrier_code,
        shipping_method_code: method.method_code,
        shipping_title: `${method.carrier_title} - ${method.method_title}`,
        shipping_cents: method.amount_cents,
        subtotal_cents: subtotal,
        grand_total_cents: grandTotal,
        shipping_address: cart.shipping_address,
        billing_address: { ...billing, email: member.email },
        payment_provider: payments.name,
      },
      lines.map((line) => ({
        cart_item_id: line.item_id,
        product_id: line.product_id,
        parent_product_id: line.parent_id,
        seller_id: line.seller_id,
        sku: line.sku,
        name: line.child_name,
        is_giftcard: line.is_giftcard,
        price_cents: line.price_cents,
        qty: line.qty,
        row_total_cents: lineTotal(line.price_cents, line.qty),
      })),
    ).then((order) => ({ ...order, grandTotal }));
  }

  /**
   * Step 7, last, so that nothing we check can fail after the money is taken: the charge, with a key
   * derived from the cart so that a retry is answered with the same payment. A decline throws and rolls
   * everything above back.
   */
  const charge = cardPayments.charge;

  /**
   * Step 8: the authorisation on the order (it waits for review, [I15-review]) and its first two timeline
   * events, the cart is no longer the member's active one, and [I11-11] the receipt text is queued for
   * the worker, to the member's mobile.
   */
  async function completeOrder(
    trx: Db,
    order: { id: number; grandTotal: number },
    cartId: number,
    charged: Charge,
    mobile: string,
    giftCard?: GiftCardPart,
  ) {
    const now = clock.now();
    await recordPayment(trx, order.id, {
      ...charged,
      authorisedCents: charged.amountCents,
      customerMobile: mobile,
      captureBy: new Date(now.getTime() + REVIEW_WINDOW_MS),
    });
    // [I29] The campaign of the mobile's last click on a campaign link within 5 days, if any.
    await attributeOrder?.(trx, { orderId: order.id, mobile, now });
    await recordOrderEvent(trx, {
      orderId: order.id,
      type: 'placed',
      actor: 'shopper',
      summary: 'Order placed',
    });
    const card = [charged.brand, charged.last4 && `•••• ${charged.last4}`].filter(Boolean).join(' ');
    if (giftCard) {
      await recordOrderEvent(trx, {
        orderId: order.id,
        type: 'gift_card_applied',
        actor: 'shopper',
        summary: `Gift card •••• ${giftCard.last4} paid ${formatCents(giftCard.cents)}`,
        data: { amount_cents: giftCard.cents, last4: giftCard.last4 },
      });
    }
    if (charged.amountCents > 0) {
      await recordOrderEvent(trx, {
        orderId: order.id,
        type: 'payment_authorised',
        actor: 'shopper',
        summary: `Authorised ${formatCents(charged.amountCents)}${card ? ` on ${card}` : ''}`,
        data: {
          amount_cents: charged.amountCents,
          payment_id: charged.id,
          brand: charged.brand,
          last4: charged.last4,
        },
      });
    }
    await carts.markOrdered(trx, cartId);
    await queueReceipt(trx, {
      order_id: order.id,
      to_mobile: mobile,
      delivery_key: randomBytes(8).toString('hex').toUpperCase(),
      now,
    });
  }

  return {
    idShippingMethods: shipping.idShippingMethods,
    estimate: shipping.estimate,
    saveShippingInformation: shipping.saveShippingInformation,

    async placeOrder(customerId, { body, idempotencyKey, clientAddress }) {
      const earlier = await orderOfKey(customerId, idempotencyKey);
      if (earlier) return String(earlier.id);
      const card = cardPayment(body);
      const member = await memberOf(customerId);
      const payer = payerOf(member);
      // Outside the transaction: what it records at the provider must survive a declined card.
      await payments.preparePayer(db, payer);
      const affiliateSellerId = await affiliateOf(body.affiliate_seller);
      const giftCardNumber = body.gift_card_number?.trim() ?? '';
      // [I16-checkout-giftcard] A card that cannot pay for this cart: its clear 400 before anything is locked.
      if (giftCardNumber !== '') await giftCardPay.precheck(customerId, giftCardNumber);

      let charged: Charge | undefined;
      let placedNew = false;
      let orderId: number;
      try {
        orderId = await db.transaction().execute(async (trx) => {
          const locked = await lockCart(trx, customerId, idempotencyKey);
          if ('placedOrderId' in locked) return locked.placedOrderId;
          const { cart, lines } = await loadLines(trx, locked.cart);
          const method = await shippingMethodOf(trx, cart, lines);
          const billing = await billingOf(trx, customerId, cart, body);
          await takeStock(trx, lines);
          const order = await writeOrder(trx, {
            member,
            payer,
            cart,
            lines,
            method,
            billing,
            idempotencyKey,
          });
          // [I16-checkout-giftcard] The gift card's part, spent inside this transaction under the card's row
          // lock: a declined card below rolls the spend back with everything else.
          const giftCard = await giftCardPay.spend(trx, giftCardNumber, lines, order.id);
          const toPay = order.grandTotal - (giftCard?.cents ?? 0);
          await recordOrderExtras(trx, order.id, {
            giftCardCents: giftCard?.cents ?? 0,
            affiliateSellerId,
            ...(toPay === 0 ? { paymentProvider: GIFT_CARD_PROVIDER } : {}),
          });
          if (toPay > 0) {
            if (!card) throw new InputValidationError({ card: [MSG.enterCard] });
            charged = await charge(trx, { payer, card, cart, lines, method, order, amountCents: toPay });
          }
          // Nothing left to pay: nothing is authorised at the provider (the order has no payment id).
          await completeOrder(
            trx,
            order,
            cart.id,
            charged ?? { id: '', amountCents: 0, brand: null, last4: null },
            member.mobile,
            giftCard,
          );
          // [I29] The ticked "Text me offers from <seller>" boxes of the order's sellers (others ignored).
          await textOffers?.recordAtCheckout(
            trx,
            {
              ticked: body.text_offers,
              orderSellerIds: lines.map((line) => line.seller_id),
              mobile: member.mobile,
              customerId,
              clientAddress: clientAddress ?? null,
              orderId: order.id,
            },
            clock.now(),
          );
          placedNew = true;
          return order.id;
        });
      } catch (error) {
        if (charged) await cardPayments.releaseUncommitted(error, charged);
        // Two requests with one key at once: the unique index let one through; answer its order.
        if (idempotencyKey !== undefined && isUniqueViolation(error, 'orders_idempotency_key')) {
          const first = await findOrderByKey(db, customerId, idempotencyKey);
          if (first) return String(first.id);
        }
        throw error;
      }
      if (placedNew) {
        catalog.inventory.changed(); // stock changed: product pages show it at once
        // [I15-auto] A new order (not a retry's answer), committed: approve it now under ORDER_REVIEW=auto.
        await afterPlaced?.(orderId);
      }
      return String(orderId);
    },

    async placeReplyOrder(trx, input) {
      const member = await customers.member(input.customerId, trx);
      if (!member) throw new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
      const payer = payerOf(member);
      // A member with a saved card is known to the provider already; this records nothing new then.
      await payments.preparePayer(trx, payer);
      const address = await customers.savedAddress(input.customerId, input.addressId, trx);
      if (!address) throw new InvalidDataError(MSG.completeShipping);
      await sql`savepoint reply_order`.execute(trx);
      let charged: Charge | undefined;
      try {
        const made = await carts.orderCart(
          trx,
          input.customerId,
          { productId: input.productId, qty: 1 },
          {
            shipping_method_id: input.terms.shippingMethodId,
            shipping_address: address,
            billing_address: address,
          },
        );
        // Steps 2, 3 and 5 of placeOrder: live lines (on sale), the method, the stock taken.
        const { cart, lines } = await loadLines(trx, made);
        // The confirmed method gone since the terms: new terms, not an error.
        const method = await shippingMethodOf(trx, cart, lines).catch((error: unknown) => {
          throw error instanceof InvalidDataError ? new ReplyTermsChangedError() : error;
        });
        const [line] = lines;
        if (
          lines.length !== 1 ||
          line?.price_cents !== input.terms.priceCents ||
          method.amount_cents !== input.terms.shippingCents
        )
          throw new ReplyTermsChangedError();
        await takeStock(trx, lines);
        // Step 6; the order's key makes a second order for the same offer impossible (orders_idempotency_key).
        const order = await writeOrder(trx, {
          member,
          payer,
          cart,
          lines,
          method,
          billing: address,
          idempotencyKey: `reply-offer-${input.offer.id}`,
        });
        if (order.grandTotal !== input.terms.totalCents) throw new ReplyTermsChangedError();
        await recordOrderExtras(trx, order.id, { giftCardCents: 0, affiliateSellerId: null });
        // Step 7, last: the saved card off-session, manual capture; the key is the offer's, so a retried
        // text gets the same authorisation back.
        charged = await payments.authoriseOffSession(trx, {
          payer,
          amountCents: order.grandTotal,
          currency: 'aud',
          paymentMethod: input.paymentMethod,
          idempotencyKey: `quokka-reply-offer-${input.offer.id}`,
          description: `Order ${order.increment_id}`,
          metadata: {
            order_increment_id: order.increment_id,
            reply_offer_id: String(input.offer.id),
            customer_id: String(payer.customerId),
          },
        });
        // Step 8: the review, the timeline, the receipt text, the last-click attribution; then the offer's
        // own campaign and the "Bought by reply" mark.
        await completeOrder(trx, order, cart.id, charged, member.mobile);
        await recordReplyOrder(trx, order.id, input.offer);
        await sql`release savepoint reply_order`.execute(trx);
        return {
          orderId: order.id,
          incrementId: order.increment_id,
          afterCommit: async () => {
            catalog.inventory.changed();
            await afterPlaced?.(order.id);
          },
        };
      } catch (error) {
        await sql`rollback to savepoint reply_order`.execute(trx);
        // Authorised, but the order is not kept: the hold is released rather than left orderless.
        const held = charged;
        if (held)
          await payments.release(trx, held.id).catch((releaseError: unknown) => {
            throw new AggregateError(
              [error, releaseError],
              `reply order not saved and release of ${held.id} failed`,
            );
          });
        throw error;
      }
    },

    checkGiftCard: giftCardPay.check,

    async savedCards(customerId) {
      return payments.savedCards(db, payerOf(await memberOf(customerId)));
    },

    checkoutSuccess: memberOrders.checkoutSuccess,
    orders: memberOrders.orders,
    order: memberOrders.order,
  };
}

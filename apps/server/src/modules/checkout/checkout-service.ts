import { createHash, randomBytes } from 'node:crypto';
import type { AddressBody as AddressInputWire } from '@quokka/contract/api/address';
import type {
  GiftCardQuote,
  IdShippingMethod as IdShippingMethodWire,
  PaymentInformationBody,
  SavedCard,
  ShippingInformationBody,
  ShippingInformationReply,
  ShippingMethod as ShippingMethodWire,
  Totals as TotalsWire,
} from '@quokka/contract/api/checkout';
import { ORDER_STATUS_LABELS, type Order as OrderWire } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import { centsToDollars, dollarsToCents, formatCents, lineTotal, orderTotal } from '@quokka/contract/money';
import { joinFullName } from '@quokka/contract/names';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { AddressSnapshot } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ConflictError, InputValidationError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import {
  type GiftCardBalances,
  type GiftCardFacts,
  type GiftCardLookup,
  InsufficientBalanceError,
} from '../../domain/gift-card-balances.ts';
import {
  type Charge,
  PAYMENT_METHOD_CODE,
  type Payer,
  type PaymentsProvider,
} from '../../providers/payments/payments-provider.ts';
import { CART_TEXT, type CartLineRow, type CartRow, type CartService } from '../cart/cart-service.ts';
import { type CatalogService, productNotAvailable } from '../catalog/catalog-service.ts';
import { CUSTOMER_TEXT, type CustomerService, type Member } from '../customer/customer-service.ts';
import { recordOrderEvent } from '../orders/order-events.ts';
import { REVIEW_WINDOW_MS } from '../orders/order-review.ts';
import { shopperShipments } from '../orders/shopper-order-status.ts';
import {
  findMemberOrder,
  findOrderByKey,
  GIFT_CARD_PROVIDER,
  insertOrder,
  latestOrder,
  lockOrderForReview,
  memberOrders,
  type OrderItemRow,
  type OrderRow,
  orderItems,
  orderStockLines,
  pendingOrdersDueBy,
  queueReceipt,
  recordLineRefund,
  recordOrderExtras,
  recordOrderRefund,
  recordOrderStatus,
  recordPayment,
  recordReviewDecision,
  type ShippingMethodRow,
  shippingMethodsFor,
} from './checkout-repository.ts';

// Shipping, payment and the order (SPEC.md §4 Shipping method, Checkout; §7; DECISIONS.md "Catalogue,
// cart and orders"). Placing an order is ONE transaction of named steps (placeOrder below): lock the
// cart, load its lines, take stock (the catalogue's inventory, row locks in product id order), write the
// order, charge the card, mark the cart ordered, commit. A declined card throws inside it, so stock and
// cart roll back untouched; a retry with the same Idempotency-Key waits on the cart lock and then finds
// the order already made (without a key, or with the key of another cart, it is refused); the card provider gets a key derived from the cart, so a retry after a crash between charge and commit is
// answered with the same payment (docs/payments.md). The cart, the member and the stock belong to their
// modules: this one calls their services, handing them its transaction.

export const CHECKOUT_TEXT = {
  cartEmpty: 'Your cart is empty.',
  addressNotFound: CUSTOMER_TEXT.addressNotFound,
  orderNotFound: 'The order does not exist.',
  noOrder: 'There is no order to show yet.',
  shippingNotAvailable: 'The shipping method is not available for this cart.',
  noShippingMethod: 'No shipping method is available for this cart.',
  shippingPriceChanged: "The shipping method's price has changed. Please choose it again.",
  paymentMethodNotAvailable: 'The requested Payment Method is not available.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 printable characters without spaces.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for another order. Please send a new key for a new order.',
  noActiveCart: 'There is no cart to order: it may have been ordered already.',
} as const;

/** [I16-checkout-giftcard] Why a gift card cannot pay for this cart, in the shopper's words. */
export const GIFT_CARD_TEXT = {
  badNumber: 'Enter the 16-digit gift card number.',
  notFound: 'We could not find a gift card with that number. Please check it and try again.',
  notActive: 'This gift card is not active yet: its purchase has not been approved.',
  notSent: 'This gift card has not been sent yet, so it cannot be spent.',
  voided: 'This gift card has been cancelled and cannot be spent.',
  expired: (date: string) => `This gift card expired on ${date}.`,
  noBalance: 'This gift card has no balance left.',
  noItems: (seller: string) =>
    `This gift card can only be spent on items from ${seller}, and there are none in your cart.`,
  unavailable: 'Gift cards cannot be used at checkout right now.',
} as const;

const SPENDABLE_ORDER_STATUSES = ['approved', 'partially_shipped', 'shipped'];

/** The digits of a typed gift card number (spaces and dashes dropped); 16 or a clear error. */
export function giftCardDigits(typed: string): string {
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits)) throw new InvalidDataError(GIFT_CARD_TEXT.badNumber);
  return digits;
}

/** What the card's seller's lines in the cart come to (gift card lines left out: a card never buys a card). */
export function giftCardEligibleCents(
  lines: { seller_id: number; is_giftcard: boolean; price_cents: number; qty: number }[],
  sellerId: number,
): number {
  return lines
    .filter((line) => line.seller_id === sellerId && !line.is_giftcard)
    .reduce((sum, line) => sum + lineTotal(line.price_cents, line.qty), 0);
}

const CUSTOM_CARRIER = 'custom';
const CURRENCY = 'aud';

function methodWire(method: ShippingMethodRow): ShippingMethodWire {
  const amount = centsToDollars(method.amount_cents);
  return {
    carrier_code: method.carrier_code,
    method_code: method.method_code,
    carrier_title: method.carrier_title,
    method_title: method.method_title,
    amount,
    base_amount: amount,
    price_excl_tax: amount,
    price_incl_tax: amount,
    available: true,
    error_message: '',
  };
}

function idMethodWire(method: ShippingMethodRow): IdShippingMethodWire {
  const wire = methodWire(method);
  return {
    ...wire,
    id: method.id,
    carrier_code: CUSTOM_CARRIER,
    method_code: String(method.id),
    price: wire.amount,
  };
}

/** Gift cards travel by text message: a cart of nothing else qualifies only for the free method. */
const isGiftcardOnly = (lines: CartLineRow[]) => lines.length > 0 && lines.every((line) => line.is_giftcard);

export interface ShippingChoice {
  carrierCode?: string | null;
  methodCode?: string | number | null;
  /** Dollars, as the client showed it (id-based methods). */
  amount?: number | null;
}

/** [SHIP-01, SHIP-02] The method chosen, or the cheapest the cart qualifies for when none is. */
export function chooseShippingMethod(
  methods: ShippingMethodRow[],
  choice: ShippingChoice = {},
): ShippingMethodRow {
  const cheapest = methods[0];
  if (!cheapest) throw new InvalidDataError(CHECKOUT_TEXT.noShippingMethod);
  const carrier = choice.carrierCode?.trim();
  const code =
    choice.methodCode === null || choice.methodCode === undefined ? '' : String(choice.methodCode).trim();
  if (!carrier && !code) return cheapest; // [SHIP-01]
  if (carrier === CUSTOM_CARRIER) {
    // [SHIP-02] An id-based method: the id names it, and the price the client showed must be its price.
    const method = methods.find((candidate) => String(candidate.id) === code);
    if (!method) throw new InvalidDataError(CHECKOUT_TEXT.shippingNotAvailable);
    if (
      choice.amount !== null &&
      choice.amount !== undefined &&
      dollarsToCents(choice.amount) !== method.amount_cents
    ) {
      throw new InvalidDataError(CHECKOUT_TEXT.shippingPriceChanged);
    }
    return method;
  }
  const method = methods.find(
    (candidate) => candidate.carrier_code === carrier && candidate.method_code === code,
  );
  if (!method) throw new InvalidDataError(CHECKOUT_TEXT.shippingNotAvailable);
  return method;
}

function totalsWire(lines: CartLineRow[], method: ShippingMethodRow): TotalsWire {
  // [CONST-12, CONST-13] line = price × qty; total = lines + shipping; all in integer cents.
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line.price_cents, line.qty), 0);
  const grand = orderTotal(
    lines.map((line) => ({ priceCents: line.price_cents, qty: line.qty })),
    method.amount_cents,
  );
  return {
    grand_total: centsToDollars(grand),
    base_grand_total: centsToDollars(grand),
    subtotal: centsToDollars(subtotal),
    base_subtotal: centsToDollars(subtotal),
    shipping_amount: centsToDollars(method.amount_cents),
    base_shipping_amount: centsToDollars(method.amount_cents),
    items_qty: lines.reduce((sum, line) => sum + line.qty, 0),
    quote_currency_code: 'AUD',
    items: lines.map((line) => ({
      item_id: line.item_id,
      name: line.child_name,
      price: centsToDollars(line.price_cents),
      qty: line.qty,
      row_total: centsToDollars(lineTotal(line.price_cents, line.qty)),
    })),
  };
}

function orderWire(order: OrderRow, items: OrderItemRow[]): OrderWire {
  return {
    id: order.id,
    increment_id: order.increment_id,
    customer_name: order.customer_name,
    status: order.status,
    created_at: order.created_at.toISOString(),
    grand_total: centsToDollars(order.grand_total_cents),
    subtotal: centsToDollars(order.subtotal_cents),
    shipping_amount: centsToDollars(order.shipping_cents),
    shipping_description: order.shipping_title,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    // [I11-11] The card as the provider described it; null until the charge is on the order.
    payment: order.payment_id ? { brand: order.card_brand, last4: order.card_last4 } : null,
    // [I15-shopper-status] The status in the shopper's words.
    ...(ORDER_STATUS_LABELS[order.status] ? { status_label: ORDER_STATUS_LABELS[order.status] } : {}),
    // [I16-checkout-giftcard] The gift card's part and what the payment card was charged.
    gift_card_amount: centsToDollars(order.gift_card_cents),
    card_amount: centsToDollars(order.grand_total_cents - order.gift_card_cents),
    items: items.map((item) => ({
      item_id: item.id,
      product_id: item.product_id,
      sku: item.sku,
      name: item.name,
      price: centsToDollars(item.price_cents),
      qty: item.qty,
      total: centsToDollars(item.row_total_cents),
      row_total: centsToDollars(item.row_total_cents),
      seller_id: item.seller_id,
      is_giftcard: item.is_giftcard,
    })),
  };
}

function payerOf(member: Member): Payer {
  return {
    customerId: member.id,
    email: member.email,
    name: joinFullName(member.firstname, member.lastname),
    mobile: member.mobile,
  };
}

/** The Idempotency-Key given to the card provider: the same cart, contents, amount and card, the same key. */
function providerKey(
  cart: CartRow,
  lines: CartLineRow[],
  method: ShippingMethodRow,
  token: string,
  save: boolean,
  giftCardCents = 0,
) {
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        lines: lines.map((line) => [line.product_id, line.qty, line.price_cents]),
        shipping: [method.id, method.amount_cents],
        token,
        save,
        // [I16-checkout-giftcard] A different gift card part is a different amount: a different charge.
        ...(giftCardCents > 0 ? { giftCardCents } : {}),
      }),
    )
    .digest('hex')
    .slice(0, 32);
  return `quokka-order-cart-${cart.id}-${fingerprint}`;
}

export interface CheckoutServiceDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsProvider;
  storeName: string;
  cart: Pick<CartService, 'findActive' | 'lockActive' | 'lines' | 'saveShippingChoice' | 'markOrdered'>;
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
}

export interface PlaceOrderInput {
  body: PaymentInformationBody;
  /** The client's Idempotency-Key header, if any. */
  idempotencyKey?: string;
}

export interface CheckoutService {
  /** [API-24, SHIP-02] `{ns}/shippingmethods`: the id-based methods for the active cart. */
  idShippingMethods(customerId: number, addressId?: number): Promise<IdShippingMethodWire[]>;
  /** [API-25, API-26, DATA-39] Magento's estimates, cheapest first. */
  estimate(
    customerId: number,
    address: { addressId: number } | { address: AddressInputWire },
  ): Promise<ShippingMethodWire[]>;
  /** [API-27] Saves addresses and method on the cart; answers the payment methods and totals. */
  saveShippingInformation(
    customerId: number,
    body: ShippingInformationBody,
  ): Promise<ShippingInformationReply>;
  /** [API-29] Places the order; answers its id. */
  placeOrder(customerId: number, input: PlaceOrderInput): Promise<string>;
  /** [I16-checkout-giftcard] What a gift card would pay for the member's active cart, or why it cannot. */
  checkGiftCard(customerId: number, typedNumber: string): Promise<GiftCardQuote>;
  /** [API-30, DATA-40] */
  savedCards(customerId: number): Promise<SavedCard[]>;
  /** [API-36, DATA-44] The member's latest order number and the shop's name; [I11-11] and the order. */
  checkoutSuccess(
    customerId: number,
    sellerRef?: string,
  ): Promise<{ order_id: string; shop_name: string; order: OrderWire }>;
  /** [DATA-41] The member's orders, newest first. */
  orders(customerId: number): Promise<OrderWire[]>;
  /** [DATA-41] One of the member's orders; 404 for anyone else's. */
  order(customerId: number, orderId: number): Promise<OrderWire>;
}

/**
 * [I15-review] The orders' rows as the review (modules/orders/order-review.ts) reads and writes them, each
 * in the caller's transaction: orders are checkout's tables, the review asks through here.
 */
export const orderReviewRecords = {
  lock: lockOrderForReview,
  decide: recordReviewDecision,
  stockLines: orderStockLines,
  pendingDueBy: pendingOrdersDueBy,
};

/** [I15] The writes of an order's life after review: fulfilment status, refunds (under the order row lock). */
export const orderRecords = {
  status: recordOrderStatus,
  lineRefund: recordLineRefund,
  refund: recordOrderRefund,
};

/** The card of a placement, checked before anything is locked. */
interface CardPayment {
  token: string;
  saveCard: boolean;
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
}: CheckoutServiceDeps): CheckoutService {
  async function memberOf(customerId: number): Promise<Member> {
    const member = await customers.member(customerId);
    if (!member) throw new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
    return member;
  }

  /** The methods the active cart qualifies for (a cart yet to be filled gets the ordinary ones). */
  async function methodsForActiveCart(customerId: number): Promise<ShippingMethodRow[]> {
    const cart = await carts.findActive(customerId);
    const lines = cart ? await carts.lines(db, cart.id) : [];
    return shippingMethodsFor(db, isGiftcardOnly(lines));
  }

  async function requireMemberAddress(customerId: number, addressId: number) {
    if (!(await customers.savedAddress(customerId, addressId)))
      throw new NotFoundError(CHECKOUT_TEXT.addressNotFound);
  }

  async function orderAnswer(order: OrderRow): Promise<OrderWire> {
    return orderWire(order, await orderItems(db, [order.id]));
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

  /** [ERR-08] Only the card method is offered, and a card token is required. */
  function cardPayment(body: PaymentInformationBody): CardPayment | undefined {
    if (body.paymentMethod.method !== PAYMENT_METHOD_CODE) {
      throw new InvalidDataError(CHECKOUT_TEXT.paymentMethodNotAvailable);
    }
    const token = body.paymentMethod.additional_data?.token?.trim() ?? '';
    // [I16-checkout-giftcard] With a gift card the card may be left out: needed only if something is left to pay.
    if (token === '' && body.gift_card_number?.trim()) return undefined;
    if (token === '') throw new InputValidationError({ card: [MSG.enterCard] });
    return { token, saveCard: body.paymentMethod.additional_data?.cc_save ?? false };
  }

  /**
   * [I16-checkout-giftcard] The card with this number if it may pay for these lines now, with what it pays
   * (its seller's lines, not shipping, up to its balance); else a clear 400 saying why. `lock` holds the
   * card's row to the end of the order's transaction.
   */
  async function usableGiftCard(
    trx: Db,
    typed: string,
    lines: CartLineRow[],
    lock: boolean,
  ): Promise<{ card: GiftCardFacts & { sellerId: number }; sellerName: string; appliesCents: number }> {
    if (!giftCards) throw new InvalidDataError(GIFT_CARD_TEXT.unavailable);
    const digits = giftCardDigits(typed);
    const card = await giftCards.lookup.byNumber(trx, digits, { lock });
    if (!card || card.sellerId === null) throw new InvalidDataError(GIFT_CARD_TEXT.notFound);
    if (card.voided) throw new InvalidDataError(GIFT_CARD_TEXT.voided);
    if (!card.orderStatus || !SPENDABLE_ORDER_STATUSES.includes(card.orderStatus))
      throw new InvalidDataError(GIFT_CARD_TEXT.notActive);
    if (!card.sent) throw new InvalidDataError(GIFT_CARD_TEXT.notSent);
    if (!card.validUntil || card.validUntil.getTime() <= clock.now().getTime())
      throw new InvalidDataError(
        GIFT_CARD_TEXT.expired(
          card.validUntil ? card.validUntil.toISOString().slice(0, 10) : 'an earlier date',
        ),
      );
    if (card.balanceCents <= 0) throw new InvalidDataError(GIFT_CARD_TEXT.noBalance);
    const sellerId = card.sellerId;
    // Inside the order's transaction the catalogue (another connection) is not asked: the check before it
    // (placeOrder) has named the seller already.
    const sellerName = lock ? 'its seller' : ((await catalog.sellerName({ id: sellerId })) ?? storeName);
    const eligible = giftCardEligibleCents(lines, sellerId);
    if (eligible <= 0) throw new InvalidDataError(GIFT_CARD_TEXT.noItems(sellerName));
    return { card: { ...card, sellerId }, sellerName, appliesCents: Math.min(eligible, card.balanceCents) };
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
  async function shippingMethodOf(trx: Db, cart: CartRow, lines: CartLineRow[]) {
    const methods = await shippingMethodsFor(trx, isGiftcardOnly(lines));
    const method =
      cart.shipping_method_id === null
        ? chooseShippingMethod(methods) // [SHIP-01]
        : methods.find((candidate) => candidate.id === cart.shipping_method_id);
    if (!method) throw new InvalidDataError(CHECKOUT_TEXT.shippingNotAvailable);
    return method;
  }

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
  function charge(
    trx: Db,
    placement: {
      payer: Payer;
      card: CardPayment;
      cart: CartRow;
      lines: CartLineRow[];
      method: ShippingMethodRow;
      order: { increment_id: string; grandTotal: number };
      /** [I16-checkout-giftcard] What the card pays: the grand total less the gift card's part. */
      amountCents: number;
    },
  ): Promise<Charge> {
    const { payer, card, cart, lines, method, order } = placement;
    return payments.charge(trx, {
      payer,
      amountCents: placement.amountCents,
      currency: CURRENCY,
      paymentMethod: card.token,
      saveCard: card.saveCard,
      idempotencyKey: providerKey(
        cart,
        lines,
        method,
        card.token,
        card.saveCard,
        order.grandTotal - placement.amountCents,
      ),
      description: `Order ${order.increment_id}`,
      metadata: {
        order_increment_id: order.increment_id,
        cart_id: String(cart.id),
        customer_id: String(payer.customerId),
      },
    });
  }

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
    giftCard?: { cents: number; last4: string },
  ) {
    const now = clock.now();
    await recordPayment(trx, order.id, {
      ...charged,
      authorisedCents: charged.amountCents,
      customerMobile: mobile,
      captureBy: new Date(now.getTime() + REVIEW_WINDOW_MS),
    });
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

  /** Authorised, but the order did not commit: release the hold rather than keep it orderless. */
  async function releaseUncommitted(error: unknown, charged: Charge): Promise<void> {
    await payments.release(db, charged.id).catch((releaseError: unknown) => {
      throw new AggregateError([error, releaseError], `order not saved and release of ${charged.id} failed`);
    });
  }

  return {
    async idShippingMethods(customerId, addressId) {
      if (addressId !== undefined) await requireMemberAddress(customerId, addressId);
      return (await methodsForActiveCart(customerId)).map(idMethodWire);
    },

    async estimate(customerId, target) {
      if ('addressId' in target) await requireMemberAddress(customerId, target.addressId);
      else await customers.resolveAddress(customerId, target.address);
      return (await methodsForActiveCart(customerId)).map(methodWire);
    },

    async saveShippingInformation(customerId, body) {
      const info = body.addressInformation;
      return db.transaction().execute(async (trx) => {
        const cart = await carts.lockActive(trx, customerId);
        if (!cart) throw new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
        const lines = await carts.lines(trx, cart.id);
        if (lines.length === 0) throw new InvalidDataError(CHECKOUT_TEXT.cartEmpty);
        const method = chooseShippingMethod(await shippingMethodsFor(trx, isGiftcardOnly(lines)), {
          carrierCode: info.shipping_carrier_code,
          methodCode: info.shipping_method_code,
          amount: info.shipping_amount ?? info.extension_attributes?.shipping_amount,
        });
        const shipping = await customers.resolveAddress(customerId, info.shipping_address, trx);
        const billing = info.billing_address
          ? await customers.resolveAddress(customerId, info.billing_address, trx)
          : shipping;
        await carts.saveShippingChoice(trx, cart.id, {
          shipping_method_id: method.id,
          shipping_address: shipping,
          billing_address: billing,
        });
        return {
          payment_methods: [{ code: PAYMENT_METHOD_CODE, title: 'Credit or debit card' }],
          totals: totalsWire(lines, method),
        };
      });
    },

    async placeOrder(customerId, { body, idempotencyKey }) {
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
      if (giftCardNumber !== '') {
        const active = await carts.findActive(customerId);
        if (active) await usableGiftCard(db, giftCardNumber, await carts.lines(db, active.id), false);
      }

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
          let giftCard: { cents: number; last4: string } | undefined;
          if (giftCardNumber !== '' && giftCards) {
            const usable = await usableGiftCard(trx, giftCardNumber, lines, true);
            try {
              await giftCards.balances.spend(trx, {
                giftCardId: usable.card.id,
                amountCents: usable.appliesCents,
                kind: 'order',
                orderId: order.id,
                key: `order:${order.id}`,
                at: clock.now(),
              });
            } catch (error) {
              if (error instanceof InsufficientBalanceError)
                throw new ConflictError(GIFT_CARD_TEXT.noBalance);
              throw error;
            }
            giftCard = { cents: usable.appliesCents, last4: usable.card.number.slice(-4) };
          } else if (giftCardNumber !== '') {
            throw new InvalidDataError(GIFT_CARD_TEXT.unavailable);
          }
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
          placedNew = true;
          return order.id;
        });
      } catch (error) {
        if (charged) await releaseUncommitted(error, charged);
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

    async checkGiftCard(customerId, typedNumber) {
      const active = await carts.findActive(customerId);
      const lines = active ? await carts.lines(db, active.id) : [];
      if (!active || lines.length === 0) throw new InvalidDataError(CHECKOUT_TEXT.cartEmpty);
      const usable = await usableGiftCard(db, typedNumber, lines, false);
      const method = await shippingMethodOf(db, active, lines);
      const grand = orderTotal(
        lines.map((line) => ({ priceCents: line.price_cents, qty: line.qty })),
        method.amount_cents,
      );
      return {
        last4: usable.card.number.slice(-4),
        seller_id: usable.card.sellerId,
        seller_name: usable.sellerName,
        balance_cents: usable.card.balanceCents,
        applies_cents: usable.appliesCents,
        grand_total_cents: grand,
        to_pay_cents: grand - usable.appliesCents,
        valid_until: (usable.card.validUntil ?? clock.now()).toISOString(),
      };
    },

    async savedCards(customerId) {
      return payments.savedCards(db, payerOf(await memberOf(customerId)));
    },

    async checkoutSuccess(customerId, sellerRef) {
      const order = await latestOrder(db, customerId);
      if (!order) throw new NotFoundError(CHECKOUT_TEXT.noOrder);
      const ref = sellerRef?.trim() ?? '';
      // The affiliate seller of the visit when the client names one, else the seller of the first item.
      const affiliate =
        ref === ''
          ? undefined
          : await catalog.sellerName(/^\d{1,9}$/.test(ref) ? { id: Number(ref) } : { url: ref });
      const items = await orderItems(db, [order.id]);
      const first = items[0];
      const shopName =
        affiliate ?? (first ? await catalog.sellerName({ id: first.seller_id }) : undefined) ?? storeName;
      return { order_id: order.increment_id, shop_name: shopName, order: orderWire(order, items) };
    },

    async orders(customerId) {
      const rows = await memberOrders(db, customerId);
      const items = await orderItems(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) =>
        orderWire(
          row,
          items.filter((item) => item.order_id === row.id),
        ),
      );
    },

    async order(customerId, orderId) {
      const row = await findMemberOrder(db, customerId, orderId);
      if (!row) throw new NotFoundError(CHECKOUT_TEXT.orderNotFound);
      // [I15-shopper-status] Each seller's shipment with its tracking link (modules/orders).
      return {
        ...(await orderAnswer(row)),
        shipments: await shopperShipments(db, row.id, catalog.sellerName),
      };
    },
  };
}

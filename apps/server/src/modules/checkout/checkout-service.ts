import { createHash } from 'node:crypto';
import type { AddressBody as AddressInputWire } from '@quokka/contract/api/address';
import type {
  IdShippingMethod as IdShippingMethodWire,
  PaymentInformationBody,
  SavedCard,
  ShippingInformationBody,
  ShippingInformationReply,
  ShippingMethod as ShippingMethodWire,
  Totals as TotalsWire,
} from '@quokka/contract/api/checkout';
import type { Order as OrderWire } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import { parseAuMobile } from '@quokka/contract/mobile';
import { dollarsToCents, lineTotal, orderTotal } from '@quokka/contract/money';
import { joinFullName } from '@quokka/contract/names';
import { findRegion, toRegionWire } from '@quokka/contract/regions';
import { validateAddress } from '@quokka/contract/validate-address';
import { hasErrors, toInputValidation } from '@quokka/contract/wire';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { AddressSnapshot } from '../../db/schema.ts';
import { InputValidationError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import {
  type Charge,
  PAYMENT_METHOD_CODE,
  type Payer,
  type PaymentsProvider,
} from '../../providers/payments/payments-provider.ts';
import {
  type CartLineRow,
  type CartRow,
  cartLines,
  findActiveCart,
  findMember,
  findMemberAddress,
  lockActiveCart,
  type MemberRow,
  markCartOrdered,
  saveShippingChoice,
} from '../cart/cart-repository.ts';
import { addressSnapshot, CART_TEXT, productNotAvailable, qtyNotAvailable } from '../cart/cart-service.ts';
import { invalidateCatalogueCache } from '../catalog/catalog-cache.ts';
import {
  findMemberOrder,
  findOrderByKey,
  insertOrder,
  latestOrder,
  memberOrders,
  type OrderItemRow,
  type OrderRow,
  orderItems,
  recordPayment,
  type ShippingMethodRow,
  sellerName,
  shippingMethodsFor,
  stockOf,
  takeStock,
} from './checkout-repository.ts';

// Shipping, payment and the order (SPEC.md §4 Shipping method, Checkout; §7; DECISIONS.md "Catalogue,
// cart and orders"). Placing an order is ONE transaction: lock the cart, take stock with row locks in
// product id order, write the order, charge the card, mark the cart ordered, commit. A declined card
// throws inside it, so stock and cart roll back untouched; a retry waits on the cart lock and then finds
// the order already made; the card provider gets a key derived from the cart, so a retry after a crash
// between charge and commit is answered with the same payment (docs/payments.md).

export const CHECKOUT_TEXT = {
  cartEmpty: 'Your cart is empty.',
  addressNotFound: 'The address does not exist.',
  orderNotFound: 'The order does not exist.',
  noOrder: 'There is no order to show yet.',
  shippingNotAvailable: 'The shipping method is not available for this cart.',
  noShippingMethod: 'No shipping method is available for this cart.',
  shippingPriceChanged: "The shipping method's price has changed. Please choose it again.",
  paymentMethodNotAvailable: 'The requested Payment Method is not available.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 printable characters without spaces.',
} as const;

const CUSTOM_CARRIER = 'custom';
const CURRENCY = 'aud';
/** A retry of a placement is recognised this long after the order was made (Stripe keeps keys 24 h). */
const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

const dollars = (cents: number) => cents / 100;

function methodWire(method: ShippingMethodRow): ShippingMethodWire {
  const amount = dollars(method.amount_cents);
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
    grand_total: dollars(grand),
    base_grand_total: dollars(grand),
    subtotal: dollars(subtotal),
    base_subtotal: dollars(subtotal),
    shipping_amount: dollars(method.amount_cents),
    base_shipping_amount: dollars(method.amount_cents),
    items_qty: lines.reduce((sum, line) => sum + line.qty, 0),
    quote_currency_code: 'AUD',
    items: lines.map((line) => ({
      item_id: line.item_id,
      name: line.child_name,
      price: dollars(line.price_cents),
      qty: line.qty,
      row_total: dollars(lineTotal(line.price_cents, line.qty)),
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
    grand_total: dollars(order.grand_total_cents),
    subtotal: dollars(order.subtotal_cents),
    shipping_amount: dollars(order.shipping_cents),
    shipping_description: order.shipping_title,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    items: items.map((item) => ({
      item_id: item.id,
      product_id: item.product_id,
      sku: item.sku,
      name: item.name,
      price: dollars(item.price_cents),
      qty: item.qty,
      total: dollars(item.row_total_cents),
      row_total: dollars(item.row_total_cents),
      seller_id: item.seller_id,
      is_giftcard: item.is_giftcard,
    })),
  };
}

function payerOf(member: MemberRow): Payer {
  return {
    customerId: member.id,
    email: member.email,
    name: joinFullName(member.firstname, member.lastname),
    mobile: member.mobile,
  };
}

/** The region an incoming address names, in whichever field the client put it. */
function regionOf(address: AddressInputWire) {
  const region = typeof address.region === 'object' && address.region !== null ? address.region : undefined;
  return (
    findRegion(address.region_id ?? undefined) ??
    findRegion(region?.region_id ?? undefined) ??
    findRegion(region?.region_code ?? undefined) ??
    findRegion(address.region_code ?? undefined) ??
    findRegion(typeof address.region === 'string' ? address.region : (region?.region ?? undefined))
  );
}

/**
 * A saved address of the member by id (404 for anyone else's), or a new one checked with the address
 * form's rules (SPEC.md §5), the same messages per field.
 */
async function resolveAddress(
  db: Db,
  customerId: number,
  address: AddressInputWire,
): Promise<AddressSnapshot> {
  const id = address.customer_address_id ?? address.customerAddressId;
  if (id !== null && id !== undefined) {
    const row = await findMemberAddress(db, customerId, id);
    if (!row) throw new NotFoundError(CHECKOUT_TEXT.addressNotFound);
    return addressSnapshot(row);
  }
  return validatedAddress(address);
}

/**
 * A new address checked with the address form's rules (SPEC.md §5), the same messages per field, in its
 * stored form (E.164 telephone, the region of SPEC.md §3, country AU). The account's address book uses
 * it too, so an address saved there and one typed at checkout follow the same rules.
 */
export function validatedAddress(address: AddressInputWire): AddressSnapshot {
  const street = (Array.isArray(address.street) ? address.street : [address.street ?? ''])
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const region = regionOf(address);
  const firstname = address.firstname?.trim() ?? '';
  const lastname = address.lastname?.trim() ?? '';
  const postcode = String(address.postcode ?? '').trim();
  const errors = validateAddress({
    mobile: address.telephone ?? '',
    fullname: joinFullName(firstname, lastname),
    street_address: street[0] ?? '',
    suburb: address.city ?? '',
    state: region?.code ?? '',
    country: address.country_id ?? '',
    postcode,
  });
  if (hasErrors(errors) || !region) throw new InputValidationError(toInputValidation(errors));
  const telephone = address.telephone ?? '';
  return {
    firstname,
    lastname,
    telephone: parseAuMobile(telephone) ?? telephone.trim(),
    street,
    city: (address.city ?? '').trim(),
    postcode,
    region: toRegionWire(region),
    region_id: region.id,
    country_id: 'AU',
  };
}

/** The Idempotency-Key given to the card provider: the same cart, contents, amount and card, the same key. */
function providerKey(
  cart: CartRow,
  lines: CartLineRow[],
  method: ShippingMethodRow,
  token: string,
  save: boolean,
) {
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        lines: lines.map((line) => [line.product_id, line.qty, line.price_cents]),
        shipping: [method.id, method.amount_cents],
        token,
        save,
      }),
    )
    .digest('hex')
    .slice(0, 32);
  return `quokka-order-cart-${cart.id}-${fingerprint}`;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name, message } = error as Record<string, unknown>;
  return (
    code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(constraint)))
  );
}

export interface CheckoutServiceDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsProvider;
  storeName: string;
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
  /** [API-30, DATA-40] */
  savedCards(customerId: number): Promise<SavedCard[]>;
  /** [API-36, DATA-44] The member's latest order number and the shop's name. */
  checkoutSuccess(customerId: number, sellerRef?: string): Promise<{ order_id: string; shop_name: string }>;
  /** [DATA-41] The member's orders, newest first. */
  orders(customerId: number): Promise<OrderWire[]>;
  /** [DATA-41] One of the member's orders; 404 for anyone else's. */
  order(customerId: number, orderId: number): Promise<OrderWire>;
}

export function createCheckoutService({
  db,
  clock,
  payments,
  storeName,
}: CheckoutServiceDeps): CheckoutService {
  async function memberOf(customerId: number): Promise<MemberRow> {
    const member = await findMember(db, customerId);
    if (!member) throw new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
    return member;
  }

  /** The methods the active cart qualifies for (a cart yet to be filled gets the ordinary ones). */
  async function methodsForActiveCart(customerId: number): Promise<ShippingMethodRow[]> {
    const cart = await findActiveCart(db, customerId);
    const lines = cart ? await cartLines(db, cart.id) : [];
    return shippingMethodsFor(db, isGiftcardOnly(lines));
  }

  async function requireMemberAddress(customerId: number, addressId: number) {
    if (!(await findMemberAddress(db, customerId, addressId)))
      throw new NotFoundError(CHECKOUT_TEXT.addressNotFound);
  }

  async function orderAnswer(order: OrderRow): Promise<OrderWire> {
    return orderWire(order, await orderItems(db, [order.id]));
  }

  return {
    async idShippingMethods(customerId, addressId) {
      if (addressId !== undefined) await requireMemberAddress(customerId, addressId);
      return (await methodsForActiveCart(customerId)).map(idMethodWire);
    },

    async estimate(customerId, target) {
      if ('addressId' in target) await requireMemberAddress(customerId, target.addressId);
      else await resolveAddress(db, customerId, target.address);
      return (await methodsForActiveCart(customerId)).map(methodWire);
    },

    async saveShippingInformation(customerId, body) {
      const info = body.addressInformation;
      return db.transaction().execute(async (trx) => {
        const cart = await lockActiveCart(trx, customerId);
        if (!cart) throw new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
        const lines = await cartLines(trx, cart.id);
        if (lines.length === 0) throw new InvalidDataError(CHECKOUT_TEXT.cartEmpty);
        const method = chooseShippingMethod(await shippingMethodsFor(trx, isGiftcardOnly(lines)), {
          carrierCode: info.shipping_carrier_code,
          methodCode: info.shipping_method_code,
          amount: info.shipping_amount ?? info.extension_attributes?.shipping_amount,
        });
        const shipping = await resolveAddress(trx, customerId, info.shipping_address);
        const billing = info.billing_address
          ? await resolveAddress(trx, customerId, info.billing_address)
          : shipping;
        await saveShippingChoice(trx, cart.id, {
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
      if (idempotencyKey !== undefined) {
        const earlier = await findOrderByKey(db, customerId, idempotencyKey);
        if (earlier) return String(earlier.id);
      }
      if (body.paymentMethod.method !== PAYMENT_METHOD_CODE) {
        throw new InvalidDataError(CHECKOUT_TEXT.paymentMethodNotAvailable);
      }
      const token = body.paymentMethod.additional_data?.token?.trim() ?? '';
      if (token === '') throw new InputValidationError({ card: [MSG.enterCard] });
      const saveCard = body.paymentMethod.additional_data?.cc_save ?? false;
      const member = await memberOf(customerId);
      const payer = payerOf(member);
      // Outside the transaction: what it records at the provider must survive a declined card.
      await payments.preparePayer(db, payer);

      let charged: Charge | undefined;
      try {
        const orderId = await db.transaction().execute(async (trx) => {
          const cart = await lockActiveCart(trx, customerId);
          if (!cart) {
            // A retry that waited on the lock while the first attempt placed the order: same answer.
            const recent = await latestOrder(
              trx,
              customerId,
              new Date(clock.now().getTime() - RETRY_WINDOW_MS),
            );
            if (recent) return recent.id;
            throw new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
          }
          const lines = await cartLines(trx, cart.id);
          if (lines.length === 0) throw new InvalidDataError(CHECKOUT_TEXT.cartEmpty);
          if (lines.some((line) => !line.enabled || line.parent_enabled === false))
            throw productNotAvailable();
          if (!cart.shipping_address) throw new InvalidDataError(MSG.completeShipping);

          const methods = await shippingMethodsFor(trx, isGiftcardOnly(lines));
          const method =
            cart.shipping_method_id === null
              ? chooseShippingMethod(methods) // [SHIP-01]
              : methods.find((candidate) => candidate.id === cart.shipping_method_id);
          if (!method) throw new InvalidDataError(CHECKOUT_TEXT.shippingNotAvailable);
          const billing = body.billingAddress
            ? await resolveAddress(trx, customerId, body.billingAddress)
            : (cart.billing_address ?? cart.shipping_address);

          // Row locks in product id order (cartLines sorts so), one conditional update each: two
          // orders never wait on each other in a circle, and stock never goes below zero.
          for (const line of lines) {
            if (!(await takeStock(trx, line.product_id, line.qty))) {
              throw (await stockOf(trx, line.product_id)) <= 0 ? productNotAvailable() : qtyNotAvailable();
            }
          }

          const subtotal = lines.reduce((sum, line) => sum + lineTotal(line.price_cents, line.qty), 0);
          const grandTotal = orderTotal(
            lines.map((line) => ({ priceCents: line.price_cents, qty: line.qty })),
            method.amount_cents,
          );
          const order = await insertOrder(
            trx,
            {
              customer_id: customerId,
              cart_id: cart.id,
              idempotency_key: idempotencyKey ?? null,
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
          );

          // Last, so that nothing we check can fail after the money is taken. A decline throws and
          // rolls everything above back.
          charged = await payments.charge(trx, {
            payer,
            amountCents: grandTotal,
            currency: CURRENCY,
            paymentMethod: token,
            saveCard,
            idempotencyKey: providerKey(cart, lines, method, token, saveCard),
            description: `Order ${order.increment_id}`,
            metadata: {
              order_increment_id: order.increment_id,
              cart_id: String(cart.id),
              customer_id: String(customerId),
            },
          });
          await recordPayment(trx, order.id, charged);
          await markCartOrdered(trx, cart.id);
          return order.id;
        });
        if (charged) invalidateCatalogueCache(); // stock changed: product pages show it at once
        return String(orderId);
      } catch (error) {
        if (charged) {
          // Charged, but the order did not commit: give the money back rather than keep it orderless.
          await payments.refund(db, charged.id).catch((refundError: unknown) => {
            throw new AggregateError(
              [error, refundError],
              `order not saved and refund of ${charged?.id} failed`,
            );
          });
        }
        if (idempotencyKey !== undefined && isUniqueViolation(error, 'orders_idempotency_key')) {
          const earlier = await findOrderByKey(db, customerId, idempotencyKey);
          if (earlier) return String(earlier.id);
        }
        throw error;
      }
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
          : await sellerName(db, /^\d{1,9}$/.test(ref) ? { id: Number(ref) } : { url: ref });
      const [first] = await orderItems(db, [order.id]);
      const shopName =
        affiliate ?? (first ? await sellerName(db, { id: first.seller_id }) : undefined) ?? storeName;
      return { order_id: order.increment_id, shop_name: shopName };
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
      return orderAnswer(row);
    },
  };
}

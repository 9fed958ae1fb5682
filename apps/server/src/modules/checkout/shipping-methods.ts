import type { AddressBody as AddressInputWire } from '@quokka/contract/api/address';
import type {
  IdShippingMethod as IdShippingMethodWire,
  ShippingInformationBody,
  ShippingInformationReply,
  ShippingMethod as ShippingMethodWire,
  Totals as TotalsWire,
} from '@quokka/contract/api/checkout';
import { centsToDollars, dollarsToCents, lineTotal, orderTotal } from '@quokka/contract/money';
import type { Db } from '../../db/database.ts';
import { InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { PAYMENT_METHOD_CODE } from '../../providers/payments/payments-provider.ts';
import { CART_TEXT, type CartLineRow, type CartRow, type CartService } from '../cart/cart-service.ts';
import type { CustomerService } from '../customer/customer-service.ts';
import { type ShippingMethodRow, shippingMethodsFor } from './checkout-repository.ts';
import { CHECKOUT_TEXT } from './checkout-text.ts';

// The shipping half of checkout (SPEC.md §4 Shipping method; §7 shipping estimates, methods and
// information): which methods a cart qualifies for, the one chosen, and the totals it makes. Placing the
// order (checkout-service.ts) and the gift card's quote (checkout-gift-card.ts) read the cart's method
// through `methodOf`, so the three agree on what shipping costs.

const CUSTOM_CARRIER = 'custom';

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

/**
 * [I30] The delivery a one-item order of this kind gets when nobody chooses: [SHIP-01] the cheapest method it
 * qualifies for, as placing an order from a cart with no method saved takes it (reply to buy quotes it).
 */
export async function defaultDelivery(db: Db, giftcardOnly: boolean): Promise<ShippingMethodRow> {
  return chooseShippingMethod(await shippingMethodsFor(db, giftcardOnly));
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

/** The shipping calls of the checkout service (CheckoutService). */
export interface ShippingMethodCalls {
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
}

export interface ShippingMethods extends ShippingMethodCalls {
  /** The method saved on the cart, or [SHIP-01] the cheapest the cart qualifies for. */
  methodOf(trx: Db, cart: CartRow, lines: CartLineRow[]): Promise<ShippingMethodRow>;
}

export interface ShippingMethodsDeps {
  db: Db;
  cart: Pick<CartService, 'findActive' | 'lockActive' | 'lines' | 'saveShippingChoice'>;
  customers: Pick<CustomerService, 'savedAddress' | 'resolveAddress'>;
}

export function createShippingMethods({ db, cart: carts, customers }: ShippingMethodsDeps): ShippingMethods {
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

  return {
    async methodOf(trx, cart, lines) {
      const methods = await shippingMethodsFor(trx, isGiftcardOnly(lines));
      const method =
        cart.shipping_method_id === null
          ? chooseShippingMethod(methods) // [SHIP-01]
          : methods.find((candidate) => candidate.id === cart.shipping_method_id);
      if (!method) throw new InvalidDataError(CHECKOUT_TEXT.shippingNotAvailable);
      return method;
    },

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
  };
}

// A stand-in for the server's cart and checkout calls, shaped like its replies (DECISIONS.md "Wire";
// apps/server/src/modules/cart and checkout): one member, one active cart, stock per sku, prices from the
// catalogue, and a log of every call in order. A test overrides any call with `answer(...)`.

import type { AddressSnapshot, AddressWire } from '@quokka/contract/api/address';
import type { AddItemRequest, CartItem, Quote } from '@quokka/contract/api/cart';
import type { Product } from '@quokka/contract/api/catalog';
import type {
  IdShippingMethod,
  SavedCard,
  ShippingInformationReply,
  ShippingMethod,
} from '@quokka/contract/api/checkout';
import type { Customer } from '@quokka/contract/api/customer';
import { OPTION_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { anAddress } from '../../../test/factories';
import { errorReply, jsonReply as json } from '../../../test/fake-replies';
import {
  aConfigurableProduct,
  aGiftCardProduct,
  aSeller,
  aSimpleProduct,
} from '../../catalog/test/catalog-factories';

// Screens load lazily; on a busy machine the first import can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

export const NS = '/rest/default/V1/storefront';
export const CARTS = '/rest/default/V1/carts/mine';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: ApiCall) => Response | undefined | Promise<Response | undefined>;

export { errorReply, jsonReply as json } from '../../../test/fake-replies';

/** The member's default address: customer_address_id 31, in Bondi. */
function oceanStreet(): AddressWire {
  return anAddress({
    id: 31,
    firstname: 'Ada',
    lastname: 'Banksia',
    street: ['5 Ocean St', 'Level 2'],
    city: 'Bondi',
    postcode: '2026',
    default_shipping: true,
    default_billing: true,
  });
}

function aShippingMethod(code: string, title: string, amount: number): ShippingMethod {
  return {
    carrier_code: 'flatrate',
    method_code: code,
    carrier_title: title,
    method_title: title,
    amount,
    base_amount: amount,
    price_excl_tax: amount,
    price_incl_tax: amount,
    available: true,
    error_message: '',
  };
}

export const SHIPPING_METHODS: ShippingMethod[] = [
  aShippingMethod('express', 'Express', 14.95),
  aShippingMethod('standard', 'Standard', 9.95),
];

/** [SHIP-02] The same methods in the id-based form of `{ns}/shippingmethods`. */
export const ID_SHIPPING_METHODS: IdShippingMethod[] = SHIPPING_METHODS.map((method, index) => ({
  ...method,
  id: index + 1,
  carrier_code: 'custom',
  method_code: String(index + 1),
  price: method.amount,
}));

/** The address a cart keeps as its billing address. */
function snapshotOf(address: AddressWire): AddressSnapshot {
  const {
    id,
    customer_id: _customer,
    default_billing,
    default_shipping,
    save_in_address_book,
    ...rest
  } = address;
  return {
    ...rest,
    ...(id === undefined ? {} : { customer_address_id: id }),
    region: address.region ?? { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
    region_id: address.region_id ?? 570,
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

export interface FakeShopOptions {
  products?: Product[];
  addresses?: AddressWire[];
  savedCards?: SavedCard[];
  /** Whether the member already has an active cart (clearcart answers 404 without one). */
  hasCart?: boolean;
}

/** Installs the fake as `fetch`. */
export function fakeShopApi(options: FakeShopOptions = {}) {
  const products = options.products ?? [aSimpleProduct(), aConfigurableProduct(), aGiftCardProduct()];
  const stock = new Map<string, number>();
  for (const product of products) {
    stock.set(product.sku, product.qty);
    for (const child of product.configurable_products) stock.set(child.sku, child.qty);
  }
  const state = {
    cartId: options.hasCart === false ? null : (77 as number | null),
    nextCartId: 78,
    nextItemId: 601,
    lines: [] as CartItem[],
    addresses: options.addresses ?? [oceanStreet()],
    savedCards: options.savedCards ?? [],
    orders: [] as string[],
  };
  const calls: ApiCall[] = [];
  const overrides: { method: string; path: string; handler: Handler }[] = [];

  function findSku(sku: string, chosen: { option_id: number | string; option_value: number | string }[]) {
    for (const product of products) {
      if (product.sku === sku) {
        if (product.configurable_products.length === 0)
          return { product, id: product.id, sku, price: product.price, name: product.name };
        const child = product.configurable_products.find((entry) =>
          chosen.every((option) => {
            const code = (Object.keys(OPTION_ID) as (keyof typeof OPTION_ID)[]).find(
              (key) => OPTION_ID[key] === Number(option.option_id),
            );
            return code !== undefined && String(entry.options[code]) === String(option.option_value);
          }),
        );
        return child ? { product, id: child.id, sku: child.sku, price: child.price, name: child.name } : null;
      }
      const child = product.configurable_products.find((entry) => entry.sku === sku);
      if (child) return { product, id: child.id, sku: child.sku, price: child.price, name: child.name };
    }
    return null;
  }

  function customer(): Customer {
    const defaultShipping = state.addresses.find((address) => address.default_shipping)?.id?.toString();
    return {
      id: 7,
      email: 'ada@example.com',
      firstname: 'Ada',
      lastname: 'Banksia',
      fullname: 'Ada Banksia',
      mobile: '+61412345678',
      store_id: 19,
      website_id: 1,
      ...(defaultShipping === undefined ? {} : { default_shipping: defaultShipping }),
      addresses: state.addresses,
      custom_attributes: [{ attribute_code: 'mobile', value: '+61412345678' }],
    };
  }

  function quote(): Quote {
    const { custom_attributes: _mobile, ...member } = customer();
    const first = state.addresses[0];
    return {
      id: state.cartId ?? 0,
      is_active: true,
      items_count: state.lines.length,
      items_qty: state.lines.reduce((sum, line) => sum + line.qty, 0),
      items: state.lines,
      customer: member,
      billing_address: first ? snapshotOf(first) : null,
      currency: { quote_currency_code: 'AUD', base_currency_code: 'AUD' },
    };
  }

  function withQtyOf(line: CartItem, qty: number): CartItem {
    return {
      ...line,
      qty,
      extension_attributes: { ...line.extension_attributes, row_total: cents(line.price * qty) / 100 },
    };
  }

  function shippingInformation(): ShippingInformationReply {
    const subtotal = state.lines.reduce((sum, line) => sum + cents(line.price * line.qty), 0) / 100;
    const shipping = SHIPPING_METHODS[1]?.amount ?? 0;
    const total = (cents(subtotal) + cents(shipping)) / 100;
    return {
      payment_methods: [{ code: 'stripe_payments', title: 'Credit or debit card' }],
      totals: {
        grand_total: total,
        base_grand_total: total,
        subtotal,
        base_subtotal: subtotal,
        shipping_amount: shipping,
        base_shipping_amount: shipping,
        items_qty: state.lines.reduce((sum, line) => sum + line.qty, 0),
        quote_currency_code: 'AUD',
        items: state.lines.map((line) => ({
          item_id: line.item_id,
          name: line.name,
          price: line.price,
          qty: line.qty,
          row_total: cents(line.price * line.qty) / 100,
        })),
      },
    };
  }

  function route(call: ApiCall): Response {
    const { method, path } = call;
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === CARTS) {
      if (state.cartId === null) state.cartId = state.nextCartId++;
      return json(state.cartId);
    }
    if (method === 'GET' && path === CARTS) {
      if (state.cartId === null) state.cartId = state.nextCartId++;
      return json(quote());
    }
    if (method === 'GET' && path === `${CARTS}/items`) return json(state.lines);
    if (method === 'POST' && path === `${CARTS}/items`) {
      const sent = body.cartItem as AddItemRequest['cartItem'];
      const item = { ...sent, qty: Number(sent.qty) };
      const chosen = item.product_option?.extension_attributes?.configurable_item_options ?? [];
      const found = findSku(item.sku, chosen);
      const left = found ? (stock.get(found.sku) ?? 0) : 0;
      if (!found || left <= 0) return errorReply('PRODUCT_NOT_AVAILABLE', MSG.productNotAvailable);
      const existing = state.lines.find((line) => line.sku === found.sku);
      if ((existing?.qty ?? 0) + item.qty > left) return errorReply('QTY_NOT_AVAILABLE', MSG.qtyNotAvailable);
      if (state.cartId === null) state.cartId = state.nextCartId++;
      const configurable = found.sku !== found.product.sku;
      const line: CartItem = existing
        ? withQtyOf(existing, existing.qty + item.qty)
        : {
            item_id: state.nextItemId++,
            sku: found.sku,
            qty: item.qty,
            name: found.name,
            price: found.price,
            product_type: configurable ? 'configurable' : 'simple',
            quote_id: String(state.cartId),
            // The server names the options as Magento does: option ids as strings.
            ...(configurable
              ? {
                  product_option: {
                    extension_attributes: {
                      configurable_item_options: chosen.map((option) => ({
                        option_id: String(option.option_id),
                        option_value: Number(option.option_value),
                      })),
                    },
                  },
                }
              : {}),
            extension_attributes: {
              product_id: found.product.id,
              child_product_id: found.id,
              row_total: cents(found.price * item.qty) / 100,
              image: found.product.image,
              is_giftcard: found.product.is_giftcard,
              seller_id: found.product.seller.id,
              seller_url: found.product.seller.seller_url,
              product_seller_image: found.product.seller.image,
            },
          };
      state.lines = existing
        ? state.lines.map((entry) => (entry === existing ? line : entry))
        : [...state.lines, line];
      return json(line);
    }
    const itemMatch = path.match(/^\/rest\/default\/V1\/carts\/mine\/items\/(\d+)$/);
    if (itemMatch) {
      const line = state.lines.find((entry) => entry.item_id === Number(itemMatch[1]));
      if (!line) return errorReply('NOT_FOUND', 'The cart item does not exist.');
      if (method === 'DELETE') {
        state.lines = state.lines.filter((entry) => entry !== line);
        return json(true);
      }
      if (method === 'PUT') {
        const qty = Number((body.cartItem as { qty: number }).qty);
        if (qty > (stock.get(line.sku) ?? 0)) return errorReply('QTY_NOT_AVAILABLE', MSG.qtyNotAvailable);
        const updated = withQtyOf(line, qty);
        state.lines = state.lines.map((entry) => (entry === line ? updated : entry));
        return json(updated);
      }
    }
    if (method === 'POST' && path === `${NS}/clearcart`) {
      if (state.cartId === null) return errorReply('CART_NOT_FOUND', 'The customer has no active cart.');
      state.lines = [];
      return json({ status: true });
    }
    if (method === 'GET' && path === `${NS}/shippingmethods`)
      return json({ status: true, data: ID_SHIPPING_METHODS });
    if (method === 'POST' && path.startsWith(`${CARTS}/estimate-shipping-methods`))
      return json(SHIPPING_METHODS);
    if (method === 'POST' && path === '/rest/au/V1/carts/mine/shipping-information') {
      return json(shippingInformation());
    }
    if (method === 'POST' && path === `${CARTS}/payment-information`) {
      const token = (body.paymentMethod as { additional_data?: { token?: string } }).additional_data?.token;
      if (token === 'pm_card_chargeDeclined')
        return errorReply('PAYMENT_DECLINED', 'Your card was declined.');
      const orderId = String(100 + state.orders.length);
      state.orders.push(orderId);
      state.lines = [];
      state.cartId = null;
      return json(orderId);
    }
    if (method === 'GET' && path === `${NS}/savedcards`)
      return json({ status: true, data: state.savedCards });
    if (method === 'GET' && path === `${NS}/checkoutsuccess`) {
      if (state.orders.length === 0) return errorReply('NOT_FOUND', 'There is no order to show yet.');
      return json({
        status: true,
        data: { order_id: `000000${state.orders.at(-1)}`, shop_name: aSeller().name },
      });
    }
    if (method === 'GET' && path === `${NS}/seller`) {
      const product = products.find((entry) => String(entry.id) === call.query.get('product_id'));
      return product
        ? json({ status: true, seller: product.seller })
        : errorReply('NOT_FOUND', 'No such product');
    }
    if (method === 'GET' && path === `${NS}/product`) {
      const product = products.find((entry) => String(entry.id) === call.query.get('product_id'));
      return json(product ?? { status: false, not_exists: true });
    }
    if (method === 'PUT' && path === '/rest/default/V1/customers/me') {
      const sent = body.customer as { addresses: AddressWire[] };
      state.addresses = sent.addresses.map(({ save_in_address_book: _save, ...address }, index) => ({
        ...address,
        id: address.id ?? 900 + index,
      }));
      return json(customer());
    }
    if (method === 'GET' && path === `${NS}/places`) return json({ data: [] });
    if (method === 'GET' && path === `${NS}/categories`) return json([]);
    return errorReply('NOT_FOUND', `No route for ${method} ${path}`);
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
    };
    calls.push(call);
    for (const override of overrides) {
      if (override.method === call.method && override.path === call.path) {
        const reply = await override.handler(call);
        if (reply) return reply;
      }
    }
    return route(call);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    state,
    calls,
    /** Answers `method path` with the handler (undefined from it: the fake's own answer). */
    answer(method: string, path: string, handler: Handler) {
      overrides.unshift({ method, path, handler });
    },
    /** "METHOD path" of every call so far, e.g. 'POST /rest/default/V1/carts/mine/items'. */
    log(filter: (call: ApiCall) => boolean = () => true): string[] {
      return calls.filter(filter).map((call) => `${call.method} ${call.path}`);
    },
  };
}

export type FakeShopApi = ReturnType<typeof fakeShopApi>;

/** Only the calls of the cart and checkout, not the catalogue's or the shell's. */
export function isCartOrCheckoutCall(call: ApiCall): boolean {
  return !/\/(product|seller|categories|places)$/.test(call.path);
}

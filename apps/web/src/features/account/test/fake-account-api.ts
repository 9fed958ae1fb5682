// A stand-in for the server at the network boundary (fetch), answering the account calls the way the
// real server does (DECISIONS.md "Wire": Magento's shapes, 404 for what is not the member's), keeping
// the member's address book and defaults as state, and recording every request.

import type { AddressSnapshot, AddressWire } from '@quokka/contract/api/address';
import type { CartCustomer, Quote } from '@quokka/contract/api/cart';
import type { SavedCard } from '@quokka/contract/api/checkout';
import type { Customer, Order, OrderItem } from '@quokka/contract/api/customer';
import type { Place } from '@quokka/contract/api/places';
import { vi } from 'vitest';
import { anAddress } from '../../../test/factories';
import { errorBody, errorReply } from '../../../test/fake-replies';

const NS = '/rest/default/V1/storefront';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The Authorization header the request carried. */
  authorization: string | null;
}

export interface Reply {
  status: number;
  body: unknown;
}

export function aCustomer(overrides: Partial<CartCustomer> = {}): CartCustomer {
  return {
    id: 7,
    email: 'jane@example.com',
    firstname: 'Jane',
    lastname: 'Citizen',
    fullname: 'Jane Citizen',
    mobile: '+61412345678',
    store_id: 19,
    website_id: 1,
    default_billing: '11',
    default_shipping: '12',
    addresses: [
      anAddress({ id: 11 }),
      anAddress({
        id: 12,
        street: ['12 Swan St', 'Unit 4'],
        city: 'Richmond',
        postcode: '3121',
        region: { region: 'Victoria', region_code: 'VIC', region_id: 571 },
        region_id: 571,
      }),
      anAddress({
        id: 13,
        firstname: 'Sam',
        lastname: 'Walker',
        telephone: '+61498765432',
        street: ['7 Ocean Rd'],
        city: 'Bondi',
        postcode: '2026',
      }),
    ],
    ...overrides,
  };
}

/** An address as an order keeps it: the saved address's id as customer_address_id. */
export function aSnapshot(id: number, overrides: Partial<AddressWire> = {}): AddressSnapshot {
  const {
    id: _id,
    customer_id: _customer,
    region,
    region_id,
    default_billing,
    default_shipping,
    ...rest
  } = anAddress({ ...overrides, id });
  return {
    ...rest,
    customer_address_id: id,
    region: region ?? { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
    region_id: region_id ?? 570,
  };
}

export function anOrderItem(overrides: Partial<OrderItem> & Pick<OrderItem, 'item_id'>): OrderItem {
  const price = overrides.price ?? 19.95;
  const qty = overrides.qty ?? 1;
  const total = Math.round(price * qty * 100) / 100;
  return {
    product_id: 14,
    sku: 'HB-MUG',
    name: 'Harbour Mug',
    price,
    qty,
    total,
    row_total: total,
    seller_id: 2,
    is_giftcard: false,
    ...overrides,
  };
}

export function anOrder(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    increment_id: String(100 + id).padStart(9, '0'),
    customer_name: 'Jane Citizen',
    status: 'paid',
    created_at: '2025-03-14T02:30:00.000Z',
    grand_total: 47.4,
    subtotal: 39.85,
    shipping_amount: 7.5,
    shipping_description: 'Standard',
    shipping_address: aSnapshot(12, { street: ['12 Swan St'], city: 'Richmond', postcode: '3121' }),
    billing_address: aSnapshot(11),
    payment: { brand: 'visa', last4: '4242' },
    items: [
      anOrderItem({ item_id: id * 10 + 1, name: 'Harbour Mug', price: 19.95, qty: 1 }),
      anOrderItem({
        item_id: id * 10 + 2,
        product_id: 15,
        sku: 'BB-BOWL',
        name: 'Bush Bowl',
        price: 9.95,
        qty: 2,
      }),
    ],
    ...overrides,
  };
}

export interface FakeAccountApiOptions {
  customer?: CartCustomer;
  orders?: Order[];
  savedCards?: SavedCard[];
  places?: Place[];
  /** Replaces the answer to PUT customers/me (e.g. a 400 with input_validation). */
  putCustomer?: (body: Record<string, unknown>) => Reply | undefined;
  /** Every call answers 401: the token has expired on the server. */
  expired?: boolean;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function stubAccountApi(options: FakeAccountApiOptions = {}) {
  const requests: RecordedRequest[] = [];
  const state = {
    customer: structuredClone(options.customer ?? aCustomer()),
    orders: options.orders ?? [anOrder(2), anOrder(1, { grand_total: 27.45, items: [] })],
    savedCards: options.savedCards ?? [],
  };
  let nextId = 100;

  function putCustomer(body: Record<string, unknown>): Reply {
    const custom = options.putCustomer?.(body);
    if (custom) return custom;
    const customer = (body.customer ?? {}) as { addresses?: AddressWire[] };
    const own = new Set(state.customer.addresses.map((address) => address.id));
    const list = customer.addresses ?? state.customer.addresses;
    if (list.some((address) => address.id !== undefined && !own.has(address.id)))
      return { status: 404, body: errorBody('NOT_FOUND', 'The address does not exist.') };
    const addresses = list.map((address) => {
      const id = address.id ?? nextId++;
      if (address.default_shipping && address.id === undefined) state.customer.default_shipping = String(id);
      if (address.default_billing && address.id === undefined) state.customer.default_billing = String(id);
      return { ...address, id, customer_id: state.customer.id };
    });
    state.customer.addresses = addresses;
    const reply: Customer = {
      ...state.customer,
      custom_attributes: [{ attribute_code: 'mobile', value: state.customer.mobile }],
    };
    return { status: 200, body: reply };
  }

  function quote(): Quote {
    return {
      id: 55,
      is_active: true,
      items_count: 0,
      items_qty: 0,
      items: [],
      customer: state.customer,
      billing_address: null,
      currency: { quote_currency_code: 'AUD', base_currency_code: 'AUD' },
    };
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const authorization = new Headers(init?.headers).get('Authorization');
    requests.push({ method, path: url.pathname, query: url.searchParams, body, authorization });
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (options.expired)
      return errorReply('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');

    switch (`${method} ${url.pathname}`) {
      case 'GET /rest/default/V1/carts/mine':
        return json(200, quote());
      case 'PUT /rest/default/V1/customers/me': {
        const reply = putCustomer(fields);
        return json(reply.status, reply.body);
      }
      case `POST ${NS}/setdefaultbilling`:
      case `POST ${NS}/setdefaultshipping`: {
        const id = Number(fields.address_id);
        if (!state.customer.addresses.some((address) => address.id === id))
          return errorReply('NOT_FOUND', 'The address does not exist.');
        if (url.pathname.endsWith('billing')) state.customer.default_billing = String(id);
        else state.customer.default_shipping = String(id);
        return json(200, { status: true });
      }
      case `GET ${NS}/orders`:
        return json(200, { status: true, data: state.orders });
      case `GET ${NS}/order`: {
        const order = state.orders.find((entry) => String(entry.id) === url.searchParams.get('order_id'));
        return order
          ? json(200, { status: true, data: order })
          : errorReply('NOT_FOUND', 'The order does not exist.');
      }
      case `POST ${NS}/signouteverywhere`:
        return json(200, { status: true });
      case `GET ${NS}/savedcards`:
        return json(200, { status: true, data: state.savedCards });
      case `GET ${NS}/places`:
        return json(200, { data: options.places ?? [] });
      default:
        return errorReply('NOT_FOUND', `No route for ${method} ${url.pathname}`);
    }
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    state,
    /** The requests to one path (and method). */
    calls: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
  };
}

export const PATHS = {
  cart: '/rest/default/V1/carts/mine',
  customersMe: '/rest/default/V1/customers/me',
  setDefaultBilling: `${NS}/setdefaultbilling`,
  setDefaultShipping: `${NS}/setdefaultshipping`,
  orders: `${NS}/orders`,
  order: `${NS}/order`,
  savedCards: `${NS}/savedcards`,
} as const;

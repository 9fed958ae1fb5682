import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { issueCustomerToken } from '../modules/auth/token-service.ts';
import { aMember, type MemberOverrides } from './customer-factory.ts';

// Small builders for cart and checkout tests: a signed-in member (straight into the database, with a
// real bearer token), and the calls the web app makes, through app.inject.

export const REST = '/rest/default/V1';
export const REST_AU = '/rest/au/V1';
export const NS = `${REST}/storefront`;

export interface Shopper {
  id: number;
  addressId: number;
  mobile: string;
  email: string;
  token: string;
  headers: Record<string, string>;
  /** The address the shopper's requests come from (app.inject's default when absent). */
  remoteAddress?: string;
}

/** A registered member with a default address and a live bearer token. */
export async function aShopper(
  t: { db: Db; clock: Clock },
  overrides: MemberOverrides = {},
): Promise<Shopper> {
  const member = await aMember(t.db, overrides);
  const token = await issueCustomerToken(t.db, member.id, t.clock);
  return { ...member, token, headers: { authorization: `Bearer ${token}` } };
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { headers?: Record<string, string>; payload?: unknown; remoteAddress?: string } = {},
): Promise<Reply<T>> {
  const reply = await app.inject({
    method,
    url,
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
  return {
    status: reply.statusCode,
    body: (reply.body ? reply.json() : undefined) as T,
    headers: reply.headers,
  };
}

export interface ConfigurableChoice {
  option_id: number | string;
  option_value: number | string;
}

/** The cartItem of POST carts/mine/items, as the web app sends it. */
export function aCartItem(sku: string, qty = 1, options: ConfigurableChoice[] = [], extra: object = {}) {
  return {
    cartItem: {
      sku,
      qty,
      quote_id: '0',
      ...(options.length > 0
        ? { product_option: { extension_attributes: { configurable_item_options: options } } }
        : {}),
      ...extra,
    },
  };
}

export function addToCart(
  app: FastifyInstance,
  shopper: Shopper,
  sku: string,
  qty = 1,
  options: ConfigurableChoice[] = [],
) {
  return call<{ item_id: number; message?: string }>(app, 'POST', `${REST}/carts/mine/items`, {
    headers: shopper.headers,
    remoteAddress: shopper.remoteAddress,
    payload: aCartItem(sku, qty, options),
  });
}

/** shipping-information with the member's default address, and a method unless left to the server. */
export function saveShipping(
  app: FastifyInstance,
  shopper: Shopper,
  method: { carrier?: string; code?: string | number; amount?: number } = {},
) {
  return call(app, 'POST', `${REST_AU}/carts/mine/shipping-information`, {
    headers: shopper.headers,
    remoteAddress: shopper.remoteAddress,
    payload: {
      addressInformation: {
        shipping_address: { customer_address_id: shopper.addressId },
        billing_address: { customer_address_id: shopper.addressId },
        ...(method.carrier !== undefined ? { shipping_carrier_code: method.carrier } : {}),
        ...(method.code !== undefined ? { shipping_method_code: method.code } : {}),
        ...(method.amount !== undefined ? { shipping_amount: method.amount } : {}),
      },
    },
  });
}

/** payment-information as the web app sends it after shipping-information. */
export function placeOrder(
  app: FastifyInstance,
  shopper: Shopper,
  token = 'pm_card_visa',
  options: { save?: boolean; idempotencyKey?: string } = {},
) {
  return call<string | { message: string }>(app, 'POST', `${REST}/carts/mine/payment-information`, {
    headers: {
      ...shopper.headers,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    remoteAddress: shopper.remoteAddress,
    payload: {
      billingAddress: { customer_address_id: shopper.addressId },
      paymentMethod: {
        method: 'stripe_payments',
        additional_data: { cc_save: options.save ?? false, token },
      },
    },
  });
}

/** Stock of a product by sku, read straight from the catalogue table. */
export async function stockOf(db: Db, sku: string): Promise<number> {
  const row = await db.selectFrom('products').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow();
  return row.qty;
}

export async function setStock(db: Db, sku: string, qty: number): Promise<void> {
  await db.updateTable('products').set({ qty }).where('sku', '=', sku).execute();
}

/** The option value id of a colour, size or gift card price title, as the product page sends it. */
export async function optionValueId(
  db: Db,
  attribute: 'color' | 'size' | 'gift_card_price',
  title: string,
): Promise<number> {
  const row = await db
    .selectFrom('option_values')
    .select('id')
    .where('attribute_code', '=', attribute)
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

// The cart as kept in the browser (SPEC.md §3 Cart item) [DATA-20..23, CART-01]: how a line is made from
// the product and the server's reply, merged, changed and totalled. Pure functions; app-state stores them.

import type { CartItem } from '@quokka/contract/api/cart';
import type { AttributeCode } from '@quokka/contract/api/catalog';
import { CART_MIN_QTY, OPTION_ID } from '@quokka/contract/constants';
import { type Cents, dollarsToCents, lineTotal, orderTotal } from '@quokka/contract/money';
import type { StoredCartItem, StoredConfigurableOption } from '../../lib/storage';
import type { CartItemRequest } from './api/add-cart-item';

/** What a line needs to know of its product (a list tile or the product page's product). */
export interface CartProductInfo {
  id: number;
  name: string;
  sku: string;
  type_id: 'simple' | 'configurable';
  is_giftcard: boolean;
  short_desc: string;
  image: string;
  images: readonly string[];
  product_seller_image: string;
  seller_url?: string;
  seller_id?: number;
}

/** One chosen option of a configurable product. */
export interface LineOption {
  attribute_code: AttributeCode;
  option_id: number;
  option_value: number;
  /** The choice's title: 'Red', 'M', '$50'. */
  option_title: string;
  /** The option's label: 'Colour', 'Size', 'Gift Card Price'. */
  option_label: string;
}

/** One option as the line's `options` map keeps it [DATA-23]. */
export interface StoredLineOption {
  option_id: number;
  option_value: number;
  option_title: string;
  option_label: string;
}

/** [API-22] The cartItem sent to the server: sku, qty and the chosen options; never a price. */
export function cartItemRequest(sku: string, qty: number, options: readonly LineOption[]): CartItemRequest {
  const request: CartItemRequest = { sku, qty };
  if (options.length > 0) {
    request.product_option = {
      extension_attributes: {
        configurable_item_options: options.map((option) => ({
          option_id: option.option_id,
          option_value: option.option_value,
        })),
      },
    };
  }
  return request;
}

/** [DATA-20..23] The stored line for a product the server has just put in the cart. */
export function storedLine(
  product: CartProductInfo,
  reply: CartItem,
  request: CartItemRequest,
  options: readonly LineOption[],
): StoredCartItem {
  const configurableOptions: StoredConfigurableOption[] = options.map((option) => ({
    option_id: option.option_id,
    option_value: option.option_value,
    option_label: option.option_label,
    option_title: option.option_title,
    value_index: option.option_value,
  }));
  const keyed: Partial<Record<AttributeCode, StoredLineOption>> = {};
  for (const option of options) {
    keyed[option.attribute_code] = {
      option_id: option.option_id,
      option_value: option.option_value,
      option_title: option.option_title,
      option_label: option.option_label,
    };
  }
  const extension = reply.extension_attributes ?? {};
  const images = product.images.length > 0 ? [...product.images] : product.image ? [product.image] : [];
  return {
    id: extension.product_id ?? product.id,
    name: product.name,
    sku: reply.sku,
    qty: reply.qty,
    images,
    price: reply.price,
    product_type: reply.product_type === 'configurable' ? 'configurable' : 'simple', // [DATA-21]
    quote_id: reply.quote_id,
    item_id: reply.item_id,
    short_desc: product.short_desc,
    is_giftcard: Boolean(extension.is_giftcard ?? product.is_giftcard),
    type_id: product.type_id,
    // What the server was asked for, so checkout can rebuild the server cart from it [CART-06].
    cart_item: { sku: request.sku, qty: reply.qty, product_option: request.product_option ?? null },
    product_seller_image: extension.product_seller_image || product.product_seller_image,
    ...(configurableOptions.length > 0
      ? { product_option: { extension_attributes: { configurable_item_options: configurableOptions } } }
      : {}),
    options: keyed,
    seller_id: extension.seller_id ?? product.seller_id ?? null,
    seller_url: extension.seller_url ?? product.seller_url ?? null,
    image: extension.image || images[0] || '',
  };
}

/** A key that tells lines apart: the server's item id, else the product and sku. */
export function lineKey(item: StoredCartItem): string {
  return item.item_id !== undefined && item.item_id !== null
    ? `item:${item.item_id}`
    : `product:${item.id}:${item.sku ?? ''}`;
}

/**
 * Adds a line, or replaces the one with the same item id: the server keeps one line per product, so
 * adding a product again answers the same line with the new total quantity.
 */
export function upsertLine(items: readonly StoredCartItem[], line: StoredCartItem): StoredCartItem[] {
  const key = lineKey(line);
  const index = items.findIndex((item) => lineKey(item) === key);
  if (index < 0) return [...items, line];
  return items.map((item, at) => (at === index ? line : item));
}

export function replaceLine(
  items: readonly StoredCartItem[],
  old: StoredCartItem,
  line: StoredCartItem,
): StoredCartItem[] {
  const oldKey = lineKey(old);
  const without = items.filter((item) => lineKey(item) !== lineKey(line) || lineKey(item) === oldKey);
  return without.map((item) => (lineKey(item) === oldKey ? line : item));
}

/** [CONST-11] A cart quantity is a whole number of at least 1. */
export function cartQty(qty: number): number {
  return Number.isFinite(qty) ? Math.max(CART_MIN_QTY, Math.floor(qty)) : CART_MIN_QTY;
}

export function withQty(items: readonly StoredCartItem[], key: string, qty: number): StoredCartItem[] {
  return items.map((item) => {
    if (lineKey(item) !== key) return item;
    const next = cartQty(qty);
    const cartItem = typeof item.cart_item === 'object' && item.cart_item !== null ? item.cart_item : {};
    return { ...item, qty: next, cart_item: { ...cartItem, qty: next } };
  });
}

export function withoutLine(items: readonly StoredCartItem[], key: string): StoredCartItem[] {
  return items.filter((item) => lineKey(item) !== key);
}

export function findLine(items: readonly StoredCartItem[], key: string): StoredCartItem | undefined {
  return items.find((item) => lineKey(item) === key);
}

export function linePriceCents(item: StoredCartItem): Cents {
  const price = Number(item.price);
  return Number.isFinite(price) ? dollarsToCents(price) : 0;
}

/** [CONST-12] price × qty. */
export function lineTotalCents(item: StoredCartItem): Cents {
  return lineTotal(linePriceCents(item), cartQty(Number(item.qty)));
}

/** [CONST-13] The lines plus the shipping amount (0 while it is unknown). */
export function cartTotalCents(items: readonly StoredCartItem[], shippingCents: Cents = 0): Cents {
  return orderTotal(
    items.map((item) => ({ priceCents: linePriceCents(item), qty: cartQty(Number(item.qty)) })),
    shippingCents,
  );
}

function isStoredOption(value: unknown): value is StoredLineOption {
  return typeof value === 'object' && value !== null && 'option_value' in value;
}

/** The chosen options in product page order, e.g. ['Red', 'M']. */
export function lineOptionTitles(item: StoredCartItem): string[] {
  const options = item.options ?? {};
  return (['color', 'size', 'gift_card_price'] as const).flatMap((code) => {
    const option = options[code];
    return isStoredOption(option) && option.option_title ? [option.option_title] : [];
  });
}

/** The selection the product page starts from when editing this line (its option value ids). */
export function lineSelection(item: StoredCartItem): Partial<Record<AttributeCode, number>> {
  const options = item.options ?? {};
  const selection: Partial<Record<AttributeCode, number>> = {};
  for (const code of Object.keys(OPTION_ID) as AttributeCode[]) {
    const option = options[code];
    if (isStoredOption(option)) selection[code] = Number(option.option_value);
  }
  return selection;
}

export function lineImage(item: StoredCartItem): string {
  if (typeof item.image === 'string' && item.image !== '') return item.image;
  return Array.isArray(item.images) && typeof item.images[0] === 'string' ? item.images[0] : '';
}

/** Changes the header count and the totals follow: a string that changes with the cart's content. */
export function cartSignature(items: readonly StoredCartItem[]): string {
  return items.map((item) => `${item.sku ?? item.id}x${item.qty}`).join(',');
}

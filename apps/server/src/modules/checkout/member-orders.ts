import { ORDER_STATUS_LABELS, type Order as OrderWire } from '@quokka/contract/api/customer';
import { centsToDollars } from '@quokka/contract/money';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { CatalogService } from '../catalog/catalog-service.ts';
import { shopperShipments } from '../orders/shopper-order-status.ts';
import {
  findMemberOrder,
  latestOrder,
  memberOrders,
  type OrderItemRow,
  type OrderRow,
  orderItems,
} from './checkout-repository.ts';
import { CHECKOUT_TEXT } from './checkout-text.ts';

// The member's orders as the shopper reads them (SPEC.md §7 checkout success; DATA-41 the account's
// orders): the success page's order and shop name, the list and one order with its shipments. Reads
// only: an order is written by placeOrder (checkout-service.ts) and, after review, through the order's
// records (order-records.ts).

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

/** The member's order reads of the checkout service (CheckoutService). */
export interface MemberOrders {
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

export interface MemberOrdersDeps {
  db: Db;
  storeName: string;
  catalog: Pick<CatalogService, 'sellerName'>;
}

export function createMemberOrders({ db, storeName, catalog }: MemberOrdersDeps): MemberOrders {
  async function orderAnswer(order: OrderRow): Promise<OrderWire> {
    return orderWire(order, await orderItems(db, [order.id]));
  }

  return {
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

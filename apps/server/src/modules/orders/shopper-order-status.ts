import type { OrderShipment } from '@quokka/contract/api/customer';
import type { Db } from '../../db/database.ts';

// [I15-shopper-status] What the shopper's order page (GET {ns}/order) shows of the back office's work:
// each seller's shipment with its carrier and tracking page. The status words are the contract's
// ORDER_STATUS_LABELS. Seller names come through the catalogue's service (it owns the sellers table).

export async function shopperShipments(
  db: Db,
  orderId: number,
  sellerName: (ref: { id: number }) => Promise<string | undefined>,
): Promise<OrderShipment[]> {
  const rows = await db
    .selectFrom('order_shipments')
    .select(['seller_id', 'carrier', 'tracking_number', 'tracking_url', 'shipped_at'])
    .where('order_id', '=', orderId)
    .orderBy('shipped_at')
    .orderBy('id')
    .execute();
  const names = new Map<number, string>();
  for (const row of rows)
    if (!names.has(row.seller_id)) names.set(row.seller_id, (await sellerName({ id: row.seller_id })) ?? '');
  return rows.map((row) => ({
    seller_name: names.get(row.seller_id) ?? '',
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: row.tracking_url,
    shipped_at: row.shipped_at.toISOString(),
  }));
}

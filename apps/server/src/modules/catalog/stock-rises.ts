import type { Db } from '../../db/database.ts';

// [I31] Stock that comes back (docs/automations.md "Back in stock"). Every path that raises a sellable
// item's stock — a back-office edit (product-editing.ts), a catalogue import (catalog-importer.ts) and a
// refund, cancel or refusal that restocks (Inventory.giveBack, catalog-service.ts) — tells the watcher
// inside its own transaction, under the item's row lock, so the shoppers waiting for the item are picked
// exactly once with the stock they were picked for, and never when the transaction rolls back.
// The catalogue does not know who waits: the watcher is handed in by the composition root (services.ts),
// because the campaigns module that owns the alerts already depends on the catalogue.

export interface StockRise {
  /** The sellable item: a simple product or one child of a configurable product. */
  productId: number;
  before: number;
  after: number;
}

export interface StockWatch {
  /**
   * The items someone waits for, among all of them (a bulk write reads their stock before and after);
   * read inside the writing transaction.
   */
  waitedFor(trx: Db): Promise<number[]>;
  /** Stock rose in `trx` (only rises are passed). */
  rose(trx: Db, rises: readonly StockRise[]): Promise<void>;
}

/** Nobody waits (a bare catalogue: demo seeding, tests of the catalogue alone). */
export const NO_STOCK_WATCH: StockWatch = {
  waitedFor: async () => [],
  rose: async () => {},
};

/** The rises among before/after figures, in product id order (the order row locks are taken in). */
export function risesOf(
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
): StockRise[] {
  const rises: StockRise[] = [];
  for (const [productId, was] of before) {
    const now = after.get(productId);
    if (now !== undefined && now > was) rises.push({ productId, before: was, after: now });
  }
  return rises.sort((a, b) => a.productId - b.productId);
}

/**
 * The stock of these items now, in `trx`; with `lock`, under their row locks (in id order, as checkout
 * takes them), so no order takes stock between the figure read here and the write that follows.
 */
export async function stockFigures(
  trx: Db,
  ids: readonly number[],
  lock = false,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  let query = trx
    .selectFrom('products')
    .select(['id', 'qty'])
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (lock) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row.qty]));
}

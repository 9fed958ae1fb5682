import type { AdminSeller } from '@quokka/contract/api/sellers';
import type { Db } from '../../db/database.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { invalidateCatalogueCache } from './catalog-cache.ts';
import { notifyCatalogueChanged } from './catalog-notifications.ts';

// [I32] Suspending a seller and lifting it (docs/sellers.md): the catalogue's side. One transaction writes
// the suspension on the seller (when, why, by whom) and products.seller_active on EVERY product of the
// seller, children too: the storefront's catalogue, cart, checkout and reply-to-buy read products.listed
// (enabled and approved and seller_active, migration 0029), so the seller's products leave them with it.
// Lifting sets seller_active back and leaves the seller's own switches (enabled) as they are.
//
// At once in every process: the change updates every product row (a new row version, so every stored
// document of those products stops matching its signature, catalogue-documents.ts) and the sellers row
// (which moves the catalogue epoch on as the transaction commits, migration 0017), and sends NOTIFY 'all'
// in the transaction (catalog-notifications.ts): every listening process drops its cached replies when it
// commits, and this process drops them before the reply leaves. Orders already placed are not touched:
// shipping and refunds read the order and its lines, never `listed`.
//
// The caller (modules/sellers/suspension-routes.ts) passes its transaction and writes the audit line and
// the texts in it.

export const SELLER_NOT_FOUND = 'There is no such seller.';
export const SELLER_ALREADY_SUSPENDED = 'This seller is already suspended. Lift the suspension first.';
export const SELLER_NOT_SUSPENDED = 'This seller is not suspended.';

const sellerColumns = [
  'id',
  'name',
  'seller_url',
  'suspended_at',
  'suspended_reason',
  'suspended_by',
  'created_at',
] as const;

type SellerRow = {
  id: number;
  name: string;
  seller_url: string;
  suspended_at: Date | null;
  suspended_reason: string | null;
  suspended_by: number | null;
  created_at: Date | string;
};

const iso = (at: Date | string) => new Date(at).toISOString();

/** A seller as the back office shows it (the contract's AdminSeller). */
export function adminSeller(row: SellerRow): AdminSeller {
  return {
    id: row.id,
    name: row.name,
    seller_url: row.seller_url,
    suspended_at: row.suspended_at ? iso(row.suspended_at) : null,
    suspended_reason: row.suspended_reason,
    created_at: iso(row.created_at),
  };
}

/** Every seller, by name: the back office's Sellers screen and its seller pickers. */
export async function listAdminSellers(db: Db): Promise<AdminSeller[]> {
  const rows = await db.selectFrom('sellers').select(sellerColumns).orderBy('name').orderBy('id').execute();
  return rows.map(adminSeller);
}

/** Whether the seller is suspended now; undefined for no such seller. */
export async function sellerSuspended(db: Db, sellerId: number): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('sellers')
    .select('suspended_at')
    .where('id', '=', sellerId)
    .executeTakeFirst();
  return row ? row.suspended_at !== null : undefined;
}

export interface SellerSuspensionChange {
  before: AdminSeller;
  after: AdminSeller;
  /** How many product rows (children included) changed. */
  products: number;
}

/** Locks the seller's row for the change; 404 for no such seller. */
async function lockSeller(trx: Db, sellerId: number): Promise<SellerRow> {
  const row = await trx
    .selectFrom('sellers')
    .select(sellerColumns)
    .where('id', '=', sellerId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError(SELLER_NOT_FOUND);
  return row;
}

async function setProductsActive(trx: Db, sellerId: number, active: boolean): Promise<number> {
  const result = await trx
    .updateTable('products')
    .set({ seller_active: active })
    .where('seller_id', '=', sellerId)
    .where('seller_active', '=', !active)
    .executeTakeFirst();
  await notifyCatalogueChanged(trx);
  return Number(result.numUpdatedRows);
}

/**
 * Inside `trx`: suspends the seller (409 when it already is). Call `catalogueChangeCommitted()` after
 * `trx` commits, so this process drops its cached replies before the reply leaves.
 */
export async function suspendSellerIn(
  trx: Db,
  input: { sellerId: number; reason: string; staffId: number; now: Date },
): Promise<SellerSuspensionChange> {
  const row = await lockSeller(trx, input.sellerId);
  if (row.suspended_at !== null) throw new ConflictError(SELLER_ALREADY_SUSPENDED);
  const updated = await trx
    .updateTable('sellers')
    .set({ suspended_at: input.now, suspended_reason: input.reason, suspended_by: input.staffId })
    .where('id', '=', input.sellerId)
    .returning(sellerColumns)
    .executeTakeFirstOrThrow();
  const products = await setProductsActive(trx, input.sellerId, false);
  return { before: adminSeller(row), after: adminSeller(updated), products };
}

/** Inside `trx`: lifts the seller's suspension (409 when there is none); its products are listed again. */
export async function liftSellerSuspensionIn(
  trx: Db,
  input: { sellerId: number },
): Promise<SellerSuspensionChange> {
  const row = await lockSeller(trx, input.sellerId);
  if (row.suspended_at === null) throw new ConflictError(SELLER_NOT_SUSPENDED);
  const updated = await trx
    .updateTable('sellers')
    .set({ suspended_at: null, suspended_reason: null, suspended_by: null })
    .where('id', '=', input.sellerId)
    .returning(sellerColumns)
    .executeTakeFirstOrThrow();
  const products = await setProductsActive(trx, input.sellerId, true);
  return { before: adminSeller(row), after: adminSeller(updated), products };
}

/** After a suspension's transaction commits: this process drops its cached catalogue replies at once. */
export function catalogueChangeCommitted(): void {
  invalidateCatalogueCache();
}

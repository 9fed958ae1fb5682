import type {
  ProductChange,
  ProductKind,
  UpdateVendorProductBody,
  UpdateVendorVariantBody,
  VendorProduct,
  VendorProductListQuery,
  VendorProductListReply,
  VendorVariantChange,
} from '@quokka/contract/api/vendor-products';
import { PRODUCT_LIMITS, priceChangeNeedsPasskey } from '@quokka/contract/api/vendor-products';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { ProductChangeSet } from '../../db/schema.ts';
import { ConflictError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { invalidateCatalogueCache, invalidateCatalogueProducts } from './catalog-cache.ts';
import { notifyCatalogueChanged, notifyProductsChanged } from './catalog-notifications.ts';
import { searchProductIds } from './search.ts';
import { NO_STOCK_WATCH, type StockWatch } from './stock-rises.ts';

// [I16-products] Sellers' staff and operators edit products in the back office (docs/vendor-products.md):
// name, description, price, stock per variant, on/off sale, and the photos (1–4 per product, main first,
// and one picture per colour of a configurable product, which every variant of that colour carries, as
// the importer writes it). The rules are the importer's; every change is one transaction with its staff
// audit line (before/after) and a NOTIFY, so every process's catalogue cache drops what it touched when
// it commits (catalog-notifications.ts), and this process drops it at once before the reply leaves.
//
// Scope: a vendor reaches only their own seller's products; anything else — another seller's product, a
// variant of another product, a variant id that is a product's — is "not found", never "forbidden".
//
// Stock and a shopper buying at the same moment: checkout takes stock with one conditional UPDATE
// (`qty = qty - n where qty >= n`, catalog-repository.ts takeStock) under the row's lock, and the
// database refuses qty < 0 (CHECK). Setting stock here locks the same row (SELECT … FOR UPDATE) inside
// its transaction, so the two run one after the other, never interleaved: an order that committed first
// is seen here (and with `expected_stock` the edit is refused with the stock now, 409), and an order that
// comes after sees the new figure and takes from it. Stock can never go below zero either way.
//
// [I27-price-step-up] A price is money: a change to below $1.00 or by more than half of the old price
// (`priceChangeNeedsPasskey`, the contract) needs a passkey check younger than 5 minutes, else 403
// STEP_UP_REQUIRED and nothing is saved; the back office checks the passkey and sends it again. The old
// price is the one read under the row's lock, so the rule holds against the price as it is.
//
// [I32] PRODUCT_REVIEW=manual: a vendor's change to an APPROVED product's name, description or photos is
// held in product_changes (one waiting change per product, each further change merged into it) and the
// storefront keeps the approved version until an operator approves it (product-review.ts). Prices, stock,
// the on/off switch and the pictures per colour never wait; an operator's own changes never wait; a product
// still waiting or refused is not shown, so its changes apply at once (then "Send for approval").

export interface ProductEditor {
  staffId: number;
  role: 'operator' | 'vendor';
  sellerId: number | null;
  /**
   * Throws 403 STEP_UP_REQUIRED unless the session's passkey check is fresh and counts for money (the
   * staff guard `requireFreshPasskey`, run by the route: a pending passkey does not count either).
   */
  assertFreshPasskey(): Promise<void>;
}

/** Refuses a price change that needs a fresh passkey check when the editor's is not. */
async function assertPriceChangeAllowed(editor: ProductEditor, oldCents: number, newCents: number) {
  if (priceChangeNeedsPasskey(oldCents, newCents)) await editor.assertFreshPasskey();
}

export const PRODUCT_NOT_FOUND = 'There is no such product.';
export const VARIANT_NOT_FOUND = 'There is no such variant of this product.';
export const COLOUR_NOT_FOUND = 'This product has no variant in that colour.';

const kindOf = (row: { type_id: 'simple' | 'configurable'; is_giftcard: boolean }): ProductKind =>
  row.is_giftcard ? 'giftcard' : row.type_id;

/** The seller a vendor is limited to; undefined for an operator. A vendor without a seller sees nothing. */
function scopeOf(editor: ProductEditor): number | undefined {
  if (editor.role === 'operator') return undefined;
  return editor.sellerId ?? -1;
}

// ---------------------------------------------------------------- reading

export async function listVendorProducts(
  db: Db,
  editor: ProductEditor,
  query: VendorProductListQuery,
): Promise<VendorProductListReply> {
  const { page, page_size: pageSize } = query;
  const scope = scopeOf(editor);
  const sellerFilter = scope ?? query.seller_id;
  let base = db.selectFrom('products as p').where('p.parent_id', 'is', null);
  if (sellerFilter !== undefined) base = base.where('p.seller_id', '=', sellerFilter);
  const q = query.q?.trim();
  // [I33] "Search products" is the storefront's search (search.ts: word prefixes, typos, SKU fragments, a
  // variant's SKU), over every product the editor may see: off sale and waiting for review too. Its page
  // comes from the search, best match first.
  const found = q
    ? await searchProductIds(db, q, {
        listedOnly: false,
        sellerId: sellerFilter,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      })
    : undefined;
  if (found?.ids.length === 0) return { total: found.total, page, page_size: pageSize, items: [] };
  if (found) base = base.where('p.id', 'in', found.ids);
  const total =
    found?.total ??
    Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .innerJoin('sellers as s', 's.id', 'p.seller_id')
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.type_id',
      'p.is_giftcard',
      'p.seller_id',
      's.name as seller_name',
      'p.enabled',
      'p.review_status',
      'p.price_cents',
      'p.qty',
      sql<number | null>`(select min(v.price_cents) from products v where v.parent_id = p.id)`.as(
        'min_price',
      ),
      sql<string | null>`(select sum(v.qty) from products v where v.parent_id = p.id)`.as('sum_qty'),
      sql<string>`(select count(*) from products v where v.parent_id = p.id)`.as('variants'),
      sql<
        string | null
      >`(select i.url from product_images i where i.product_id = p.id order by i.position limit 1)`.as(
        'thumbnail',
      ),
    ])
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(pageSize)
    .offset(found ? 0 : (page - 1) * pageSize)
    .execute();
  const ordered = found ? found.ids.flatMap((id) => rows.filter((row) => row.id === id)) : rows;
  return {
    total,
    page,
    page_size: pageSize,
    items: ordered.map((row) => {
      const variants = Number(row.variants);
      return {
        id: row.id,
        sku: row.sku,
        name: row.name,
        kind: kindOf(row),
        seller_id: row.seller_id,
        seller_name: row.seller_name,
        enabled: row.enabled,
        price_cents: variants > 0 ? Number(row.min_price ?? row.price_cents) : row.price_cents,
        stock: variants > 0 ? Number(row.sum_qty ?? 0) : row.qty,
        variant_count: variants,
        thumbnail_url: row.thumbnail ?? null,
        review_status: row.review_status,
      };
    }),
  };
}

/** The product (a top-level one) if the editor may see it; NotFoundError otherwise. */
async function productRow(db: Db, editor: ProductEditor, id: number, lock = false) {
  let query = db.selectFrom('products').selectAll().where('id', '=', id).where('parent_id', 'is', null);
  const scope = scopeOf(editor);
  if (scope !== undefined) query = query.where('seller_id', '=', scope);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return row;
}

export async function loadVendorProduct(db: Db, editor: ProductEditor, id: number): Promise<VendorProduct> {
  const product = await productRow(db, editor, id);
  const seller = await db
    .selectFrom('sellers')
    .select('name')
    .where('id', '=', product.seller_id)
    .executeTakeFirstOrThrow();
  const photos = await db
    .selectFrom('product_images')
    .select('url')
    .where('product_id', '=', id)
    .orderBy('position')
    .execute();
  const children = await db
    .selectFrom('products as v')
    .leftJoin('option_values as c', 'c.id', 'v.color_id')
    .leftJoin('option_values as z', 'z.id', 'v.size_id')
    .leftJoin('option_values as g', 'g.id', 'v.gift_card_price_id')
    .select([
      'v.id',
      'v.sku',
      'v.color_id',
      'c.title as colour',
      'z.title as size',
      'g.title as amount',
      'v.price_cents',
      'v.qty',
      'v.enabled',
      'v.color_position',
      'v.size_position',
      sql<
        string | null
      >`(select i.url from product_images i where i.product_id = v.id order by i.position limit 1)`.as(
        'picture',
      ),
    ])
    .where('v.parent_id', '=', id)
    .orderBy(sql`v.color_position nulls last`)
    .orderBy(sql`v.size_position nulls last`)
    .orderBy('v.id')
    .execute();
  const colours = new Map<number, { colour_id: number; colour: string; url: string | null }>();
  for (const child of children) {
    if (child.color_id === null || colours.has(child.color_id)) continue;
    colours.set(child.color_id, {
      colour_id: child.color_id,
      colour: child.colour ?? '',
      url: child.picture,
    });
  }
  const variants =
    children.length > 0
      ? children.map((child) => ({
          id: child.id,
          sku: child.sku,
          colour_id: child.color_id,
          colour: child.colour,
          size: child.size,
          amount: child.amount,
          price_cents: child.price_cents,
          stock: child.qty,
          enabled: child.enabled,
        }))
      : [
          {
            id: product.id,
            sku: product.sku,
            colour_id: null,
            colour: null,
            size: null,
            amount: null,
            price_cents: product.price_cents,
            stock: product.qty,
            enabled: product.enabled,
          },
        ];
  const changes = await db
    .selectFrom('product_changes')
    .selectAll()
    .where('product_id', '=', id)
    .where('status', 'in', ['waiting', 'refused'])
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  const latest = changes[0];
  return {
    id: product.id,
    sku: product.sku,
    kind: kindOf(product),
    seller_id: product.seller_id,
    seller_name: seller.name,
    name: product.name,
    description: product.description,
    enabled: product.enabled,
    price_cents: product.price_cents,
    photos: photos.map((photo) => photo.url),
    colour_photos: [...colours.values()],
    variants,
    updated_at: new Date(product.updated_at).toISOString(),
    review_status: product.review_status,
    review_reason: product.review_reason,
    pending_change: latest?.status === 'waiting' ? productChangeOf(latest) : null,
    refused_change: latest?.status === 'refused' ? productChangeOf(latest) : null,
  };
}

/** [I32] A product_changes row as the back office shows it. */
export function productChangeOf(row: {
  id: number;
  changes: ProductChangeSet | string;
  status: 'waiting' | 'approved' | 'refused';
  refusal_reason: string | null;
  submitted_at: Date;
}): ProductChange {
  const changes: ProductChangeSet = typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes;
  return {
    id: row.id,
    name: changes.name ?? null,
    description: changes.description ?? null,
    photos: changes.photos ?? null,
    status: row.status,
    refusal_reason: row.refusal_reason,
    submitted_at: new Date(row.submitted_at).toISOString(),
  };
}

/**
 * [I32] Runs `work` in one transaction with the NOTIFY of what it touched; after it commits this process's
 * caches drop it too ('all': a product came, went or moved in lists). Shared by editing, creation and review.
 */
export async function catalogueChange<T>(
  db: Db,
  work: (trx: Db) => Promise<{ result: T; touched: number[] | 'all' }>,
): Promise<T> {
  const { result, touched } = await db.transaction().execute(async (trx) => {
    const done = await work(trx);
    // Delivered to every listening process when this commits, never when it rolls back.
    if (done.touched === 'all') await notifyCatalogueChanged(trx);
    else await notifyProductsChanged(trx, done.touched);
    return done;
  });
  if (touched === 'all') invalidateCatalogueCache();
  else if (touched.length > 0) invalidateCatalogueProducts(touched);
  return result;
}

const productSubject = (id: number) => `product:${id}`;

// ---------------------------------------------------------------- holding a change (PRODUCT_REVIEW=manual)

/** [I32] The product's waiting change (locked), if any. */
const waitingChange = (trx: Db, productId: number) =>
  trx
    .selectFrom('product_changes')
    .selectAll()
    .where('product_id', '=', productId)
    .where('status', '=', 'waiting')
    .forUpdate()
    .executeTakeFirst();

/**
 * [I32] Merges `patch` into the product's waiting change (or starts one), in `trx`, with its audit line
 * ('product.change_held'; 'product.change_withdrawn' when nothing is left to approve). A field that is
 * `undefined` in `patch` (set back to the approved value) drops out of the change. The one way a change
 * is held: a back-office edit (below) and a vendor's catalogue import (import-admin.ts).
 */
export async function holdProductChange(
  trx: Db,
  staffId: number,
  row: { id: number; seller_id: number },
  patch: ProductChangeSet,
  now: Date,
): Promise<void> {
  const waiting = await waitingChange(trx, row.id);
  const before: ProductChangeSet = waiting
    ? typeof waiting.changes === 'string'
      ? JSON.parse(waiting.changes)
      : waiting.changes
    : {};
  const after: ProductChangeSet = JSON.parse(JSON.stringify({ ...before, ...patch }));
  const audit = (action: string, auditAfter: unknown) =>
    recordStaffAction(trx, {
      actor: { staffId },
      action,
      subject: productSubject(row.id),
      before,
      after: auditAfter,
      at: now,
    });
  if (Object.keys(after).length === 0) {
    // Nothing left to approve: the change is withdrawn (or none is started).
    if (waiting) {
      await trx.deleteFrom('product_changes').where('id', '=', waiting.id).execute();
      await audit('product.change_withdrawn', null);
    }
    return;
  }
  if (waiting)
    await trx
      .updateTable('product_changes')
      .set({ changes: JSON.stringify(after), submitted_at: now, submitted_by: staffId })
      .where('id', '=', waiting.id)
      .execute();
  else
    await trx
      .insertInto('product_changes')
      .values({
        product_id: row.id,
        seller_id: row.seller_id,
        changes: JSON.stringify(after),
        submitted_at: now,
        submitted_by: staffId,
      })
      .execute();
  await audit('product.change_held', after);
}

// ---------------------------------------------------------------- writing

export interface ProductEditingDeps {
  db: Db;
  clock: Clock;
  /** [I31] Told when an edit raises an item's stock, in the edit's transaction (stock-rises.ts). */
  stockWatch?: StockWatch;
  /** [I32] PRODUCT_REVIEW: under 'manual' a vendor's change to an approved product's words or photos waits. */
  productReview?: 'auto' | 'manual';
}

export function createProductEditing({
  db,
  clock,
  stockWatch = NO_STOCK_WATCH,
  productReview = 'auto',
}: ProductEditingDeps) {
  /** Runs `work` in one transaction; after it commits this process's caches drop what it touched. */
  const change = <T>(work: (trx: Db) => Promise<{ result: T; touched: number[] | 'all' }>) =>
    catalogueChange(db, work);

  /** [I32] Whether this editor's change to this product's name, description or photos waits for an operator. */
  const holds = (editor: ProductEditor, row: { review_status: string }) =>
    productReview === 'manual' && editor.role === 'vendor' && row.review_status === 'approved';

  /** [I32] Merges `patch` into the product's waiting change (or starts one), audited. */
  const holdChange = (
    trx: Db,
    editor: ProductEditor,
    row: { id: number; seller_id: number },
    patch: ProductChangeSet,
  ) => holdProductChange(trx, editor.staffId, row, patch, clock.now());

  /** [I32] The photos the editor works on: a held change's when there is one, else the product's. */
  async function workingPhotos(trx: Db, editor: ProductEditor, row: { id: number; review_status: string }) {
    if (holds(editor, row)) {
      const waiting = await waitingChange(trx, row.id);
      const changes: ProductChangeSet | undefined =
        waiting && (typeof waiting.changes === 'string' ? JSON.parse(waiting.changes) : waiting.changes);
      if (changes?.photos) return changes.photos;
    }
    return photosOf(trx, row.id);
  }

  /** Writes the photos, or holds them (PRODUCT_REVIEW=manual, a vendor, an approved product). */
  async function savePhotos(
    trx: Db,
    editor: ProductEditor,
    row: { id: number; seller_id: number; review_status: string },
    action: string,
    photos: string[],
    after: string[],
  ): Promise<{ result: undefined; touched: number[] }> {
    if (holds(editor, row)) {
      await holdChange(trx, editor, row, { photos: after });
      return { result: undefined, touched: [] };
    }
    await writePhotos(trx, row.id, after);
    await audit(trx, editor, action, productSubject(row.id), { photos }, { photos: after });
    return { result: undefined, touched: [row.id] };
  }

  const audit = (
    trx: Db,
    editor: ProductEditor,
    action: string,
    subject: string,
    before: unknown,
    after: unknown,
  ) =>
    recordStaffAction(trx, {
      actor: { staffId: editor.staffId },
      action,
      subject,
      before,
      after,
      at: clock.now(),
    });

  async function photosOf(trx: Db, productId: number): Promise<string[]> {
    const rows = await trx
      .selectFrom('product_images')
      .select('url')
      .where('product_id', '=', productId)
      .orderBy('position')
      .execute();
    return rows.map((row) => row.url);
  }

  async function writePhotos(trx: Db, productId: number, photos: readonly string[]): Promise<void> {
    await trx.deleteFrom('product_images').where('product_id', '=', productId).execute();
    if (photos.length > 0)
      await trx
        .insertInto('product_images')
        .values(photos.map((url, position) => ({ product_id: productId, position, url })))
        .execute();
  }

  /** Name, description, price (simple products) and on/off sale. */
  async function updateProduct(
    editor: ProductEditor,
    id: number,
    body: UpdateVendorProductBody,
  ): Promise<void> {
    await change(async (trx) => {
      const row = await productRow(trx, editor, id, true);
      if (body.price_cents !== undefined && (row.type_id !== 'simple' || row.is_giftcard))
        throw new InvalidDataError(
          'This product has variants: set the price of each variant in the variants table.',
        );
      const set: { name?: string; description?: string; price_cents?: number; enabled?: boolean } = {};
      const before: Record<string, unknown> = {};
      if (body.name !== undefined && body.name.trim() !== row.name) {
        set.name = body.name.trim();
        before.name = row.name;
      }
      if (body.description !== undefined && body.description !== row.description) {
        set.description = body.description;
        before.description = row.description;
      }
      if (body.price_cents !== undefined && body.price_cents !== row.price_cents) {
        await assertPriceChangeAllowed(editor, row.price_cents, body.price_cents);
        set.price_cents = body.price_cents;
        before.price_cents = row.price_cents;
      }
      if (body.enabled !== undefined && body.enabled !== row.enabled) {
        set.enabled = body.enabled;
        before.enabled = row.enabled;
      }
      // [I32] Under manual review a vendor's new words for an approved product wait for an operator.
      let held = false;
      if (holds(editor, row)) {
        // A field set back to the approved value drops out of the waiting change (undefined: not kept).
        const patch: ProductChangeSet = {};
        if (body.name !== undefined)
          patch.name = body.name.trim() === row.name ? undefined : body.name.trim();
        if (body.description !== undefined)
          patch.description = body.description === row.description ? undefined : body.description;
        delete set.name;
        delete set.description;
        delete before.name;
        delete before.description;
        if (Object.keys(patch).length > 0) {
          await holdChange(trx, editor, row, patch);
          held = true;
        }
      }
      if (Object.keys(set).length === 0) return { result: undefined, touched: held ? [id] : [] };
      await trx
        .updateTable('products')
        .set({ ...set, updated_at: clock.now() })
        .where('id', '=', id)
        .execute();
      await audit(trx, editor, 'product.updated', productSubject(id), before, set);
      // A name or on/off change moves the product in and out of lists and searches: drop everything.
      const onlyPrice = set.name === undefined && set.enabled === undefined && set.description === undefined;
      return { result: undefined, touched: onlyPrice ? [id] : 'all' };
    });
  }

  /** A variant's (or a simple product's own) price, stock and on/off sale. */
  async function updateVariant(
    editor: ProductEditor,
    id: number,
    variantId: number,
    body: UpdateVendorVariantBody,
  ): Promise<void> {
    await change(async (trx) => {
      const product = await productRow(trx, editor, id);
      const variant =
        variantId === id
          ? await trx.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
          : await trx
              .selectFrom('products')
              .selectAll()
              .where('id', '=', variantId)
              .where('parent_id', '=', id)
              .forUpdate()
              .executeTakeFirst();
      if (!variant) throw new NotFoundError(VARIANT_NOT_FOUND);
      if (variantId === id) {
        const hasVariants = await trx
          .selectFrom('products')
          .select('id')
          .where('parent_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (hasVariants) throw new NotFoundError(VARIANT_NOT_FOUND);
      }
      const conflict = stockConflict(variant, body);
      if (conflict) throw new ConflictError(conflict);
      if (body.price_cents !== undefined)
        await assertPriceChangeAllowed(editor, variant.price_cents, body.price_cents);
      const changed = await applyVariantChange(trx, editor, product.id, variant, body);
      return { result: undefined, touched: changed ? [product.id, variant.id] : [] };
    });
  }

  /**
   * [I34-variants] Several variants of one product in one transaction (PATCH /products/:id/variants): the
   * rows are locked in id order (as checkout takes stock), every row is checked before anything is written
   * — a row that is not this product's variant (404, naming the row), a stock that moved since it was
   * loaded (409, naming every such SKU), a price that needs a fresh passkey (403 for the whole save) — and
   * then each changed variant is written with its own audit line, as one variant's change is. Any failure
   * rolls the whole save back: nothing is saved unless every row is.
   */
  async function updateVariants(
    editor: ProductEditor,
    id: number,
    rows: readonly VendorVariantChange[],
  ): Promise<void> {
    await change(async (trx) => {
      const product = await productRow(trx, editor, id);
      const ids = rows.map((row) => row.id);
      const found = await trx
        .selectFrom('products')
        .selectAll()
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('parent_id', '=', id), eb('id', '=', id)]))
        .orderBy('id')
        .forUpdate()
        .execute();
      const variants = new Map(found.map((row) => [row.id, row]));
      // A product with variants is never its own row: its price and stock are its variants'.
      if (variants.has(id)) {
        const hasVariants = await trx
          .selectFrom('products')
          .select('id')
          .where('parent_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (hasVariants) variants.delete(id);
      }
      const checked = rows.flatMap((row) => {
        const variant = variants.get(row.id);
        return variant ? [{ row, variant }] : [];
      });
      if (checked.length < rows.length) {
        const missing = rows.flatMap((row, index) =>
          variants.has(row.id) ? [] : [`row ${index + 1} (variant ${row.id})`],
        );
        throw new NotFoundError(`${VARIANT_NOT_FOUND} Not found: ${missing.join(', ')}. Nothing was saved.`);
      }
      const conflicts = checked.flatMap(({ row, variant }) => {
        const conflict = stockConflict(variant, row);
        return conflict ? [conflict] : [];
      });
      if (conflicts.length > 0) throw new ConflictError(`${conflicts.join(' ')} Nothing was saved.`);
      const needsPasskey = checked.some(
        ({ row, variant }) =>
          row.price_cents !== undefined && priceChangeNeedsPasskey(variant.price_cents, row.price_cents),
      );
      if (needsPasskey) await editor.assertFreshPasskey();
      const touched = [product.id];
      for (const { row, variant } of checked) {
        if (await applyVariantChange(trx, editor, product.id, variant, row)) touched.push(variant.id);
      }
      return { result: undefined, touched: touched.length > 1 ? touched : [] };
    });
  }

  /** Why a stock set with `expected_stock` is refused (an order took some since it was loaded), or null. */
  function stockConflict(
    variant: { sku: string; qty: number },
    body: { stock?: number; expected_stock?: number },
  ): string | null {
    if (body.expected_stock === undefined || body.stock === undefined || variant.qty === body.expected_stock)
      return null;
    return `The stock of ${variant.sku} is now ${variant.qty} (it was ${body.expected_stock} when you opened it; an order may have taken some). Check it and save again.`;
  }

  /**
   * Writes one variant's checked change (its row locked by the caller) with its audit line
   * ('product.variant_updated', subject the product); false when it changes nothing.
   */
  async function applyVariantChange(
    trx: Db,
    editor: ProductEditor,
    productId: number,
    variant: { id: number; sku: string; price_cents: number; qty: number; enabled: boolean },
    body: { price_cents?: number; stock?: number; enabled?: boolean },
  ): Promise<boolean> {
    const set: { price_cents?: number; qty?: number; enabled?: boolean } = {};
    const before: Record<string, unknown> = {};
    if (body.price_cents !== undefined && body.price_cents !== variant.price_cents) {
      set.price_cents = body.price_cents;
      before.price_cents = variant.price_cents;
    }
    if (body.stock !== undefined && body.stock !== variant.qty) {
      set.qty = body.stock;
      before.qty = variant.qty;
    }
    if (body.enabled !== undefined && body.enabled !== variant.enabled) {
      set.enabled = body.enabled;
      before.enabled = variant.enabled;
    }
    if (Object.keys(set).length === 0) return false;
    await trx
      .updateTable('products')
      .set({ ...set, updated_at: clock.now() })
      .where('id', '=', variant.id)
      .execute();
    await audit(
      trx,
      editor,
      'product.variant_updated',
      productSubject(productId),
      { sku: variant.sku, ...before },
      { sku: variant.sku, ...set },
    );
    // [I31] Stock came back: the shoppers waiting for this item, under its row lock taken by the caller.
    if (set.qty !== undefined && set.qty > variant.qty)
      await stockWatch.rose(trx, [{ productId: variant.id, before: variant.qty, after: set.qty }]);
    return true;
  }

  /** Adds a stored picture (a /media path) as the product's last photo. */
  async function addPhoto(editor: ProductEditor, id: number, url: string): Promise<void> {
    await change(async (trx) => {
      const row = await productRow(trx, editor, id, true);
      const photos = await workingPhotos(trx, editor, row);
      if (photos.length >= PRODUCT_LIMITS.photosMax)
        throw new InvalidDataError(
          `A product has at most ${PRODUCT_LIMITS.photosMax} photos: remove one before adding another.`,
        );
      if (photos.includes(url)) throw new InvalidDataError('This product already has this photo.');
      return savePhotos(trx, editor, row, 'product.photo_added', photos, [...photos, url]);
    });
  }

  /** The same photos in a new order (the first is the main photo). */
  async function reorderPhotos(editor: ProductEditor, id: number, order: readonly string[]): Promise<void> {
    await change(async (trx) => {
      const row = await productRow(trx, editor, id, true);
      const photos = await workingPhotos(trx, editor, row);
      const same =
        order.length === photos.length &&
        new Set(order).size === order.length &&
        order.every((url) => photos.includes(url));
      if (!same)
        throw new InvalidDataError(
          'The photos have changed since this page was loaded: reload it and arrange them again.',
        );
      return savePhotos(trx, editor, row, 'product.photos_reordered', photos, [...order]);
    });
  }

  /**
   * [I34-photos] Puts a stored picture (a /media path) in the place of the photo at `position` (0 = main),
   * so a product with its 4 photos takes a new one without a Remove first, and a product's only photo can
   * be changed.
   */
  async function replacePhoto(
    editor: ProductEditor,
    id: number,
    position: number,
    url: string,
  ): Promise<void> {
    await change(async (trx) => {
      const row = await productRow(trx, editor, id, true);
      const photos = await workingPhotos(trx, editor, row);
      if (position >= photos.length) throw new NotFoundError('This product has no photo there.');
      if (photos.includes(url)) throw new InvalidDataError('This product already has this photo.');
      const after = photos.map((photo, index) => (index === position ? url : photo));
      return savePhotos(trx, editor, row, 'product.photo_replaced', photos, after);
    });
  }

  async function removePhoto(editor: ProductEditor, id: number, position: number): Promise<void> {
    await change(async (trx) => {
      const row = await productRow(trx, editor, id, true);
      const photos = await workingPhotos(trx, editor, row);
      if (position >= photos.length) throw new NotFoundError('This product has no photo there.');
      if (photos.length === 1)
        throw new InvalidDataError(
          'A product needs at least one photo: add another before removing this one.',
        );
      const after = photos.filter((_, index) => index !== position);
      return savePhotos(trx, editor, row, 'product.photo_removed', photos, after);
    });
  }

  /** Sets (a /media path) or clears (null) the picture of every variant of one colour. */
  async function setColourPhoto(
    editor: ProductEditor,
    id: number,
    colourId: number,
    url: string | null,
  ): Promise<void> {
    await change(async (trx) => {
      await productRow(trx, editor, id, true);
      const variants = await trx
        .selectFrom('products')
        .select('id')
        .where('parent_id', '=', id)
        .where('color_id', '=', colourId)
        .orderBy('id')
        .execute();
      if (variants.length === 0) throw new NotFoundError(COLOUR_NOT_FOUND);
      const ids = variants.map((variant) => variant.id);
      const before = await trx
        .selectFrom('product_images')
        .select('url')
        .where('product_id', 'in', ids)
        .orderBy('product_id')
        .orderBy('position')
        .executeTakeFirst();
      await trx.deleteFrom('product_images').where('product_id', 'in', ids).execute();
      if (url !== null)
        await trx
          .insertInto('product_images')
          .values(ids.map((product_id) => ({ product_id, position: 0, url })))
          .execute();
      await audit(
        trx,
        editor,
        url === null ? 'product.colour_photo_removed' : 'product.colour_photo_set',
        productSubject(id),
        { colour_id: colourId, url: before?.url ?? null },
        { colour_id: colourId, url },
      );
      return { result: undefined, touched: [id, ...ids] };
    });
  }

  /** Throws NotFoundError unless the editor may see this product (before a picture is stored for it). */
  async function assertVisible(editor: ProductEditor, id: number): Promise<void> {
    await productRow(db, editor, id);
  }

  return {
    /** [I32] PRODUCT_REVIEW as this service was built with (creation and review follow it). */
    productReview,
    updateProduct,
    updateVariant,
    updateVariants,
    addPhoto,
    replacePhoto,
    reorderPhotos,
    removePhoto,
    setColourPhoto,
    assertVisible,
  };
}

export type ProductEditing = ReturnType<typeof createProductEditing>;

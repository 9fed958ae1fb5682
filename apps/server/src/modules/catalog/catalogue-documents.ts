import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// [I13-hotpath] Rendered catalogue documents (migration 0017): a product's tile and its product reply as
// the JSON text the storefront sends, kept in PostgreSQL for every process. A read that misses the
// in-process reply cache looks its products' documents up by primary key; only a product without a
// current document is read whole (catalog-repository.ts), rendered by the service, and its documents
// stored for the next read (DocumentWriter, after the reply has gone).
//
// Current means, checked by the database in the same statement that reads the document:
// - its signature is still the live rows' (ROW_SIGNATURE: the product row's version and its variants'),
//   so stock taken by an order, a price or a name changed, by the app or by SQL by hand, shows on the
//   next read, and only that product's documents go; orders never write here;
// - its epoch is catalogue_epoch.n, which a change to sellers or option values (shown on many products)
//   moves on as it commits.
// The rendering queries read the signature and the epoch in the same statement as the content, so a
// stored document is exactly as old as what it was rendered from; a stale one is never served.

export type DocumentKind = 'tile' | 'product';

/** A reply already serialised: the reply cache sends `text` as it is, with `etag` when it came with one. */
export class JsonText {
  constructor(
    readonly text: string,
    readonly etag?: string,
  ) {}
}

/** A stored document: the reply's JSON text and (for a product reply) its ETag. */
export interface CatalogueDocument {
  body: string;
  etag: string;
}

/** A document to store: what was rendered, and the epoch and row signature it was rendered from. */
export interface RenderedDocument extends CatalogueDocument {
  productId: number;
  kind: DocumentKind;
  epoch: number;
  signature: string;
}

/**
 * The versions of the rows a product's replies are rendered from, as text: the product row's xmin and,
 * for a configurable product, each variant's id and xmin in id order. PostgreSQL writes a new row version
 * (a new xmin) for every update, so any change to the product or a variant — stock included — changes
 * it; a picture's change touches its product's row (migration 0017). For the products row aliased `p`.
 */
export const ROW_SIGNATURE = sql.raw(`p.xmin::text || case when p.type_id = 'configurable' then coalesce((
    select ';' || string_agg(c.id || ':' || c.xmin, ',' order by c.id) from products c where c.parent_id = p.id
  ), '') else '' end`);

/** The catalogue's content epoch, read in the statement that renders or checks a document. */
export const CURRENT_EPOCH = sql.raw('(select e.n from catalogue_epoch e)');

/**
 * The current documents of `kind` for these products (listed: top-level and enabled), by product id.
 * Products without one are left out: the caller renders them.
 */
export async function currentDocuments(
  db: Db,
  kind: DocumentKind,
  ids: readonly number[],
): Promise<Map<number, CatalogueDocument>> {
  const found = new Map<number, CatalogueDocument>();
  if (ids.length === 0) return found;
  const result = await sql<{ id: number; body: string; etag: string }>`/* prepared:catalogue_documents */
    select d.product_id as id, d.body, d.etag
    from catalogue_documents d
    join products p on p.id = d.product_id
    where d.product_id = any((select ${ids}::int[])::int[]) and d.kind = ${kind}
      and p.parent_id is null and p.listed
      and d.epoch = ${CURRENT_EPOCH}
      and d.signature = ${ROW_SIGNATURE}
  `.execute(db);
  for (const row of result.rows) found.set(row.id, { body: row.body, etag: row.etag });
  return found;
}

/**
 * Stores documents, one statement, in key order (two writers never wait on each other in a circle). A
 * document never replaces one rendered at a later epoch; within an epoch the last write wins (both were
 * current when rendered, and the read checks the signature anyway).
 */
export async function storeDocuments(db: Db, documents: readonly RenderedDocument[]): Promise<void> {
  const byKey = new Map<string, RenderedDocument>();
  for (const doc of documents) {
    const key = `${doc.productId}:${doc.kind}`;
    const held = byKey.get(key);
    if (!held || held.epoch <= doc.epoch) byKey.set(key, doc);
  }
  const rows = [...byKey.values()].sort((a, b) => a.productId - b.productId || a.kind.localeCompare(b.kind));
  if (rows.length === 0) return;
  await sql`
    insert into catalogue_documents (product_id, kind, epoch, signature, body, etag)
    select * from unnest(
      ${rows.map((row) => row.productId)}::int[], ${rows.map((row) => row.kind)}::text[],
      ${rows.map((row) => row.epoch)}::bigint[], ${rows.map((row) => row.signature)}::text[],
      ${rows.map((row) => row.body)}::text[], ${rows.map((row) => row.etag)}::text[])
    on conflict (product_id, kind) do update
      set epoch = excluded.epoch, signature = excluded.signature, body = excluded.body, etag = excluded.etag
      where catalogue_documents.epoch <= excluded.epoch
  `.execute(db);
}

/** The most documents one write stores. */
const MAX_WRITE = 500;

/**
 * Stores rendered documents after the replies that rendered them have gone: what arrives while a write
 * runs goes in the next one. A failed write loses only those documents (the next read renders them
 * again) and is reported to `onError`.
 */
export class DocumentWriter {
  readonly #db: Db;
  readonly #onError: (error: unknown) => void;
  #queue: RenderedDocument[] = [];
  #running: Promise<void> | undefined;

  constructor(db: Db, onError: (error: unknown) => void) {
    this.#db = db;
    this.#onError = onError;
  }

  add(documents: readonly RenderedDocument[]): void {
    if (documents.length === 0) return;
    this.#queue.push(...documents);
    this.#running ??= this.#run();
  }

  async #run(): Promise<void> {
    // After this turn's replies have been sent.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_WRITE);
      try {
        await storeDocuments(this.#db, batch);
      } catch (error) {
        this.#onError(error);
      }
    }
    this.#running = undefined;
  }

  /** Resolves when everything added so far has been written (or failed): before the database closes. */
  async drain(): Promise<void> {
    while (this.#running) await this.#running;
  }
}

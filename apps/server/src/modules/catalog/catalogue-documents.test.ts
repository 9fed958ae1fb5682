import type { Product } from '@quokka/contract/api/catalog';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, openTestDatabase } from '../../db/database.ts';
import {
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { type CatalogService, createCatalogService } from './catalog-service.ts';
import { currentDocuments, storeDocuments } from './catalogue-documents.ts';

// [I13-hotpath] Rendered catalogue documents (migration 0017, catalogue-documents.ts): a read that misses
// the reply cache is answered from the stored document only while it is current. Every change a shopper
// could see — stock by an order, a price, a picture, the seller, an option's title, by the app or by
// SQL by hand — shows on the next read. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let handle: DatabaseHandle;
let db: Db;
let service: CatalogService;
let ids: Record<string, number>;
const errors: unknown[] = [];

const epoch = async (on: Db = db) =>
  Number((await sql<{ n: string }>`select n from catalogue_epoch`.execute(on)).rows[0]?.n);
const storedKinds = async (productId: number) =>
  (
    await sql<{
      kind: string;
    }>`select kind from catalogue_documents where product_id = ${productId} order by kind`.execute(db)
  ).rows.map((row) => row.kind);

/** The product reply, once its documents are stored. */
async function read(productId: number): Promise<Product> {
  const reply = await service.product(productId);
  await service.flush();
  if ('not_exists' in reply) throw new Error(`product ${productId} not there`);
  return reply as Product;
}

/** Both products' documents and the first page's tiles, stored. */
async function storeDocumentsOfBoth(): Promise<void> {
  await read(ids.MUG as number);
  await read(ids.TEE as number);
  await service.browseJson(1);
  await service.flush();
}

beforeEach(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  await importTestCatalogue(db, {
    sellers: [aSeller()],
    products: [aSimpleProduct('MUG', { qty: 5, price: 12 }), aConfigurableProduct('TEE')],
  });
  const rows = await db.selectFrom('products').select(['id', 'sku']).execute();
  ids = Object.fromEntries(rows.map((row) => [row.sku, row.id]));
  errors.length = 0;
  service = createCatalogService(db, { onDocumentError: (error) => errors.push(error) });
});

afterEach(async () => {
  await service.flush();
  expect(errors).toEqual([]);
  await handle.close();
});

describe('[I13-hotpath] rendered catalogue documents', () => {
  it('[I13-hotpath] the first read renders and stores the product and tile documents; the next is answered from them, the same bytes', async () => {
    const mug = ids.MUG as number;
    expect(await storedKinds(mug)).toEqual([]);
    const first = await service.productJson(mug);
    await service.browseJson(1);
    await service.flush();
    expect(await storedKinds(mug)).toEqual(['product', 'tile']);
    const docs = await currentDocuments(db, 'product', [mug]);
    expect(docs.get(mug)?.body).toBe(first.text);
    // A document says what it shows: the next read (a new process) sends exactly it, with its ETag.
    const again = await createCatalogService(db).productJson(mug);
    expect(again.text).toBe(first.text);
    expect(again.etag).toBe(docs.get(mug)?.etag);
    expect(JSON.parse(again.text)).toMatchObject({ sku: 'MUG', price: 12, qty: 5 });
  });

  it('[I13-hotpath] stock taken by an order shows on the next read, without the order writing any document', async () => {
    const mug = ids.MUG as number;
    expect((await read(mug)).qty).toBe(5);
    const epochBefore = await epoch();
    await db.transaction().execute((trx) => service.inventory.take(trx, [{ productId: mug, qty: 2 }]));
    // Stock is not content: no epoch change, and the stored document is the old one...
    expect(await epoch()).toBe(epochBefore);
    expect((await currentDocuments(db, 'product', [mug])).size).toBe(0);
    // ...which is never served: the read compares its stock with the row.
    expect((await read(mug)).qty).toBe(3);
    const page = JSON.parse((await service.browseJson(1)).text) as { data: { sku: string; qty: number }[] };
    expect(page.data.find((tile) => tile.sku === 'MUG')?.qty).toBe(3);
  });

  it("[I13-hotpath] a variant's stock changes its configurable product's page and tile: totals, options and the 'From' price", async () => {
    const tee = ids.TEE as number;
    const before = await read(tee);
    expect(before.qty).toBe(11);
    expect(before.price).toBe(25); // RED-S at $25 is in stock
    await db
      .transaction()
      .execute((trx) => service.inventory.take(trx, [{ productId: ids['TEE-RED-S'] as number, qty: 2 }]));
    const after = await read(tee);
    expect(after.qty).toBe(9);
    expect(after.price).toBe(30); // sold out: the cheapest buyable variant is $30 now
    expect(after.configurable_products.find((child) => child.sku === 'TEE-RED-S')?.qty).toBe(0);
    const page = JSON.parse((await service.browseJson(1)).text) as {
      data: { sku: string; qty: number; price: number }[];
    };
    expect(page.data.find((tile) => tile.sku === 'TEE')).toMatchObject({ qty: 9, price: 30 });
  });

  it('[I13-hotpath] a change by SQL by hand — price, picture, seller, option title — shows on the next read', async () => {
    const mug = ids.MUG as number;
    const tee = ids.TEE as number;
    await storeDocumentsOfBoth();

    await sql`update products set price_cents = 1500 where id = ${mug}`.execute(db);
    expect((await read(mug)).price).toBe(15);

    await sql`update product_images set url = '/media/products/new-mug.png' where product_id = ${mug} and position = 0`.execute(
      db,
    );
    expect((await read(mug)).image).toBe('/media/products/new-mug.png');

    await sql`update sellers set name = 'Harbour Goods & Co'`.execute(db);
    expect((await read(mug)).seller.name).toBe('Harbour Goods & Co');

    await sql`update option_values set title = 'Crimson' where title = 'Red'`.execute(db);
    const titles = (await read(tee)).configurable_options.color?.options.map(
      (option) => option.default_title,
    );
    expect(titles).toContain('Crimson');

    await sql`update products set name = 'Big Mug' where id = ${mug}`.execute(db);
    const page = JSON.parse((await service.browseJson(1)).text) as { data: { id: number; name: string }[] };
    expect(page.data.find((tile) => tile.id === mug)?.name).toBe('Big Mug');
  });

  it('[I13-hotpath] a catalogue imported again with new pictures and prices shows them on the next read', async () => {
    const mug = ids.MUG as number;
    await read(mug);
    await service.browseJson(1);
    await service.flush();
    const pictures = ['/media/products/mug-new-1.png', '/media/products/mug-new-2.png'];
    await importTestCatalogue(db, {
      sellers: [aSeller()],
      products: [aSimpleProduct('MUG', { qty: 5, price: 12, images: pictures })],
    });
    expect((await read(mug)).images).toEqual(pictures);
    await importTestCatalogue(db, {
      sellers: [aSeller()],
      products: [aSimpleProduct('MUG', { qty: 5, price: 14, images: pictures })],
    });
    expect((await read(mug)).price).toBe(14);
    const page = JSON.parse((await service.browseJson(1)).text) as {
      data: { id: number; image: string; price: number }[];
    };
    expect(page.data.find((tile) => tile.id === mug)).toMatchObject({ image: pictures[0], price: 14 });
  });

  it('[I13-hotpath] a product switched off is not served from its document', async () => {
    const mug = ids.MUG as number;
    await read(mug);
    await sql`update products set enabled = false where id = ${mug}`.execute(db);
    expect(await service.product(mug)).toEqual({ status: false, not_exists: true });
  });

  it("[I13-hotpath] a change to one product drops only that product's documents; a variant's picture drops its product's", async () => {
    const mug = ids.MUG as number;
    const tee = ids.TEE as number;
    await storeDocumentsOfBoth();
    await sql`update products set name = 'Big Mug' where id = ${mug}`.execute(db);
    expect([...(await currentDocuments(db, 'product', [mug, tee])).keys()]).toEqual([tee]);
    expect([...(await currentDocuments(db, 'tile', [mug, tee])).keys()]).toEqual([tee]);

    const blueS = ids['TEE-BLUE-S'] as number;
    await sql`insert into product_images (product_id, position, url) values (${blueS}, 0, '/media/products/blue-s.png')`.execute(
      db,
    );
    expect((await currentDocuments(db, 'product', [tee])).size).toBe(0);
    const child = (await read(tee)).configurable_products.find((variant) => variant.id === blueS);
    expect(child?.image).toBe('/media/products/blue-s.png');
  });

  it('[I13-hotpath] the epoch moves once per transaction that changes sellers or option values, at its commit; not for a product, nor a rollback', async () => {
    const mug = ids.MUG as number;
    const start = await epoch();
    await db.transaction().execute(async (trx) => {
      await sql`update sellers set description = 'One'`.execute(trx);
      await sql`update option_values set swatch = '#aa0000' where title = 'Red'`.execute(trx);
      await sql`update sellers set name = 'Two'`.execute(trx);
      // Not yet: the bump waits for the commit, after every statement of the transaction.
      expect(await epoch(trx)).toBe(start);
    });
    expect(await epoch()).toBe(start + 1);

    // A product's own change shows through its row signature: no epoch, so no other product's documents go.
    await sql`update products set qty = qty + 1, name = 'Mug' where id = ${mug}`.execute(db);
    expect(await epoch()).toBe(start + 1);

    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update sellers set name = 'Rolled back'`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await epoch()).toBe(start + 1);
    expect(
      Number(
        (await sql<{ n: string }>`select count(*) as n from catalogue_change_marks`.execute(db)).rows[0]?.n,
      ),
    ).toBe(0);
  });

  it('[I13-hotpath] a document rendered before a change but stored after it is never served', async () => {
    const mug = ids.MUG as number;
    const stale = await read(mug);
    const old = await currentDocuments(db, 'product', [mug]);
    const oldEpoch = await epoch();
    const [oldSignature] = (
      await sql<{ s: string }>`select xmin::text as s from products where id = ${mug}`.execute(db)
    ).rows.map((row) => row.s);
    await sql`update products set price_cents = 999 where id = ${mug}`.execute(db);
    // A slow writer lands the old rendering late, with the row version it was rendered from: the read
    // renders afresh.
    await storeDocuments(db, [
      {
        productId: mug,
        kind: 'product',
        epoch: oldEpoch,
        signature: oldSignature ?? '',
        body: JSON.stringify(stale),
        etag: old.get(mug)?.etag ?? '',
      },
    ]);
    expect((await currentDocuments(db, 'product', [mug])).size).toBe(0);
    expect((await read(mug)).price).toBe(9.99);
  });

  it('[I13-hotpath] documents of many products read together come back each with its own', async () => {
    const more = Array.from({ length: 12 }, (_, i) => aSimpleProduct(`CUP-${i}`, { qty: i, price: 5 + i }));
    await importTestCatalogue(db, { sellers: [aSeller()], products: more });
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('sku', 'like', 'CUP-%')
      .execute();
    const replies = await Promise.all(rows.map((row) => service.product(row.id)));
    await service.flush();
    const fromDocuments = await Promise.all(rows.map((row) => createCatalogService(db).product(row.id)));
    for (const [i, row] of rows.entries()) {
      expect(replies[i]).toMatchObject({ sku: row.sku });
      expect(fromDocuments[i]).toEqual(replies[i]);
    }
  });
});

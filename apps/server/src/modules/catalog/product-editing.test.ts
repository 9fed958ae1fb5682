import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/database.ts';
import {
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { postgresServerUrl, type ScratchDatabase, scratchDatabase } from '../../test/spawn-server.ts';
import { CATALOGUE_CHANNEL } from './catalog-notifications.ts';
import { createProductEditing, type ProductEditor } from './product-editing.ts';

// [I16-products] A back-office edit reaches every other server process: its transaction sends the
// catalogue NOTIFY (catalog-notifications.ts) that every process's listener turns into dropping the
// replies it touched — on commit only. On a real PostgreSQL server (skipped without one).

const serverUrl = await postgresServerUrl();
if (!serverUrl)
  console.warn(
    'product-editing.test.ts skipped: no PostgreSQL server (set TEST_DATABASE_URL or run one at 127.0.0.1:5432)',
  );

let scratch: ScratchDatabase;
let database: DatabaseHandle;
let editor: ProductEditor;

async function recordNotifications(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const seen: string[] = [];
  client.on('notification', (message) => seen.push(message.payload ?? ''));
  await client.query(`listen ${CATALOGUE_CHANNEL}`);
  return { seen, close: () => client.end() };
}

const idOf = async (sku: string) =>
  (await database.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;

describe.skipIf(!serverUrl)(
  '[I16-products] edits announce themselves to other processes (PostgreSQL)',
  () => {
    beforeAll(async () => {
      scratch = await scratchDatabase(serverUrl!);
      database = await openDatabase({ url: scratch.url, poolSize: 2 });
      await migrateToLatest(database.db);
      await importTestCatalogue(database.db, {
        sellers: [aSeller()],
        products: [aSimpleProduct('MUG', { qty: 4 }), aConfigurableProduct('TEE')],
      });
      const seller = await database.db.selectFrom('sellers').select('id').executeTakeFirstOrThrow();
      const staff = await database.db
        .insertInto('staff')
        .values({ mobile: '+61400000001', name: 'Sam Seller', role: 'vendor', seller_id: seller.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      editor = {
        staffId: staff.id,
        role: 'vendor',
        sellerId: seller.id,
        assertFreshPasskey: () => Promise.reject(new Error('no passkey check in this test')),
      };
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await scratch?.drop();
    });

    it('[I16-products] a variant price names the variant and its product; a rename says all; a refused edit sends nothing', async () => {
      const editing = createProductEditing({ db: database.db, clock: new FakeClock() });
      const recorder = await recordNotifications(scratch.url);
      try {
        const tee = await idOf('TEE');
        const redM = await idOf('TEE-RED-M');
        const mug = await idOf('MUG');
        // Refused (stock moved since loading): rolled back, so nothing is announced.
        await expect(
          editing.updateVariant(editor, mug, mug, { stock: 9, expected_stock: 3 }),
        ).rejects.toThrow(/is now 4/);
        await editing.updateVariant(editor, tee, redM, { price_cents: 2100 });
        await expect.poll(() => recorder.seen.length).toBe(1);
        const ids = (recorder.seen[0] ?? '').replace('products:', '').split(',').map(Number);
        expect(ids.sort((x, y) => x - y)).toEqual([tee, redM].sort((x, y) => x - y));
        await editing.updateProduct(editor, mug, { name: 'Harbour Mug' });
        await expect.poll(() => recorder.seen.at(-1)).toBe('all');
        expect(recorder.seen).toHaveLength(2);
      } finally {
        await recorder.close();
      }
    });
  },
);

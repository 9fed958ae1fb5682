import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProduct, findProducts, listedIds, tilesByIds } from '../modules/catalog/catalog-repository.ts';
import { importTestCatalogue, simpleProducts } from '../test/catalog-factory.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database.ts';
import { preparedName } from './prepared-statements.ts';

// [I13-hotpath] The hot catalogue reads run as named statements on the PostgreSQL server: planned once
// per connection. Checked in pg_prepared_statements, on one connection (the view is per session).

const url = process.env.TEST_DATABASE_URL;

describe('[I13-hotpath] prepared catalogue statements', () => {
  it('[I13-hotpath] reads the name from the marker comment, and only from there', () => {
    expect(preparedName('/* prepared:catalogue_tiles */\n select 1')).toBe('catalogue_tiles');
    expect(preparedName('select 1 /* prepared:catalogue_tiles */')).toBeUndefined();
    expect(preparedName('/* prepared:Bad-Name */ select 1')).toBeUndefined();
  });

  describe.skipIf(!url)('on the PostgreSQL server (TEST_DATABASE_URL)', () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      handle = await openDatabase({ url, schema, poolSize: 1 });
      await migrateToLatest(handle.db, schema);
      await importTestCatalogue(handle.db, { products: simpleProducts(12) });
    });
    afterAll(async () => {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.close();
    });

    it('[I13-hotpath] the list, a page of tiles and a product are named statements, prepared once', async () => {
      for (let i = 0; i < 3; i++) {
        const ids = await listedIds(handle.db);
        expect(ids).toHaveLength(12);
        expect(await tilesByIds(handle.db, ids.slice(0, 10))).toHaveLength(10);
        expect((await findProduct(handle.db, ids[i] ?? 0))?.id).toBe(ids[i]);
        expect((await findProducts(handle.db, ids.slice(0, 5))).map((row) => row.id)).toEqual(
          ids.slice(0, 5),
        );
      }
      const { rows } = await sql<{ name: string; generic_plans: number; custom_plans: number }>`
        select name, generic_plans, custom_plans from pg_prepared_statements order by name
      `.execute(handle.db);
      expect(rows.map((row) => row.name)).toEqual([
        'catalogue_listed_ids',
        'catalogue_products',
        'catalogue_tiles',
      ]);
    });

    it('[I13-hotpath] the product and tiles statements settle on their generic plan: not planned again each time', async () => {
      // With `id = any($1)` PostgreSQL priced a custom plan for one id below the generic plan and so planned
      // every execution again (0.8 ms a gathered product read at 100,000 products against 0.35 ms). The ids
      // go through a sub-select, whose value the planner never looks into: the generic plan is as cheap.
      const ids = await listedIds(handle.db);
      for (let i = 0; i < 12; i++) {
        const some = ids.slice(0, 1 + (i % 5));
        await findProducts(handle.db, some);
        await tilesByIds(handle.db, some);
      }
      const { rows } = await sql<{ name: string; generic_plans: string; custom_plans: string }>`
        select name, generic_plans, custom_plans from pg_prepared_statements
        where name in ('catalogue_products', 'catalogue_tiles') order by name
      `.execute(handle.db);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        // PostgreSQL tries five custom plans before it compares; every execution after is generic.
        expect(Number(row.custom_plans), row.name).toBeLessThanOrEqual(5);
        expect(Number(row.generic_plans), row.name).toBeGreaterThanOrEqual(10);
      }
    });
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import {
  type Db,
  migrateToLatest,
  openDatabase,
  PGLITE_EXTENSIONS,
  TEST_TEMPLATE_DATABASE,
  TEST_TEMPLATE_FILE,
  TEST_TEMPLATE_SCHEMA,
  withDatabase,
} from '../db/database.ts';
import { PGliteDialect } from '../db/pglite-dialect.ts';
import type { Database } from '../db/schema.ts';

// [I26] Vitest's globalSetup for the server suites: one migrated database per run, which every test
// file's openTestDatabase() copies instead of creating and migrating its own.
// - Embedded (PGlite): initdb costs about 4 s and the migrations another second, per database. A dump of
//   a migrated data directory (`dumpDataDir`) loads in about 1.5 s; the file's path reaches the test
//   workers through the environment, which they inherit.
// - PostgreSQL server (TEST_DATABASE_URL): a database migrated once, which each file copies with
//   `create database … template …` and drops at its end.

async function pgliteTemplate(): Promise<() => void> {
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db: Db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    const dir = mkdtempSync(join(tmpdir(), 'quokka-test-template-'));
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[TEST_TEMPLATE_FILE] = file;
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await db.destroy();
  }
}

async function serverTemplate(url: string): Promise<() => Promise<void>> {
  const name = `quokka_test_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    const handle = await openDatabase({ url: withDatabase(url, name), schema: TEST_TEMPLATE_SCHEMA });
    try {
      await migrateToLatest(handle.db, TEST_TEMPLATE_SCHEMA);
    } finally {
      // A template must have no connections when it is copied.
      await handle.close();
    }
  } catch (error) {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    throw error;
  }
  process.env[TEST_TEMPLATE_DATABASE] = name;
  return async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}

export default async function setup(): Promise<() => void | Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? serverTemplate(url) : pgliteTemplate();
}

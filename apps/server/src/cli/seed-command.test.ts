import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoCatalogue } from '../demo/demo-catalogue.ts';
import { CliError } from './import-command.ts';
import { runSeed } from './seed-command.ts';

// `npm run cli -- seed [--reset]` against the embedded database in a temporary DATA_DIR, opened and
// closed exactly as the CLI does.

describe('npm run cli -- seed', () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'quokka-seed-'));
    process.env.DATA_DIR = dataDir;
    // An empty value wins over a .env file: this test never reaches a real PostgreSQL server.
    process.env.DATABASE_URL = '';
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function output(args: string[]): Promise<string> {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await runSeed(args);
      return write.mock.calls.map(([chunk]) => String(chunk)).join('');
    } finally {
      write.mockRestore();
    }
  }

  it('seeds the demo shop and prints a summary; a second seed changes nothing; --reset seeds afresh', async () => {
    const sellers = demoCatalogue().sellers?.length;
    const products = demoCatalogue().products?.length;
    const first = await output([]);
    expect(first).toMatch(/^Seeded the demo shop in [\d.]+ s/);
    expect(first).toMatch(new RegExp(`sellers: +${sellers} created, 0 updated, 0 unchanged`));
    expect(first).toMatch(new RegExp(`products: +${products} created, 0 updated, 0 unchanged`));

    const second = await output([]);
    expect(second).toMatch(new RegExp(`products: +0 created, 0 updated, ${products} unchanged`));

    const reset = await output(['--reset']);
    expect(reset).toMatch(/^Reset the catalogue and seeded the demo shop/);
    expect(reset).toMatch(new RegExp(`products: +${products} created`));
  }, 120_000);

  it('refuses an unknown option with the usage and exit code 2, before opening the database', async () => {
    const error = await runSeed(['--force']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ exitCode: 2, message: expect.stringContaining('seed [--reset]') });
  });
});

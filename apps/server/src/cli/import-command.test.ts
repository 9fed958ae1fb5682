import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aSeller, aSimpleProduct } from '../test/catalog-factory.ts';
import { runImport } from './import-command.ts';

// `npm run cli -- import FILE.json` against the embedded database in a temporary DATA_DIR, opened and
// closed exactly as the CLI does; and the dispatcher's exit codes, through a real process.

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const EXAMPLE = join(REPO, 'docs/catalogue-example.json');
const run = promisify(execFile);

describe('npm run cli -- import', () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quokka-import-'));
    process.env.DATA_DIR = join(dir, 'data');
    // An empty value wins over a .env file: this test never reaches a real PostgreSQL server.
    process.env.DATABASE_URL = '';
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  async function output(args: string[]): Promise<string> {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await runImport(args);
      return write.mock.calls.map(([chunk]) => String(chunk)).join('');
    } finally {
      write.mockRestore();
    }
  }

  it('imports a file with plain progress lines off a terminal and prints the summary; again changes nothing', async () => {
    const first = await output([EXAMPLE]);
    expect(first).toContain('importing: 0/3 products\n');
    expect(first).toContain('importing: 3/3 products\n');
    expect(first).toContain('pictures: 20/20 pictures\n');
    expect(first).toMatch(/Imported .*catalogue-example\.json \(json\) in \d+\.\d s/);
    expect(first).toContain('  pictures:   20 in the media store');
    expect(first).toContain('  sellers:    2 created, 0 updated, 0 unchanged');
    expect(first).toContain('  categories: 5 created, 0 updated, 0 unchanged');
    expect(first).toContain('  products:   3 created, 0 updated, 0 unchanged');
    const second = await output([EXAMPLE]);
    expect(first).toContain('  variants:   9 created, 0 updated, 0 unchanged');
    expect(second).toContain('  products:   0 created, 0 updated, 3 unchanged');
    // A re-import that writes nothing says so for variants too.
    expect(second).toContain('  variants:   0 created, 0 updated, 9 unchanged');
  });

  it('reports a missing file, bad JSON and a missing argument as readable errors', async () => {
    await expect(runImport([join(dir, 'nope.json')])).rejects.toThrow(
      /^Cannot read .*nope\.json: no such file$/,
    );
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"products": [');
    await expect(runImport([broken])).rejects.toThrow(/\(file\): not valid JSON/);
    await expect(runImport([])).rejects.toEqual(
      expect.objectContaining({
        exitCode: 2,
        message: expect.stringMatching(/^Usage: npm run cli -- import FILE/),
      }),
    );
  });

  it('exits 1 with every problem and its path for a bad file, 2 for an unknown command, 0 for help', async () => {
    const bad = join(dir, 'bad.json');
    // A file as an operator might get it wrong: a negative price and a product missing most fields.
    writeFileSync(
      bad,
      JSON.stringify({
        sellers: [aSeller()],
        products: [aSimpleProduct('A', { price: -1 }), { type: 'simple', sku: 'B' }],
      }),
    );
    const env = { ...process.env, DATA_DIR: join(dir, 'cli-data'), DATABASE_URL: '' };
    const cli = (args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
        cwd: REPO,
        env,
      }).then(
        (result) => ({ code: 0, ...result }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );

    const failed = await cli(['import', bad]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('The catalogue file has 6 problems:');
    expect(failed.stderr).toContain('  - products[0].price: Too small: expected number to be >=0');
    expect(failed.stderr).toContain('  - products[1].name: is required');
    expect(failed.stderr).toContain('Nothing was imported.');
    expect(failed.stderr).not.toMatch(/\n\s+at /);

    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate".');

    const help = await cli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/import FILE \[--format json\|shopify\|magento\].*Import a catalogue/);
    expect(help.stdout).toMatch(/seed \[--reset\]/);
  });
});

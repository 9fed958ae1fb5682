import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aSeller, aSimpleProduct } from '../test/catalog-factory.ts';
import { parseImportArgs, runImport } from './import-command.ts';

// `npm run cli -- import FILE.json` against the embedded database in a temporary DATA_DIR, opened and
// closed exactly as the CLI does; and the dispatcher's exit codes, through a real process.

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const EXAMPLE = join(REPO, 'docs/catalogue-example.json');
const SHOPIFY = join(REPO, 'docs/examples/shopify-products.csv');
const MAGENTO = join(REPO, 'docs/examples/magento-products.csv');
const run = promisify(execFile);

// Each test runs the CLI as its own process (a few seconds each, more behind a second test worker).
describe('npm run cli -- import', { timeout: 120_000 }, () => {
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
    expect(first).toContain('pictures: 21/21 pictures\n');
    expect(first).toMatch(/Imported .*catalogue-example\.json \(json\) in \d+\.\d s/);
    expect(first).toContain('  pictures:   21 stored, 0 already in the media store');
    expect(first).toContain('  sellers:    2 created, 0 updated, 0 unchanged');
    expect(first).toContain('  categories: 5 created, 0 updated, 0 unchanged');
    expect(first).toContain('  products:   3 created, 0 updated, 0 unchanged');
    const second = await output([EXAMPLE]);
    expect(first).toContain('  variants:   9 created, 0 updated, 0 unchanged');
    expect(second).toContain('  pictures:   0 stored, 21 already in the media store');
    expect(second).toContain('  products:   0 created, 0 updated, 3 unchanged');
    // A re-import that writes nothing says so for variants too.
    expect(second).toContain('  variants:   0 created, 0 updated, 9 unchanged');
  });

  it('imports a Shopify and a Magento export with progress for pictures and products, warnings first', async () => {
    const shopify = await output([SHOPIFY]);
    expect(shopify).toContain('pictures: 6/6 pictures\n');
    expect(shopify).toContain('importing: 4/4 products\n');
    expect(shopify).toMatch(/Imported .*shopify-products\.csv \(shopify\) in \d+\.\d s/);
    expect(shopify).toContain('  variants:   10 created, 0 updated, 0 unchanged');
    const magento = await output([MAGENTO, '--seller', 'Luma Outdoor']);
    expect(magento.indexOf('Warning: 1 category deeper than 3 levels')).toBeLessThan(
      magento.indexOf('importing:'),
    );
    expect(magento).toContain(
      '    Collections / Outdoor / Winter / Shells → Collections / Outdoor / Winter\n',
    );
    expect(magento).toContain('  products:   2 created, 0 updated, 0 unchanged');
    const again = await output([MAGENTO, '--format=magento', '--seller=Luma Outdoor']);
    expect(again).toContain('  variants:   0 created, 0 updated, 5 unchanged');
  });

  it('reads --format, --seller and repeated --category; refuses what it does not know', () => {
    expect(
      parseImportArgs([
        'x.csv',
        '--format',
        'shopify',
        '--category',
        'Hoodies=Clothing / Men / Hoodies',
        '--category=mug=Home>Kitchen',
      ]),
    ).toEqual({
      path: 'x.csv',
      options: {
        format: 'shopify',
        categories: new Map([
          ['Hoodies', ['Clothing', 'Men', 'Hoodies']],
          ['mug', ['Home', 'Kitchen']],
        ]),
      },
    });
    expect(parseImportArgs(['--seller=Luma', 'x.csv']).options).toEqual({ seller: 'Luma' });
    expect(() => parseImportArgs(['x.csv', '--format', 'xlsx'])).toThrow(
      '--format must be json, shopify or magento, not "xlsx"',
    );
    expect(() => parseImportArgs(['x.csv', '--category', 'Hoodies'])).toThrow(
      '--category takes VALUE=Path/To/Category',
    );
    expect(() => parseImportArgs(['x.csv', '--seller'])).toThrow('--seller needs a value');
    expect(() => parseImportArgs(['x.csv', '--dry-run', 'yes'])).toThrow('Unknown option --dry-run');
    expect(() => parseImportArgs(['a.csv', 'b.csv'])).toThrow(/^Usage: npm run cli -- import FILE/);
  });

  it('cannot tell the format of an unknown CSV or extension, and says which formats it reads', async () => {
    const odd = join(dir, 'odd.csv');
    writeFileSync(odd, 'a,b\n1,2\n');
    await expect(runImport([odd])).rejects.toThrow(
      /^Cannot tell the format of .*odd\.csv: expected a \.json catalogue, a Shopify/,
    );
    await expect(runImport([join(REPO, 'README.md')])).rejects.toThrow(/Cannot tell the format/);
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

    const badCsv = join(dir, 'bad.csv');
    writeFileSync(
      badCsv,
      'Handle,Title,Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src\n' +
        'tee,Tee,Harbour,Material,Cotton,TEE-1,1,10,tee.jpg\n' +
        'tee,,,,Linen,TEE-2,1,ten,\n',
    );
    const csvFailed = await cli(['import', badCsv]);
    expect(csvFailed.code).toBe(1);
    expect(csvFailed.stderr).toContain('The catalogue file has 2 problems:');
    expect(csvFailed.stderr).toContain(
      '  - row 2, column Option1 Name: option "Material" cannot be imported',
    );
    expect(csvFailed.stderr).toContain('  - row 3, column Variant Price: "ten" is not a price in dollars');
    expect(csvFailed.stderr).toContain('Nothing was imported.');

    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate".');

    const help = await cli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/import FILE \[--format json\|shopify\|magento\].*Import a catalogue/);
    expect(help.stdout).toMatch(/seed \[--reset\]/);
  });
});

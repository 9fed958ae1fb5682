import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure, PAGES } from './check-js-budget.mjs';

// [I13-js] The first-load JavaScript of /browse and /product, measured on a production build made here
// (the e2e and server suites build with NODE_ENV=test, which is not what shoppers download).

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');

/** [I13-js] The budget, on the bytes a browser downloads (brotli; see check-js-budget.mjs). */
const BUDGET_KB = 100;

/**
 * The gzip ratchet, for clients without brotli: today's first load (KB of 1,000 bytes) with a little
 * room. It only ever goes down. What is left above it is mostly libraries:
 * React DOM 19 with React and the scheduler 68 KB, React Query 10.5, React Router (declarative) ~9 and
 * the contract's texts 4.6 — 92 KB before the app's own code (docs/architecture.md).
 */
const RATCHET_KB = { '/browse': 112, '/product': 114 };

let dist;
let results;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'quokka-js-budget-'));
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: web,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  results = measure(dist);
}, 180_000);

afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('[I13-js] first-load JavaScript on /browse and /product', () => {
  it('stays within 100 KB as downloaded (brotli), and within the ratchet in gzip', () => {
    for (const page of Object.keys(PAGES)) {
      const { total } = results[page];
      expect(total.brotli / 1000, page).toBeLessThanOrEqual(BUDGET_KB);
      expect(total.gzip / 1000, page).toBeLessThanOrEqual(RATCHET_KB[page]);
      expect(total.brotli).toBeLessThan(total.gzip);
    }
  });

  it('holds nothing that only checkout, registration, gift cards, account, the card provider, the side menu or an add to the cart need', () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
    const laterOnly = Object.keys(manifest).filter((key) =>
      /^src\/features\/(checkout|giftcards|account)\/|^src\/features\/auth\/(routes\/|components\/auth-popups)|^src\/features\/cart\/(components\/cart-popup-host|add-line)|^src\/app\/routes\/(saved-cards|account-guard)|^src\/app\/layout\/side-menu/.test(
        key,
      ),
    );
    expect(laterOnly.length).toBeGreaterThan(5);
    for (const page of Object.keys(PAGES)) {
      const files = results[page].rows.map((row) => row.file);
      for (const key of laterOnly) expect(files, `${page} loads ${key}`).not.toContain(manifest[key].file);
      const text = files.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
      // The card provider's script, and zod (the contract's schemas load with the calls that use them).
      expect(text, `${page}: Stripe`).not.toContain('js.stripe.com');
      expect(text, `${page}: zod`).not.toContain('ZodError');
    }
  });

  it('counts the entry, its modulepreloads and the screen’s route chunk', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const entry = html.match(/<script type="module" crossorigin src="\/([^"]+)"/)?.[1];
    for (const page of Object.keys(PAGES)) {
      const files = results[page].rows.map((row) => row.file);
      expect(files).toContain(entry);
      expect(files.some((file) => file.includes(page === '/browse' ? 'browse-page' : 'product-page'))).toBe(
        true,
      );
    }
  });
});

// [I13-js] The first-load JavaScript budget: on /browse and /product, the scripts a phone downloads before
// the first screen works (the entry script, everything it imports statically, and the screen's route chunk
// with its static imports, which the server preloads; see apps/server/src/web/render-page.ts) must stay
// at or under 100 KB compressed. Run after `npm run build` (`npm run check:js`); exits 1 over budget.
//
//   node scripts/check-js-budget.mjs [--dist apps/web/dist] [--budget 100]
//
// Sizes are gzip (level 9, as assets compressed at build are) and brotli (quality 11), in KB of 1,000
// bytes. The budget applies to brotli: it is what the server sends every browser that accepts it (every
// phone browser of the last eight years; apps/server/src/http/compression.ts prefers br), so it is the
// JavaScript a shopper downloads. Gzip, for the rare client without brotli, is held by a ratchet in
// check-js-budget.test.mjs.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The screens measured, by the route module the server renders them with. */
export const PAGES = {
  '/browse': 'src/features/catalog/routes/browse-page.tsx',
  '/product': 'src/features/catalog/routes/product-page.tsx',
};

const KB = 1000;

/** Script files named by the built index.html: the entry module and its modulepreloads. */
function htmlScripts(html) {
  const files = new Set();
  for (const match of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/g))
    files.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g)) {
    files.add(match[1]);
  }
  return files;
}

/** A manifest entry's file and every chunk it imports statically (what loads before it runs). */
function staticGraph(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticGraph(manifest, imported, files);
  return files;
}

export function compressedSize(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The first-load scripts of each page and their sizes. */
export function measure(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the manifest names no index.html entry');
  const results = {};
  for (const [page, module] of Object.entries(PAGES)) {
    if (!manifest[module]) throw new Error(`the manifest has no ${module} (the route of ${page})`);
    const files = new Set([
      ...htmlScripts(html),
      ...staticGraph(manifest, entry),
      ...staticGraph(manifest, module),
    ]);
    const rows = [...files].map((file) => ({ file, ...compressedSize(readFileSync(join(dist, file))) }));
    rows.sort((a, b) => b.gzip - a.gzip);
    const total = rows.reduce(
      (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
    results[page] = { rows, total };
  }
  return results;
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`.padStart(9);

function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = args.indexOf(name);
    return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
  };
  const dist = resolve(option('--dist', join(root, 'apps/web/dist')));
  const budget = Number(option('--budget', '100')) * KB;
  const results = measure(dist);
  let over = false;
  for (const [page, { rows, total }] of Object.entries(results)) {
    console.log(`\n${page}: first-load JavaScript (${rows.length} files)`);
    console.log(`${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}  file`);
    for (const row of rows) console.log(`${kb(row.raw)} ${kb(row.gzip)} ${kb(row.brotli)}  ${row.file}`);
    const verdict = total.brotli <= budget ? 'within' : 'OVER';
    if (total.brotli > budget) over = true;
    console.log(
      `${kb(total.raw)} ${kb(total.gzip)} ${kb(total.brotli)}  total: ${verdict} the budget of ${kb(budget).trim()} brotli`,
    );
  }
  process.exit(over ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

// The back office's layout (docs/admin-app.md "Layout"), as the shopper app's: every call of /admin/api is a
// function in a `features/<f>/api/` (or, for the session's own, `lib/api/`) file with its query key beside
// it, and every stylesheet sits beside the code that imports it, the shared one being app/global.css.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const all = filesUnder(SRC).map((path) => relative(SRC, path).split('\\').join('/'));
const code = all.filter(
  (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.startsWith('test/'),
);
const isCallFile = (path: string) =>
  /^features\/[^/]+\/api\/[^/]+\.ts$/.test(path) || /^lib\/api\/[^/]+\.ts$/.test(path);
const read = (path: string) => readFileSync(join(SRC, path), 'utf8');

describe('[I28-admin-layout] the back office has the shopper app structure', () => {
  it('calls /admin/api and names query keys only in api/ files', () => {
    const misplaced = code
      .filter((path) => !isCallFile(path) && path !== 'lib/api-client.ts')
      .flatMap((path) => {
        const text = read(path);
        const found: string[] = [];
        // A call of the api client with a path: api('/orders', …), client(`/orders/${id}`, …).
        if (/\b(api|client)\(\s*[`'"]\//.test(text)) found.push(`${path}: calls the API`);
        // A query key written out rather than taken from the call's file.
        if (/queryKey:\s*\[/.test(text)) found.push(`${path}: writes a query key`);
        return found;
      });
    expect(misplaced).toEqual([]);
  });

  it('keeps one shared stylesheet; every other sheet is imported by code beside it', () => {
    const sheets = all.filter((path) => path.endsWith('.css'));
    expect(sheets).toContain('app/global.css');
    expect(sheets).not.toContain('app/admin.css');
    const orphans = sheets.filter((sheet) => {
      const folder = dirname(sheet);
      const name = sheet.slice(folder.length + 1);
      const importers =
        sheet === 'app/global.css' ? ['main.tsx'] : code.filter((path) => dirname(path) === folder);
      return !importers.some((path) =>
        read(path).includes(`import './${sheet === 'app/global.css' ? sheet : name}';`),
      );
    });
    expect(orphans).toEqual([]);
    // "Small": the shared sheet holds what every screen uses, not a feature's own rules.
    expect(read('app/global.css').split('\n').length).toBeLessThan(600);
  });
});

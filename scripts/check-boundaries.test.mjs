import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './check-boundaries.mjs';

// The import boundaries of docs/architecture.md, proved on small trees planted in a temporary folder:
// each test writes the files of a tree, then asks the checker (and once, the command) what it finds.

const SCRIPT = fileURLToPath(new URL('./check-boundaries.mjs', import.meta.url));
const roots = [];

function plant(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'quokka-boundaries-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

describe('web features', () => {
  it('refuses a cross-feature import of an internal file, and the command exits 1 naming it', () => {
    const root = plant({
      [`${WEB}/features/cart/cart-lines.ts`]: 'export const lines = 1;\n',
      [`${WEB}/features/checkout/checkout-page.tsx`]:
        "import { lines } from '../cart/cart-lines';\nexport const page = lines;\n",
    });
    expect(checkBoundaries(root)).toEqual([
      expect.stringContaining(
        "apps/web/src/features/checkout/checkout-page.tsx: imports features/cart/cart-lines.ts, inside feature 'cart'",
      ),
    ]);

    const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('features/checkout/checkout-page.tsx');
  });

  it("allows another feature's public.ts, and test code using another feature's fakes", () => {
    const root = plant({
      [`${WEB}/features/cart/cart-lines.ts`]: 'export const lines = 1;\n',
      [`${WEB}/features/cart/public.ts`]: "export { lines } from './cart-lines';\n",
      [`${WEB}/features/cart/test/fake-cart.ts`]: 'export const fake = 1;\n',
      [`${WEB}/features/checkout/checkout-page.tsx`]:
        "import { lines } from '../cart/public';\nexport const page = lines;\n",
      [`${WEB}/features/checkout/checkout-page.test.tsx`]:
        "import { fake } from '../cart/test/fake-cart';\nfake;\n",
    });
    expect(checkBoundaries(root)).toEqual([]);

    const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
    expect(run.status).toBe(0);
  });

  it('refuses lib/ and components/ depending on a feature or on app/', () => {
    const root = plant({
      [`${WEB}/features/cart/public.ts`]: 'export const lines = 1;\n',
      [`${WEB}/app/router.tsx`]: 'export const router = 1;\n',
      [`${WEB}/lib/storage.ts`]:
        "import { lines } from '../features/cart/public';\nexport const s = lines;\n",
      [`${WEB}/components/ui/button.tsx`]:
        "import { router } from '../../app/router';\nexport const b = router;\n",
    });
    const problems = checkBoundaries(root);
    expect(problems).toContainEqual(expect.stringContaining('apps/web/src/lib/storage.ts: lib/ imports'));
    expect(problems).toContainEqual(expect.stringContaining('components/ui/button.tsx: components/ imports'));
  });

  it('finds a cycle between features even through their public files', () => {
    const root = plant({
      [`${WEB}/features/cart/public.ts`]: "export { choice } from '../catalog/public';\n",
      [`${WEB}/features/catalog/public.ts`]: "import '../cart/public';\nexport const choice = 1;\n",
    });
    expect(checkBoundaries(root)).toEqual([
      expect.stringMatching(/import cycle between features\/cart, features\/catalog/),
    ]);
  });
});

describe('server modules', () => {
  it("refuses a module importing another module's repository, not its service", () => {
    const root = plant({
      [`${SERVER}/modules/catalog/catalog-repository.ts`]: 'export const takeStock = 1;\n',
      [`${SERVER}/modules/catalog/catalog-service.ts`]:
        "import { takeStock } from './catalog-repository.ts';\nexport const inventory = takeStock;\n",
      [`${SERVER}/modules/checkout/checkout-service.ts`]: [
        "import { takeStock } from '../catalog/catalog-repository.ts';",
        "import { inventory } from '../catalog/catalog-service.ts';",
        'export const x = [takeStock, inventory];',
        '',
      ].join('\n'),
    });
    expect(checkBoundaries(root)).toEqual([
      expect.stringContaining(
        "apps/server/src/modules/checkout/checkout-service.ts: module 'checkout' imports catalog/catalog-repository.ts",
      ),
    ]);
  });

  it('finds a cycle between folders, and leaves test files out of the graph', () => {
    const root = plant({
      [`${SERVER}/http/customer-auth.ts`]:
        "import { find } from '../modules/auth/auth-service.ts';\nexport const a = find;\n",
      [`${SERVER}/modules/auth/auth-service.ts`]:
        "import { NotFound } from '../../http/errors.ts';\nexport const find = NotFound;\n",
      [`${SERVER}/http/errors.ts`]: 'export const NotFound = 1;\n',
      [`${SERVER}/modules/cart/cart-service.ts`]: 'export const cart = 1;\n',
      [`${SERVER}/modules/cart/cart-service.test.ts`]: "import '../../test/cart-factory.ts';\n",
      [`${SERVER}/test/cart-factory.ts`]: "import '../modules/cart/cart-service.ts';\n",
    });
    const problems = checkBoundaries(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/import cycle between http, modules\/auth/);
    expect(problems[0]).toContain(
      'apps/server/src/http/customer-auth.ts imports modules/auth/auth-service.ts',
    );
  });

  it("refuses SQL that writes another module's table, or reads one outside the shared reads", () => {
    const root = plant({
      [`${SERVER}/modules/checkout/checkout-repository.ts`]: [
        "export const take = (trx) => trx.updateTable('products').set({ qty: 0 });",
        "export const order = (trx) => trx.insertInto('orders').values({});",
        "export const member = (db) => db.selectFrom('customers').selectAll();",
        '',
      ].join('\n'),
      [`${SERVER}/modules/cart/cart-repository.ts`]:
        "export const lines = (db) => db.selectFrom('cart_items').innerJoin('products', 'a', 'b');\n",
    });
    expect(checkBoundaries(root)).toEqual([
      expect.stringContaining(
        "checkout-repository.ts:1: module 'checkout' writes table products, which module 'catalog' owns",
      ),
      expect.stringContaining(
        "checkout-repository.ts:3: module 'checkout' reads table customers, which module 'customer' owns",
      ),
    ]);
  });

  it("refuses worker/ or webhooks/ writing a module's table; reading one is allowed", () => {
    const root = plant({
      [`${SERVER}/webhooks/stripe-order-updates.ts`]: [
        "export const lock = (db) => db.selectFrom('orders').selectAll();",
        "export const refund = (db) => db.updateTable('orders').set({ refunded_cents: 1 });",
        '',
      ].join('\n'),
      [`${SERVER}/worker/gift-card-sends.ts`]:
        "export const sent = (db) => db.insertInto('sent_messages').values({});\n",
    });
    expect(checkBoundaries(root)).toEqual([
      expect.stringContaining(
        "stripe-order-updates.ts:2: webhooks/ writes table orders, which module 'checkout' owns",
      ),
      expect.stringContaining(
        "gift-card-sends.ts:1: worker/ writes table sent_messages, which module 'messages' owns",
      ),
    ]);
  });
});

#!/usr/bin/env node
// The import boundaries of docs/architecture.md, checked on every `npm run lint`:
//
//   server  a file in modules/<a>/ never imports modules/<b>/*-repository.ts: a module owns its tables,
//           and another module asks through its service.
//   web     (and the back office, apps/admin) a file in features/<a>/ imports another feature only through features/<b>/public.ts (test
//           code may also use features/<b>/test/** fakes); lib/ and components/ import no feature and
//           no app/; features import no app/ (their tests may render the app).
//           Its SQL names only the tables it owns (TABLE_OWNERS), apart from the reads listed in
//           SHARED_READS with their reason. worker/ and webhooks/ write no module's table at all.
//   both    no import cycle between folders. Each top-level folder of src/ is one node, each
//           modules/<x> and features/<x> is its own node, and a file at the root of src/ is a node of
//           its own. Test code (*.test.*, */test/**) is left out of the cycle graph: tests are leaves.
//
// Imports are read with TypeScript's own pre-processor (static, re-exports and dynamic imports).
// Usage: node scripts/check-boundaries.mjs [--root DIR]   (exit 1 and one line per breach)

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** Which server module owns (creates, writes and answers for) each table; see docs/architecture.md. */
export const TABLE_OWNERS = {
  auth: ['customer_tokens', 'otp_codes', 'otp_sends'],
  customer: ['customers', 'customer_addresses'],
  catalog: [
    'sellers',
    'categories',
    'option_values',
    'products',
    'product_images',
    'product_categories',
    'mms_templates',
    // [I32] An approved product's held change of name, description or photos (PRODUCT_REVIEW=manual).
    'product_changes',
  ],
  cart: ['carts', 'cart_items'],
  checkout: ['orders', 'order_items', 'shipping_methods'],
  giftcards: ['gift_card_details', 'gift_card_orders', 'gift_card_resends', 'gift_card_redemptions'],
  staff: [
    'staff',
    'staff_sessions',
    'staff_passkeys',
    'staff_webauthn_challenges',
    'staff_audit',
    // [I32] The single-use links texted to new members of staff.
    'staff_invites',
  ],
  // [I32] Applications to sell (/sell), decided by an operator; an approval makes the seller (through the
  // catalogue's service) and its owner's staff account (through the staff module's).
  sellers: ['seller_applications'],
  // [I15] An order's life after checkout: its timeline, shipments and refunds. The order and its lines
  // stay checkout's; the back office writes them through checkout's records (orderRecords).
  orders: ['order_events', 'order_shipments', 'order_refunds'],
  // [I29] Texts shoppers send to the shop's number (each MessageSid once).
  messages: ['sent_messages', 'inbound_texts'],
  // [I29] Consent to sellers' marketing texts, its evidence log, and the STOPs (consent.ts).
  // [I29] Campaigns, their recipients (short codes, clicks), the weekly quota and the shared send rate.
  campaigns: [
    'text_consents',
    'text_consent_events',
    'text_stops',
    'campaigns',
    'campaign_recipients',
    'marketing_quota',
    'send_rate',
    // [I30] Reply to buy: the members' Buy by reply settings and the offers of the BUY / YES exchange.
    'reply_to_buy_settings',
    'reply_offers',
    // [I31] Texts that go by themselves: each seller's flows, the back-in-stock asks, and every automated
    // text with its short code and clicks (one module with the campaigns: the same consent, STOPs, quota,
    // short links, opt-out page and attribution).
    'automations',
    'stock_alerts',
    'automation_sends',
  ],
  // [I16] Sellers' money: the append-only ledger (others post through ledger-entries.ts), statements,
  // bank accounts, payouts and tax invoices.
  ledger: [
    'ledger_entries',
    'seller_statements',
    'seller_bank_accounts',
    'payout_runs',
    'payout_items',
    'tax_invoices',
  ],
};

/**
 * Reads of another module's tables that are allowed, each with its reason. Writes never are: the owner
 * writes its tables (stock included), others call its service.
 */
export const SHARED_READS = {
  // A cart line shows the catalogue's live name, price, picture and stock: one join, not N calls.
  cart: ['products', 'sellers'],
  // [I15] The back office's order list, CSV and order page: orders with their lines, their sellers' and
  // staff members' names, searched and filtered in SQL (one query a page, not one call per order); the
  // order page leaves out of what is refundable the part a gift card voided since it paid (its
  // redemption and the card's voided_at).
  orders: [
    'orders',
    'order_items',
    'sellers',
    'staff',
    'sent_messages',
    'gift_card_redemptions',
    'gift_card_details',
  ],
  // [I15] The gift card console finds cards by order number and refunds a void from what was captured.
  // [I16-redeem] In-store redemption shows the card's seller and who redeemed it (one join each).
  giftcards: ['orders', 'order_items', 'sent_messages', 'order_refunds', 'sellers', 'staff'],
  // [I16-ledger] Postings read the event they post in its own transaction: the order and its lines
  // (sellers, totals, affiliate seller), the refund row, the gift card parts it paid or got back; the
  // statements name their seller. [I16-payouts] Bank accounts and tax invoices name the seller; a payout
  // run shows the name of the member of staff who made it.
  ledger: ['orders', 'order_items', 'order_refunds', 'gift_card_redemptions', 'sellers', 'staff'],
  // [I34] The operators' customer page (customer-record.ts): the member's orders, the gift cards they
  // bought or hold, the texts to their mobile (never a body) and their consents with the sellers' names and
  // a STOP, one read-only query each (customer cannot import checkout, giftcards or campaigns: they import it).
  customer: ['orders', 'gift_card_details', 'sent_messages', 'text_consents', 'text_stops', 'sellers'],
  // [I29] Consent names its seller (the switches, the JOIN keyword, the /u page, the subscribers' CSV) and
  // My Account › Text offers reads the member's mobile: one join each.
  // [I29] A campaign names its featured product (checked to be the seller's) and texts a test to the
  // member of staff's own mobile; the audience and the results read orders, their lines, the default
  // shipping address (the zone) and the outbox rows' states in one set-based statement each (100,000
  // recipients in seconds, not a call per recipient).
  campaigns: [
    'sellers',
    'customers',
    'products',
    'staff',
    'orders',
    'order_items',
    'customer_addresses',
    'sent_messages',
    // [I30] A reply-to-buy campaign names its chosen variant's colour and size (one join each).
    'option_values',
    // [I31] Automated texts are about carts, shipments marked delivered and the lines of orders (one
    // set-based statement each, never a call per recipient).
    'carts',
    'cart_items',
    'order_shipments',
  ],
};

const SQL_TABLE =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)/g;

/** The two trees whose folders are checked, relative to the repository root. */
export const TREES = [
  { name: 'server', src: 'apps/server/src', groups: ['modules'] },
  { name: 'web', src: 'apps/web/src', groups: ['features'] },
  // [I15-admin] The back office follows the shopper app's rules.
  { name: 'admin', src: 'apps/admin/src', groups: ['features'] },
];

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` written for `./x.ts`
  const swapped = base.replace(/\.js$/, '.ts');
  return existsSync(swapped) ? swapped : null;
}

function importsOf(text) {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

const isTestCode = (rel) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(rel) || /(^|\/)test\//.test(rel);

/** The folder node of a path relative to src: `modules/cart`, `http`, or `config.ts` at the root. */
function nodeOf(rel, groups) {
  const parts = rel.split('/');
  if (parts.length === 1) return parts[0];
  if (groups.includes(parts[0]) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** Strongly connected components of more than one node (Tarjan). */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const low = new Map();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return found;
}

const OWNER_OF_TABLE = new Map(
  Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) => tables.map((table) => [table, owner])),
);

/** SQL in module `module` that names a table another module owns. */
function tableBreaches(where, module, text) {
  const problems = [];
  const readable = new Set(SHARED_READS[module] ?? []);
  for (const match of text.matchAll(SQL_TABLE)) {
    const [, verb, table] = match;
    const owner = OWNER_OF_TABLE.get(table);
    if (!owner || owner === module) continue;
    const isRead = verb !== 'insertInto' && verb !== 'updateTable' && verb !== 'deleteFrom';
    if (isRead && readable.has(table)) continue;
    const line = text.slice(0, match.index).split('\n').length;
    problems.push(
      `${where}:${line}: module '${module}' ${isRead ? 'reads' : 'writes'} table ${table}, which module '${owner}' owns; call its service`,
    );
  }
  return problems;
}

/**
 * The folders of the server outside modules/ that run module code (the worker's jobs, the providers'
 * webhooks): they may read what they need but write no module's table; each change goes through the
 * owning module's function (e.g. a refund made at Stripe through modules/orders' refund path).
 */
const OUTSIDE_WRITERS = new Set(['worker', 'webhooks']);

/** SQL in worker/ or webhooks/ that writes a table a module owns. */
function outsideWrites(where, folder, text) {
  const problems = [];
  for (const match of text.matchAll(SQL_TABLE)) {
    const [, verb, table] = match;
    const owner = OWNER_OF_TABLE.get(table);
    if (!owner || (verb !== 'insertInto' && verb !== 'updateTable' && verb !== 'deleteFrom')) continue;
    const line = text.slice(0, match.index).split('\n').length;
    problems.push(
      `${where}:${line}: ${folder}/ writes table ${table}, which module '${owner}' owns; call its function`,
    );
  }
  return problems;
}

/** Every breach in the repository at `root`, as readable lines. */
export function checkBoundaries(root) {
  const problems = [];
  for (const tree of TREES) {
    const srcDir = path.join(root, tree.src);
    const graph = new Map();
    const edgeExamples = new Map();
    for (const file of listFiles(srcDir)) {
      const rel = path.relative(srcDir, file).split(path.sep).join('/');
      const from = nodeOf(rel, tree.groups);
      const testCode = isTestCode(rel);
      const text = readFileSync(file, 'utf8');
      if (tree.name === 'server' && from.startsWith('modules/') && !testCode) {
        problems.push(...tableBreaches(`${tree.src}/${rel}`, from.split('/')[1], text));
      }
      if (tree.name === 'server' && OUTSIDE_WRITERS.has(from) && !testCode) {
        problems.push(...outsideWrites(`${tree.src}/${rel}`, from, text));
      }
      for (const specifier of importsOf(text)) {
        const target = resolveImport(file, specifier);
        if (!target) continue;
        const targetRel = path.relative(srcDir, target).split(path.sep).join('/');
        if (targetRel.startsWith('..')) continue; // another package or tree
        const to = nodeOf(targetRel, tree.groups);
        const where = `${tree.src}/${rel}`;

        if (tree.name === 'server') {
          const [, fromModule] = from.split('/');
          const toParts = targetRel.split('/');
          if (
            !testCode &&
            from.startsWith('modules/') &&
            to.startsWith('modules/') &&
            to !== from &&
            /-repository\.ts$/.test(targetRel)
          ) {
            problems.push(
              `${where}: module '${fromModule}' imports ${toParts.slice(1).join('/')}, another module's repository; call that module's service`,
            );
          }
        }

        if (tree.name === 'web' || tree.name === 'admin') {
          const crossFeature = from.startsWith('features/') && to.startsWith('features/') && from !== to;
          if (crossFeature) {
            const inside = targetRel.split('/').slice(2).join('/');
            const allowed = inside === 'public.ts' || (testCode && inside.startsWith('test/'));
            if (!allowed) {
              problems.push(
                `${where}: imports ${targetRel}, inside feature '${to.split('/')[1]}'; import it from ${to}/public.ts or move it to components/ or lib/`,
              );
            }
          }
          if ((from === 'lib' || from === 'components') && (to.startsWith('features/') || to === 'app')) {
            problems.push(`${where}: ${from}/ imports ${targetRel}; ${from}/ must not depend on ${to}`);
          }
          if (!testCode && from.startsWith('features/') && to === 'app') {
            problems.push(
              `${where}: a feature imports ${targetRel} from app/; app/ composes features, not the reverse`,
            );
          }
        }

        if (!testCode && !isTestCode(targetRel) && from !== to) {
          if (!graph.has(from)) graph.set(from, new Set());
          graph.get(from).add(to);
          const key = `${from} -> ${to}`;
          if (!edgeExamples.has(key)) edgeExamples.set(key, `${where} imports ${targetRel}`);
        }
      }
    }
    for (const component of cycles(graph)) {
      const members = new Set(component);
      const edges = [...edgeExamples.entries()]
        .filter(([key]) => {
          const [a, b] = key.split(' -> ');
          return members.has(a) && members.has(b);
        })
        .map(([, example]) => `    ${example}`);
      problems.push(`${tree.src}: import cycle between ${component.join(', ')}:\n${edges.join('\n')}`);
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rootFlag = process.argv.indexOf('--root');
  const root =
    rootFlag >= 0
      ? path.resolve(process.argv[rootFlag + 1])
      : path.resolve(fileURLToPath(import.meta.url), '../..');
  const problems = checkBoundaries(root);
  if (problems.length > 0) {
    console.error(`Import boundaries: ${problems.length} breach${problems.length === 1 ? '' : 'es'}`);
    for (const problem of problems) console.error(`  ${problem}`);
    console.error('See docs/architecture.md for the rules.');
    process.exit(1);
  }
  console.log('Import boundaries: ok (server modules, web features, no folder cycles)');
}

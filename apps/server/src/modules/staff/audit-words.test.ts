// [I34] Every action code a staff action records has words (audit-words.ts), and the words read right.
//
// The codes are read from the server's own sources, so a new one fails here until it has words: in each
// file that writes audit lines (it calls recordStaffAction, or an audit helper handed it), every string
// literal shaped like a code ('order.approved', 'sign_in.code'), and every literal given as `action:`
// ('sign_out'). Literals that are SQL references are left out: a one- or two-letter alias ('p.name'), a
// table's column ('orders.id', 'sellers.name' also as 'seller.id'), Kysely's 'excluded.*', and file
// names ('upload.csv').

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACTION_CHOICES, ACTION_WORDS, actionWords, changeWords, DERIVED_ACTIONS } from './audit-words.ts';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every table of the database with its columns, from db/schema.ts's `Database` and its interfaces. */
function tableColumns(): Map<string, Set<string>> {
  const schema = readFileSync(join(SRC, 'db/schema.ts'), 'utf8');
  const interfaces = new Map(
    [...schema.matchAll(/interface (\w+) \{([^}]*)\}/g)].map((match) => [
      match[1] as string,
      new Set([...(match[2] as string).matchAll(/^\s*(\w+)\??:/gm)].map((column) => column[1] as string)),
    ]),
  );
  const database = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  const tables = new Map<string, Set<string>>();
  for (const [, table, type] of database.matchAll(/(\w+): (\w+);/g))
    tables.set(table as string, interfaces.get(type as string) ?? new Set());
  return tables;
}

const FILE_NAME = /\.(csv|json|ts|js|html|css|pdf|png|jpe?g|webp|tar|wasm|lock|data|aba|txt)$/;

/** The action codes the server's sources record, each with the first file that does. */
export function recordedCodes(): Map<string, string> {
  const tables = tableColumns();
  const isColumn = (table: string, column: string) =>
    tables.get(table)?.has(column) || tables.get(`${table}s`)?.has(column);
  const codes = new Map<string, string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    // The words table itself records nothing (and names the derived filters, which are no codes).
    if (file.endsWith('audit-words.ts') || !/recordStaffAction|\baudit\(/.test(text)) continue;
    const where = file.slice(SRC.length);
    for (const [literal, table, column] of text.matchAll(/'([a-z][a-z_]*)\.([a-z_]+)'/g)) {
      const code = literal.slice(1, -1);
      if ((table as string).length <= 2 || table === 'excluded' || FILE_NAME.test(code)) continue;
      if (isColumn(table as string, column as string)) continue;
      if (!codes.has(code)) codes.set(code, where);
    }
    for (const [, code] of text.matchAll(/\baction: '([a-z_.]+)'/g))
      if (!codes.has(code as string)) codes.set(code as string, where);
  }
  return codes;
}

describe('[I34] every recorded action code has words', () => {
  it('[I34] the sources record codes, and each has words in audit-words.ts', () => {
    const codes = recordedCodes();
    // The scan finds the codes it must (a scan that found nothing would prove nothing).
    for (const known of [
      'order.approved',
      'product.variant_updated',
      'sign_in.code',
      'sign_out',
      'gift_card.voided',
    ])
      expect(codes.has(known), known).toBe(true);
    expect(codes.size).toBeGreaterThan(40);
    const missing = [...codes].filter(([code]) => !Object.hasOwn(ACTION_WORDS, code));
    expect(missing.map(([code, file]) => `${code} (${file})`)).toEqual([]);
  });

  it('[I34] the words are plain: lower-case fragments read after a name, no codes, each once in the choices', () => {
    for (const [code, words] of Object.entries(ACTION_WORDS)) {
      expect(words, code).toMatch(/^[a-z][A-Za-z ',()]+[a-z)]$/);
      expect(words, code).not.toContain('_');
    }
    expect(ACTION_CHOICES.map((choice) => choice.code).sort()).toEqual(
      [...Object.keys(ACTION_WORDS), ...Object.keys(DERIVED_ACTIONS)].sort(),
    );
    // A derived filter is never a recorded code.
    for (const code of Object.keys(DERIVED_ACTIONS)) expect(recordedCodes().has(code), code).toBe(false);
    expect(ACTION_CHOICES.find((choice) => choice.code === 'order.approved')?.words).toBe(
      'Approved an order',
    );
  });
});

describe('[I34] a line in words', () => {
  it('[I34] a change of price says which, and shows old → new; stock, on/off and names too', () => {
    const before = { sku: 'TEE-1-RED-S', price_cents: 3650, qty: 2 };
    const after = { sku: 'TEE-1-RED-S', price_cents: 4000, qty: 2 };
    expect(actionWords('product.variant_updated', after)).toBe('changed the price of a variant');
    expect(changeWords(before, after)).toEqual(['Price of TEE-1-RED-S: $36.50 → $40.00']);
    expect(actionWords('product.updated', { price_cents: 200 })).toBe('changed the price of a product');
    expect(changeWords({ price_cents: 100 }, { price_cents: 200 })).toEqual(['Price: $1.00 → $2.00']);
    expect(actionWords('product.variant_updated', { qty: 5 })).toBe('changed the stock of a variant');
    expect(changeWords({ qty: 2 }, { qty: 5 })).toEqual(['Stock: 2 → 5']);
    expect(actionWords('product.updated', { enabled: false })).toBe('switched off a product');
    expect(changeWords({ enabled: true }, { enabled: false })).toEqual(['Switched: on → off']);
    expect(actionWords('product.updated', { name: 'New' })).toBe('renamed a product');
  });

  it('[I34] only what both sides hold and what differs; an unknown code reads as its parts', () => {
    expect(changeWords(null, { price_cents: 100 })).toEqual([]);
    expect(changeWords({ price_cents: 100 }, { price_cents: 100 })).toEqual([]);
    expect(changeWords('text', [1, 2])).toEqual([]);
    expect(changeWords({ status: 'pending_review' }, { status: 'approved' })).toEqual([
      'State: pending review → approved',
    ]);
    expect(actionWords('order.approved', null)).toBe('approved an order');
    expect(actionWords('widget.polished_up', null)).toBe('widget polished up');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web parses every reply with the schemas of api/*.ts, so those modules are on a shopper's first
// load. They must not reach the §5 rules or the phone-number library behind them, which load only
// when a form opens (docs/architecture.md "What the first visit loads"). The request bodies that apply
// the rules live in *-requests.ts, and the address form in ../address-form.ts.

const API_DIR = path.dirname(fileURLToPath(import.meta.url));
const HEAVY = [/\/mobile\.ts$/, /\/validate-[\w-]+\.ts$/, /\/address-form\.ts$/, /\/sms\.ts$/];

/** Modules a file imports at run time (type-only imports are erased), resolved to paths. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
    const [, , typeOnly, specifier] = match;
    if (typeOnly || !specifier?.startsWith('.')) continue;
    found.push(path.resolve(path.dirname(file), specifier));
  }
  return found;
}

function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const next of runtimeImports(file)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

const replyModules = readdirSync(API_DIR).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('-requests.ts'),
);

describe('reply schemas stay light for the first load', () => {
  it('there are reply modules to check', () => {
    expect(replyModules).toEqual(expect.arrayContaining(['catalog.ts', 'cart.ts', 'address.ts', 'auth.ts']));
  });

  it.each(replyModules)('api/%s reaches no §5 rule and no phone-number library', (name) => {
    const heavy = [...reachable(path.join(API_DIR, name))].filter((file) =>
      HEAVY.some((re) => re.test(file)),
    );
    expect(heavy.map((file) => path.relative(API_DIR, file))).toEqual([]);
  });

  it('finds the rules where they are imported (the check can fail)', () => {
    const heavy = [...reachable(path.join(API_DIR, 'auth-requests.ts'))].filter((file) =>
      HEAVY.some((re) => re.test(file)),
    );
    expect(heavy.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['validate-mobile-popup.ts', 'validate-registration.ts', 'mobile.ts']),
    );
  });
});

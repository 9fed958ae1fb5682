// [I27-text] A sweep of the contract's request schemas: every string field of every request body, query
// string and params schema refuses a lone surrogate, a text-direction control and a text of only
// invisible characters, so a new field cannot forget it (it is built with `text()`/`multilineText()` from
// api/common.ts, or has a format that refuses them: a regex, an email, digits).
//
// Which exports are requests: by the contract's naming — `…Body`, `…Query`, `…Params`, `…Request`,
// `…Field` (with or without `Schema`) — plus the form schemas the server also checks requests with
// (REQUEST_FORMS). Everything else is a reply, which the server writes and never reads. Each place a
// text may sit (a property, an element, the whole) is parsed as a whole, so a field that reads its text
// through a transform and a format (a card number's spaces taken out, then 16 digits) counts as refusing.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SOURCES = ['.', 'api'].flatMap((dir) =>
  readdirSync(path.join(HERE, dir))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.posix.join(dir, file)),
);
const modules: [string, Record<string, unknown>][] = await Promise.all(
  SOURCES.map(
    async (file) =>
      [file, (await import(/* @vite-ignore */ path.join(HERE, file))) as Record<string, unknown>] as const,
  ),
).then((entries) => entries.map(([file, exports]) => [file, exports]));

const REQUEST_NAME = /(Body|Query|Params|Request|Field)(Schema)?$/;
/** Request schemas named for what they are rather than where they go (the form schemas of the web,
 * addressSchema and its kind, are the form's state: the server never reads a request with them). */
const REQUEST_FORMS = new Set(['recipientValues', 'cartQty', 'idParam', 'idField', 'wholeNumber', 'flag']);

interface Position {
  path: string;
  schema: ZodType;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value put here reaches through wrappers, unions and pipes (not into its parts). */
function reached(schema: ZodType, seen = new Set<ZodType>()): ZodType[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const next = (inner: unknown) => reached(inner as ZodType, seen);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return [schema, ...next(def.innerType)];
    case 'pipe': {
      // The input reaches `in`; after a transform (z.preprocess, a JSON text parsed) it reaches `out`.
      const input = def.in as ZodType;
      return [schema, ...(defOf(input).type === 'transform' ? next(def.out) : next(input))];
    }
    case 'union':
      return [schema, ...(def.options as ZodType[]).flatMap(next)];
    case 'intersection':
      return [schema, ...next(def.left), ...next(def.right)];
    case 'lazy':
      return [schema, ...next((def.getter as () => ZodType)())];
    default:
      return [schema];
  }
}

/** Every place a request's value sits (the whole, each property, each element), with its path. */
function positions(schema: ZodType, path: string, seen = new Set<ZodType>()): Position[] {
  const found: Position[] = [{ path, schema }];
  for (const part of reached(schema)) {
    if (seen.has(part)) continue;
    seen.add(part);
    const def = defOf(part);
    const inner = (child: unknown, at: string) => found.push(...positions(child as ZodType, at, seen));
    if (def.type === 'object')
      for (const [key, value] of Object.entries(def.shape as Record<string, ZodType>))
        inner(value, `${path}.${key}`);
    if (def.type === 'array') inner(def.element, `${path}[]`);
    if (def.type === 'tuple')
      for (const [index, item] of (def.items as ZodType[]).entries()) inner(item, `${path}[${index}]`);
    if (def.type === 'record') inner(def.valueType, `${path}{}`);
  }
  return found;
}

/** Whether a string may sit here (some schema it reaches is a string). */
const takesText = (schema: ZodType) => reached(schema).some((part) => defOf(part).type === 'string');

const requestSchemas = modules.flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(
      ([name, value]) => value instanceof z.ZodType && (REQUEST_NAME.test(name) || REQUEST_FORMS.has(name)),
    )
    .map(([name, value]) => ({ name: `${file} ${name}`, schema: value as ZodType })),
);

const BAD_TEXTS: [string, string][] = [
  ['a lone surrogate', 'a\ud800b'],
  ['a lone low surrogate', '\udc00'],
  ['a right-to-left override', 'abc\u202Egpj.exe'],
  ['only zero-width characters', '\u200B\u200C\u200D'],
];

describe('[I27-text] every string field of a request refuses broken and invisible text', () => {
  it('[I27-text] finds the request schemas (the sweep walks something)', () => {
    const names = requestSchemas.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'api/vendor-products.ts updateVendorProductBodySchema',
        'api/vendor-products.ts vendorProductListQuerySchema',
        'api/admin.ts shipOrderBodySchema',
        'api/cart.ts addItemBody',
        'validate-registration.ts createAccountBodySchema',
      ]),
    );
    const fields = requestSchemas.flatMap((entry) => positions(entry.schema, entry.name));
    expect(fields.filter((field) => takesText(field.schema)).length).toBeGreaterThan(100);
  });

  it('[I27-text] no string field of a request schema accepts a lone surrogate, U+202E or only zero-width characters', () => {
    const accepted: string[] = [];
    for (const { name, schema } of requestSchemas) {
      for (const field of positions(schema, name).filter((position) => takesText(position.schema))) {
        for (const [what, value] of BAD_TEXTS) {
          if (field.schema.safeParse(value).success) accepted.push(`${field.path} accepts ${what}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });
});

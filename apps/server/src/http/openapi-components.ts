// The zod provider puts every schema with a `.meta({ id })` in the shop into each OpenAPI document's
// components, whichever calls use it. The shop publishes two documents (the storefront's, openapi.ts, and
// the back office's, openapi-back-office.ts): each keeps only the named schemas its own calls refer to,
// directly or through another named schema.

const REF = '#/components/schemas/';

/** The component names a JSON value refers to with `$ref`. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith(REF))
      found.add(inner.slice(REF.length));
    else refsIn(inner, found);
  }
}

/** The document with only the component schemas its paths reach. */
export function pruneComponents<
  T extends { paths?: unknown; components?: { schemas?: Record<string, unknown> } },
>(document: T): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const reached = new Set<string>();
  refsIn(document.paths, reached);
  const queue = [...reached];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    const inner = new Set<string>();
    refsIn(schemas[name], inner);
    for (const next of inner) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

import pg from 'pg';

// [I13-hotpath] Named (prepared) statements for the hot catalogue reads on the PostgreSQL server. A query
// whose SQL starts with the marker comment `/* prepared:<name> */` is sent as pg's `{ name, text, values }`:
// each pooled connection parses and plans it once, then only binds and executes (planning a catalogue
// read cost about three times its execution at 100,000 products). Only fixed SQL texts may carry a
// marker: one name is one text. The embedded PGlite reads the marker as the comment it is.

const MARKER = /^\/\* prepared:([a-z][a-z0-9_]*) \*\//;

/** The statement name a query's SQL asks for, if any. */
export function preparedName(text: string): string | undefined {
  return MARKER.exec(text)?.[1];
}

/** pg's client, sending marked queries as named statements (pass it as the pool's `Client`). */
export class PreparingClient extends pg.Client {
  // pg's query has many overloads; Kysely calls query(text, values) and this adds a name to that one.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (typeof config === 'string' && Array.isArray(values)) {
      const name = preparedName(config);
      if (name)
        return (super.query as (...a: unknown[]) => never)({ name, text: config, values }, ...args.slice(2));
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

// [I13-hotpath] The embedded database (PGlite) in a worker thread: its queries run on their own thread,
// so a heavy catalogue miss never holds the thread that answers cached replies. The main thread talks to
// it through PGliteInWorker (pglite-in-worker.ts). Plain JavaScript: a worker loads it as it is.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// int8 (counts, sums) as numbers, as on the main thread (database.ts).
const INT8_OID = 20;
const pglite = new PGlite({
  dataDir: workerData.dataDir,
  parsers: { [INT8_OID]: (value) => Number.parseInt(value, 10) },
  // [I33] As database.ts PGLITE_EXTENSIONS: search's trigram indexes (migration 0031).
  extensions: { pg_trgm },
});

/** What crosses back of an error: its message and its plain fields (code, detail, constraint, …). */
function plainError(error) {
  const fields = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
}

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    if (op === 'ready') {
      await pglite.waitReady;
      parentPort.postMessage({ id, result: null });
    } else if (op === 'query') {
      const result = await pglite.query(sql, params);
      parentPort.postMessage({ id, result: { rows: result.rows, affectedRows: result.affectedRows } });
    } else if (op === 'exec') {
      await pglite.exec(sql);
      parentPort.postMessage({ id, result: null });
    } else if (op === 'close') {
      if (!pglite.closed) await pglite.close();
      parentPort.postMessage({ id, result: null });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) });
  }
});

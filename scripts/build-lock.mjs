// One build of an app at a time, across processes. [I26] `npm test` runs the journeys beside the other
// suites (scripts/run-tests.mjs): on a fresh clone the journeys' setup and a suite's test (the server's
// renderer, render-page.test.ts) both found the web build missing and built it at once, each emptying
// apps/web/dist under the other. A build now takes a lock (a directory made atomically in the system's
// temporary folder, named after the app's folder); whoever waited for it looks again and builds only if
// the build is still not current. A lock older than ten minutes is left over from a killed build.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STALE_MS = 10 * 60_000;
const nap = new Int32Array(new SharedArrayBuffer(4));

/** Runs `build` under the app's lock unless `isCurrent()` says, once the lock is held, there is no need. */
export function buildOnce(appDir, isCurrent, build) {
  const lock = join(
    tmpdir(),
    `quokka-build-${createHash('sha256').update(appDir).digest('hex').slice(0, 16)}`,
  );
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_MS) rmSync(lock, { recursive: true, force: true });
    } catch {
      // gone already
    }
    Atomics.wait(nap, 0, 0, 250);
  }
  try {
    if (isCurrent()) return false;
    build();
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

// The embedded database holds members' emails, mobiles and sessions: another local user must not read or
// write its files. Modes are checked with fs.stat on what PGlite really wrote.

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every file and folder under `dir`, with its permission bits. */
function modesUnder(dir: string): { path: string; mode: number; isDir: boolean }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).map((entry) => {
    const path = join(entry.parentPath, entry.name);
    return { path, mode: modeOf(path), isDir: entry.isDirectory() };
  });
}

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('[I12-3] DATA_DIR permissions', () => {
  it('[I12-3] a fresh DATA_DIR is created 0700 and every database file 0600', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'quokka-modes-'));
    scratch.push(parent);
    const dataDir = join(parent, 'data');
    const handle = await openDatabase({ dataDir });
    await handle.close();
    expect(modeOf(dataDir)).toBe(0o700);
    const entries = modesUnder(dataDir);
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.filter((entry) => entry.mode & 0o077)).toEqual([]);
  });

  it('[I12-3] an existing 0755 DATA_DIR with 0666 files is tightened at start and says what it fixed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quokka-modes-'));
    scratch.push(dataDir);
    const first = await openDatabase({ dataDir });
    await first.close();
    // As an older version left it: an open folder and world-writable files.
    chmodSync(dataDir, 0o755);
    for (const entry of modesUnder(dataDir)) chmodSync(entry.path, entry.isDir ? 0o755 : 0o666);
    mkdirSync(join(dataDir, 'extra'), { mode: 0o777 });
    writeFileSync(join(dataDir, 'extra', 'note'), 'x', { mode: 0o666 });
    chmodSync(join(dataDir, 'extra', 'note'), 0o666);

    const second = await openDatabase({ dataDir });
    await second.close();
    expect(second.permissionsFixed).toBeGreaterThan(10);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const entry of modesUnder(dataDir)) {
      expect({ path: entry.path, mode: entry.mode }).toEqual({
        path: entry.path,
        mode: entry.isDir ? 0o700 : 0o600,
      });
    }
  });
});

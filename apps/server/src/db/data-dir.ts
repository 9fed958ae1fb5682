import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// DATA_DIR holds the embedded database (members' emails, mobiles, sessions) and the signing secret: only
// the storefront's own user may read or write it. The folder is 0700, so no other user can even reach
// what is inside; files are made 0600 through the process umask. PGlite sets modes itself on the files of
// its initial database (0666) and on some it rewrites, so the tree is also tightened after it opens and
// after it closes. What an older version or a copy left open is tightened at start.

const OWNER_ONLY = 0o077;

/**
 * Creates `dir` 0700 if missing, sets the process umask so every file made from now on is the owner's
 * only, and tightens the modes of what is already there. Returns how many paths were fixed.
 */
export function secureDataDir(dir: string): number {
  // Before PGlite opens any file: its files and folders are created with 0666/0777 less the umask.
  process.umask(OWNER_ONLY);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return tightenTree(dir);
}

/** Removes group and other access from `dir` and everything under it; returns how many paths had any. */
export function tightenTree(dir: string): number {
  let fixed = tighten(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    // Links are left alone: chmod would follow them out of DATA_DIR.
    if (entry.isSymbolicLink()) continue;
    fixed += tighten(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
  return fixed;
}

/** Removes group and other access from `path`; 1 if it had any. */
function tighten(path: string, mode: number): number {
  const current = lstatSync(path).mode & 0o777;
  if ((current & OWNER_ONLY) === 0) return 0;
  chmodSync(path, current & ~OWNER_ONLY & mode);
  return 1;
}

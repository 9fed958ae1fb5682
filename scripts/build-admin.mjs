// Builds the back office (apps/admin → apps/admin/dist) when its build is missing or older than its
// sources. Used by `npm start` (scripts/start.mjs), so a fresh clone serves /admin with no separate step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce } from './build-lock.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminDir = join(root, 'apps/admin');
const builtIndex = join(adminDir, 'dist/index.html');
const sources = [
  join(adminDir, 'src'),
  join(adminDir, 'index.html'),
  join(adminDir, 'public'),
  join(adminDir, 'vite.config.ts'),
  join(root, 'packages/contract/src'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

export function adminBuildIsCurrent() {
  if (!existsSync(builtIndex)) return false;
  const built = statSync(builtIndex).mtimeMs;
  return sources.every((source) => newestMtime(source) <= built);
}

export function ensureAdminBuild({ quiet = false } = {}) {
  if (adminBuildIsCurrent()) return false;
  // One build at a time across processes (build-lock.mjs); a build finished meanwhile is not redone.
  return buildOnce(adminDir, adminBuildIsCurrent, () => {
    if (!quiet) console.log('Building the back office (apps/admin → apps/admin/dist)…');
    const vite = join(root, 'node_modules/vite/bin/vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', quiet ? 'error' : 'warn'], {
      cwd: adminDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`back office build failed (exit ${result.status})`);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureAdminBuild();

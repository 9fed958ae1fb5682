// Builds the web app when its build is missing or older than its sources. Used by `npm start` and by
// the browser tests, so a fresh clone needs no separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOnce } from './build-lock.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'apps/web');
const builtIndex = join(webDir, 'dist/index.html');
// The server-side renderer (apps/web/src/entry-server.tsx), built second.
const builtServerEntry = join(webDir, 'dist-ssr/entry-server.js');
const sources = [
  join(webDir, 'src'),
  join(webDir, 'index.html'),
  join(webDir, 'public'),
  join(webDir, 'vite.config.ts'),
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

export function webBuildIsCurrent() {
  if (!existsSync(builtIndex) || !existsSync(builtServerEntry)) return false;
  const built = statSync(builtIndex).mtimeMs;
  return sources.every((source) => newestMtime(source) <= built);
}

export function ensureWebBuild({ quiet = false } = {}) {
  if (webBuildIsCurrent()) return false;
  // One build at a time across processes (build-lock.mjs); a build finished meanwhile is not redone.
  return buildOnce(webDir, webBuildIsCurrent, () => {
    if (!quiet) console.log('Building the web app (apps/web → apps/web/dist)…');
    const vite = join(root, 'node_modules/vite/bin/vite.js');
    const logLevel = ['--logLevel', quiet ? 'error' : 'warn'];
    for (const args of [
      ['build', ...logLevel],
      ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr', ...logLevel],
    ]) {
      // Always the production bundle: the browser tests (run under NODE_ENV=test) and `npm start` share
      // this build, and a development React would be both what npm start serves and what tests measure.
      const result = spawnSync(process.execPath, [vite, ...args], {
        cwd: webDir,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (result.status !== 0) throw new Error(`web build failed (exit ${result.status})`);
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild();

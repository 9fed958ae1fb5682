#!/usr/bin/env node
// [I13-compress] Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every built
// file that compresses (HTML, JavaScript, CSS, SVG, JSON, text), so the server sends them with no work
// per request (@fastify/static's preCompressed, apps/server/src/web/web-app.ts). Node's own zlib: no
// extra tool. Files under 1 KB, and copies that would not be smaller, are skipped.
//
// Used by the web build as a Vite plugin (apps/web/vite.config.ts), and by hand:
//   node scripts/precompress.mjs apps/web/dist

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|webmanifest|txt|xml)$/i;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses every file of `dir` that is worth it; returns how many files got copies. */
export function precompressDir(dir) {
  let count = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    count += 1;
  }
  return count;
}

/** A Vite plugin: pre-compresses the client build's output once it is written (not the SSR build). */
export function precompress() {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'quokka-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!skip) precompressDir(outDir);
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'apps/web/dist';
  console.log(`pre-compressed ${precompressDir(dir)} files in ${dir}`);
}

#!/usr/bin/env node
// `npm test`: every test. [I26] Two vitest runs at once: the browser journeys (the e2e project, one file at
// a time) and every other project (unit, API on embedded PostgreSQL, components; two files at a time).
// A journey keeps about one of the two cores busy (Chromium, the server and the test take turns: 464 s
// of CPU in a 463 s run), so the suites use the other one instead of waiting for the journeys to start
// after them. The suites run at a lower priority (nice 5): the journeys, the longer of the two, go about
// as fast as alone and the suites take what is left. Vitest cannot run the two in one run: projects run
// side by side only when they allow the same number of workers, and the journeys need one.
//
//   npm test                 both runs; each line of their output starts [suites] or [journeys]; a last
//                            line adds up their files and tests; the exit status is non-zero if either failed
//   npm test -- <arguments>  one `vitest run <arguments>`, as before (a file, a project, -t …)
//
// QUOKKA_SUITES_DONE=<file>: the file is made when the suites' run ends (`.ci/run` then starts the
// PostgreSQL pass and its other stages beside the journeys still running).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** Vitest's "Test Files" and "Tests" summary lines, read into numbers (colour codes taken out). */
export function summaryOf(lines) {
  const summary = { files: 0, filesFailed: 0, tests: 0, testsFailed: 0, skipped: 0, seen: false };
  for (const raw of lines) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its summary with ANSI codes
    const line = raw.replace(/\u001b\[[0-9;]*m/g, '');
    const files = line.match(/^\s*Test Files\s+(.*)\((\d+)\)\s*$/);
    if (files) {
      summary.seen = true;
      summary.files = Number(files[2]);
      summary.filesFailed = Number(files[1].match(/(\d+) failed/)?.[1] ?? 0);
    }
    const tests = line.match(/^\s*Tests\s+(.*)\((\d+)\)\s*$/);
    if (tests) {
      summary.tests = Number(tests[2]);
      summary.testsFailed = Number(tests[1].match(/(\d+) failed/)?.[1] ?? 0);
      summary.skipped = Number(tests[1].match(/(\d+) skipped/)?.[1] ?? 0);
    }
  }
  return summary;
}

/**
 * One vitest run, its lines forwarded with a label as they come; its exit status and summary. `nice`: a
 * lower priority for the run (its workers inherit it).
 */
function run(label, args, nice = 0) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VITEST, 'run', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (nice > 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // not allowed here: the run goes at the usual priority
      }
    }
    const lines = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        process.stdout.write(`[${label}] ${line}\n`);
      });
    }
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), summary: summaryOf(lines) }),
    );
  });
}

async function main(args) {
  if (args.length > 0) {
    const child = spawn(process.execPath, [VITEST, 'run', ...args], { cwd: ROOT, stdio: 'inherit' });
    child.on('close', (code) => process.exit(code ?? 1));
    return;
  }
  const started = Date.now();
  const suitesDone = process.env.QUOKKA_SUITES_DONE;
  const [suites, journeys] = await Promise.all([
    // The journeys are the longer of the two and take turns between Chromium, their server and the test:
    // the suites give way to them (nice 5) and fill the rest of the two cores.
    run('suites', ['--project', '!e2e'], 5).then((result) => {
      if (suitesDone) writeFileSync(suitesDone, `${new Date().toISOString()}\n`);
      return result;
    }),
    run('journeys', ['--project', 'e2e']),
  ]);
  const failed = suites.code !== 0 || journeys.code !== 0;
  const total = (key) => suites.summary[key] + journeys.summary[key];
  const part = (name, summary) => `${name} ${summary.files} files / ${summary.tests} tests`;
  process.stdout.write(
    `\nnpm test: ${failed ? 'FAILED' : 'passed'} — ${total('files')} test files, ${total('tests')} tests` +
      ` (${total('testsFailed')} failed, ${total('skipped')} skipped): ${part('suites', suites.summary)},` +
      ` ${part('journeys', journeys.summary)}; ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));

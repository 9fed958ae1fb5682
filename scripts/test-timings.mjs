#!/usr/bin/env node
// [I26] Where the test time goes: runs vitest with its JSON reporter (or reads a report it wrote) and
// prints the time per project and the slowest files.
//
//   npm run test:timings                       every project, as `npm test` runs them
//   npm run test:timings -- --project server   one project (any vitest arguments pass through)
//   node scripts/test-timings.mjs --report r.json [--top 30]   an existing report
//
// A file's time is from its first test's start to its last test's end plus what vitest spent loading it
// (import and set-up hooks, which the report does not split out); wall time is what the run took.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

export function parseArguments(argv) {
  const options = { report: undefined, top: 20, vitest: [] };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--report') options.report = argv[++index];
    else if (argument === '--top') options.top = Number.parseInt(argv[++index], 10);
    else options.vitest.push(argument);
  }
  if (!Number.isInteger(options.top) || options.top < 1) throw new Error('--top takes a whole number');
  return options;
}

/** Files of a vitest JSON report, with their project (from the path) and duration. */
export function filesOf(report, root = ROOT) {
  return report.testResults.map((file) => {
    const path = relative(root, file.name);
    const tests = file.assertionResults ?? [];
    return {
      path,
      project: projectOf(path),
      seconds: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
      tests: tests.length,
      failed: tests.filter((test) => test.status === 'failed').length,
      slowestTest: tests.reduce(
        (slowest, test) => ((test.duration ?? 0) > (slowest?.duration ?? -1) ? test : slowest),
        undefined,
      ),
    };
  });
}

function projectOf(path) {
  if (path.startsWith('apps/server/')) return 'server';
  if (path.startsWith('apps/web/')) return 'web';
  if (path.startsWith('apps/admin/')) return 'admin';
  if (path.startsWith('packages/contract/')) return 'contract';
  if (path.startsWith('scripts/')) return 'tools';
  if (path.startsWith('e2e/')) return 'e2e';
  return 'other';
}

export function summarise(files, top) {
  const lines = [];
  const projects = new Map();
  for (const file of files) {
    const entry = projects.get(file.project) ?? { files: 0, tests: 0, seconds: 0 };
    entry.files += 1;
    entry.tests += file.tests;
    entry.seconds += file.seconds;
    projects.set(file.project, entry);
  }
  lines.push('project    files  tests  test time (s, summed over files)');
  for (const [name, entry] of [...projects].sort((a, b) => b[1].seconds - a[1].seconds)) {
    lines.push(
      `${name.padEnd(10)} ${String(entry.files).padStart(5)} ${String(entry.tests).padStart(6)}  ${entry.seconds.toFixed(1).padStart(8)}`,
    );
  }
  lines.push('', `the ${top} slowest files (s)`);
  for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, top)) {
    const slowest = file.slowestTest
      ? `  slowest test ${((file.slowestTest.duration ?? 0) / 1000).toFixed(1)} s: ${file.slowestTest.title}`
      : '';
    lines.push(`${file.seconds.toFixed(1).padStart(7)}  ${file.path} (${file.tests} tests)${slowest}`);
  }
  return lines.join('\n');
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  let reportPath = options.report;
  let scratch;
  let wall;
  let status = 0;
  if (!reportPath) {
    scratch = mkdtempSync(join(tmpdir(), 'quokka-timings-'));
    reportPath = join(scratch, 'report.json');
    const started = Date.now();
    const run = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportPath}`,
        ...options.vitest,
      ],
      { cwd: ROOT, stdio: 'inherit' },
    );
    wall = (Date.now() - started) / 1000;
    status = run.status ?? 1;
  }
  try {
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    const files = filesOf(report);
    console.log('');
    console.log(summarise(files, options.top));
    console.log('');
    console.log(
      `${report.numTotalTests} tests in ${files.length} files` +
        (wall === undefined ? '' : `; wall time ${wall.toFixed(0)} s`),
    );
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
  process.exitCode = status;
}

if (process.argv[1] && import.meta.url === new URL(process.argv[1], 'file:').href) main();

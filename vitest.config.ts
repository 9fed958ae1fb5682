import { defineConfig } from 'vitest/config';

// One runner for every suite. `npm test` runs them all; `npx vitest run --project server` one project;
// `npx vitest run apps/server/src/app.test.ts` one file.
export default defineConfig({
  test: {
    // [I26] Two test files at a time. Vitest's default in a run is one worker fewer than the cores: one on
    // this two-core machine, which left a core idle through the unit, API and component suites (the
    // server's PGlite runs in the worker's own thread). The browser journeys stay one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
        },
      },
      {
        test: {
          // The repository's own scripts (the import-boundary check).
          name: 'tools',
          root: 'scripts',
          environment: 'node',
          // Each check runs the script as its own process (a second or two idle, more with two files at once).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // [I26] One migrated database per run, copied by every file (src/test/database-template.ts).
          globalSetup: ['./src/test/database-template.ts'],
          // [I26] Test files share their worker's loaded modules (each still builds its own app and
          // database): importing the app took about 4 s per file, more than most files' tests.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
      {
        // [I33] The storefront's server renderer (entry-server.tsx) under test in jsdom leaves the contexts
        // it rendered (React Router's among them) holding its values; in the web project's shared workers
        // (isolate: false) the next file's <Router> then refused to nest. Its tests run apart, each file in
        // a fresh worker.
        test: {
          name: 'web-ssr',
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*-ssr.test.tsx'],
          isolate: true,
          testTimeout: 20_000,
        },
      },
      'apps/admin/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          // In one `vitest run` of every project, the journeys run after the other suites. `npm test`
          // (scripts/run-tests.mjs) runs them as a second vitest run beside the suites instead.
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          // One file at a time. [I26] Three at a time, each with its own Chromium, measured no faster on two
          // cores (845 s against 909 s, every file about three times slower) and timed out a checkout.
          fileParallelism: false,
          // [I26] One worker for every journey file, so playwright-core and the support modules load once;
          // each file still launches its own Chromium and keeps its state in its own module.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

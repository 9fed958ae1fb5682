import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summaryOf } from './run-tests.mjs';

// [I26] npm test runs the suites and the journeys as two vitest runs at once (scripts/run-tests.mjs) and
// adds up what each printed; the two together are every project of vitest.config.ts.
describe('npm test (scripts/run-tests.mjs)', () => {
  it("reads vitest's summary lines, coloured or not, failures and skips included", () => {
    const coloured = [
      '\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m275 passed\u001b[39m\u001b[22m\u001b[90m (276)\u001b[39m',
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[31m2 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m2498 passed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[33m3 skipped\u001b[39m\u001b[90m (2503)\u001b[39m',
    ];
    expect(summaryOf(coloured)).toEqual({
      files: 276,
      filesFailed: 1,
      tests: 2503,
      testsFailed: 2,
      skipped: 3,
      seen: true,
    });
    expect(summaryOf([' Test Files  25 passed (25)', '      Tests  120 passed (120)'])).toEqual({
      files: 25,
      filesFailed: 0,
      tests: 120,
      testsFailed: 0,
      skipped: 0,
      seen: true,
    });
    expect(summaryOf(['no summary: the run crashed']).seen).toBe(false);
  });

  it("runs every project: the journeys ('e2e') and all the others ('!e2e')", () => {
    const config = readFileSync(new URL('../vitest.config.ts', import.meta.url), 'utf8');
    const script = readFileSync(new URL('./run-tests.mjs', import.meta.url), 'utf8');
    expect(config).toMatch(/name: 'e2e'/);
    expect(script).toContain("['--project', '!e2e']");
    expect(script).toContain("['--project', 'e2e']");
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts.test).toBe('node scripts/run-tests.mjs');
  });
});

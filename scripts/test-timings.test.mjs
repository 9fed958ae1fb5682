import { describe, expect, it } from 'vitest';
import { filesOf, parseArguments, summarise } from './test-timings.mjs';

// [I26] npm run test:timings: its arguments, and the table it prints from a report built by hand.
const report = {
  numTotalTests: 3,
  testResults: [
    {
      name: '/repo/apps/server/src/a.test.ts',
      startTime: 1_000,
      endTime: 4_500,
      assertionResults: [
        { title: 'slow one', status: 'passed', duration: 3_000 },
        { title: 'quick one', status: 'failed', duration: 10 },
      ],
    },
    {
      name: '/repo/e2e/b.e2e.ts',
      startTime: 0,
      endTime: 12_000,
      assertionResults: [{ title: 'journey', status: 'passed', duration: 11_900 }],
    },
  ],
};

describe('test-timings', () => {
  it('passes vitest arguments through and reads --report and --top', () => {
    expect(parseArguments(['--project', 'server', '--top', '5'])).toEqual({
      report: undefined,
      top: 5,
      vitest: ['--project', 'server'],
    });
    expect(parseArguments(['--report', 'r.json']).report).toBe('r.json');
    expect(() => parseArguments(['--top', 'x'])).toThrow('--top takes a whole number');
  });

  it('gives each file its project, seconds, tests, failures and slowest test', () => {
    const [server, e2e] = filesOf(report, '/repo');
    expect(server).toMatchObject({ path: 'apps/server/src/a.test.ts', project: 'server', seconds: 3.5 });
    expect(server?.tests).toBe(2);
    expect(server?.failed).toBe(1);
    expect(server?.slowestTest?.title).toBe('slow one');
    expect(e2e).toMatchObject({ project: 'e2e', seconds: 12, tests: 1 });
  });

  it('prints projects by time and the slowest files first', () => {
    const text = summarise(filesOf(report, '/repo'), 1);
    const lines = text.split('\n');
    expect(lines[1]).toMatch(/^e2e\s+1\s+1\s+12\.0$/);
    expect(lines[2]).toMatch(/^server\s+1\s+2\s+3\.5$/);
    expect(text).toContain('the 1 slowest files (s)');
    expect(text).toContain('12.0  e2e/b.e2e.ts (1 tests)  slowest test 11.9 s: journey');
    expect(text).not.toContain('apps/server/src/a.test.ts (2 tests)');
  });
});

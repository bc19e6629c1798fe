import { formatSeconds, slowestReport, stepTimesReport } from './test-timings.mjs';

describe("npm test's own timings", () => {
  it('formats seconds, and minutes past one', () => {
    expect(formatSeconds(42.4)).toBe('42 s');
    expect(formatSeconds(125)).toBe('2 min 05 s');
  });

  it('lists every step with its time and outcome, and the total', () => {
    const report = stepTimesReport([
      { name: 'Lint', seconds: 19, outcome: 'passed' },
      { name: 'API tests', seconds: 300, outcome: 'failed' },
    ]);
    expect(report.split('\n')).toEqual([
      'Step times:',
      '  Lint             19 s',
      '  API tests  5 min 00 s  (failed)',
      '  all        5 min 19 s',
    ]);
  });

  it('prints the slowest of each kind first, cut at the count, with their share', () => {
    const report = slowestReport(
      [
        { kind: 'test file', name: 'api a.test.ts (PGlite)', ms: 1_000, tests: 3 },
        { kind: 'test file', name: 'api b.test.ts (PGlite)', ms: 3_000, tests: 1 },
        { kind: 'test file', name: 'shell c.test.ts', ms: 6_000, tests: 9 },
        { kind: 'journey', name: 'cart.spec.ts › pays', ms: 20_000 },
      ],
      2,
    );
    expect(report.split('\n')).toEqual([
      'The 1 slowest of 1 journeys (20 s in all):',
      '        20 s  100.0%  cart.spec.ts › pays',
      '',
      'The 2 slowest of 3 test files (10 s in all):',
      '         6 s  60.0%  shell c.test.ts, 9 tests',
      '         3 s  30.0%  api b.test.ts (PGlite), 1 test',
    ]);
  });

  it('says so when nothing was recorded', () => {
    expect(slowestReport([], 20)).toBe('No timings were recorded.');
  });
});

/**
 * What `npm test` prints about its own time (scripts/test.mjs): each step's time, and with
 * --slowest the slowest test files and journeys, from the lines the runners' timings reporters
 * wrote (tooling/test-timings/jest-reporter.cjs, e2e/support/timings-reporter.ts).
 */

/** @param {number} seconds */
export function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds - minutes * 60)).padStart(2, '0')} s`;
}

/**
 * One line per step and the total, as a table.
 * @param {{ name: string, seconds: number, outcome: string }[]} steps
 */
export function stepTimesReport(steps) {
  const width = Math.max(4, ...steps.map((s) => s.name.length));
  const total = steps.reduce((sum, s) => sum + s.seconds, 0);
  return [
    'Step times:',
    ...steps.map(
      (s) => `  ${s.name.padEnd(width)}  ${formatSeconds(s.seconds).padStart(10)}${s.outcome === 'passed' ? '' : `  (${s.outcome})`}`,
    ),
    `  ${'all'.padEnd(width)}  ${formatSeconds(total).padStart(10)}`,
  ].join('\n');
}

/**
 * The `count` slowest of each kind ("test file", "journey"), slowest first, with their share of
 * the kind's total time.
 * @param {{ kind: string, name: string, ms: number, tests?: number }[]} timings
 * @param {number} count
 */
export function slowestReport(timings, count) {
  if (timings.length === 0) return 'No timings were recorded.';
  const kinds = [...new Set(timings.map((t) => t.kind))].sort();
  const blocks = kinds.map((kind) => {
    const ofKind = timings.filter((t) => t.kind === kind);
    const total = ofKind.reduce((sum, t) => sum + t.ms, 0);
    const top = [...ofKind].sort((a, b) => b.ms - a.ms).slice(0, count);
    return [
      `The ${top.length} slowest of ${ofKind.length} ${kind}s (${formatSeconds(total / 1000)} in all):`,
      ...top.map((t) => {
        const share = total > 0 ? ((100 * t.ms) / total).toFixed(1) : '0.0';
        const tests = t.tests === undefined ? '' : `, ${t.tests} test${t.tests === 1 ? '' : 's'}`;
        return `  ${formatSeconds(t.ms / 1000).padStart(10)}  ${share.padStart(4)}%  ${t.name}${tests}`;
      }),
    ].join('\n');
  });
  return blocks.join('\n\n');
}

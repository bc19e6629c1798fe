/**
 * One line per remote at the end of a run, for QA's and the remote teams' reports:
 *   @cart          21 passed · 0 failed · 1 skipped · 3m12s
 * A journey counts for every remote it is tagged with (support/journey.ts); the line
 * "untagged" counts journeys of the shell alone. Flaky (passed on retry) counts as passed,
 * and is said.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  flaky: number;
  ms: number;
}

const UNTAGGED = 'untagged';

export default class RemoteSummaryReporter implements Reporter {
  private readonly tallies = new Map<string, Tally>();
  private readonly last = new Map<TestCase, TestResult>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.last.set(test, result);
  }

  onEnd(_result: FullResult): void {
    for (const [test, result] of this.last) {
      const outcome = test.outcome();
      const tags = test.tags.filter((t) => t.startsWith('@'));
      for (const tag of tags.length > 0 ? tags : [UNTAGGED]) {
        const tally = this.tallies.get(tag) ?? { passed: 0, failed: 0, skipped: 0, flaky: 0, ms: 0 };
        if (outcome === 'skipped') tally.skipped += 1;
        else if (outcome === 'unexpected') tally.failed += 1;
        else tally.passed += 1;
        if (outcome === 'flaky') tally.flaky += 1;
        tally.ms += result.duration;
        this.tallies.set(tag, tally);
      }
    }
    if (this.tallies.size === 0) return;
    const lines = [...this.tallies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, t]) => {
        const minutes = Math.floor(t.ms / 60_000);
        const seconds = Math.round((t.ms % 60_000) / 1000);
        const flaky = t.flaky > 0 ? ` (${t.flaky} on retry)` : '';
        return `${tag.padEnd(14)} ${t.passed} passed${flaky} · ${t.failed} failed · ${t.skipped} skipped · ${minutes}m${String(seconds).padStart(2, '0')}s`;
      });
    process.stdout.write(`\nJourneys by remote:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

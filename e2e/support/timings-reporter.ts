/**
 * Writes one JSON line per journey (its last try) to TEST_TIMINGS_FILE:
 * {"kind":"journey","name":"<file> › <title>","ms":<duration>}.
 * `npm test -- --slowest` (scripts/test.mjs) prints the slowest. Listed in the reporters only while
 * TEST_TIMINGS_FILE is set (playwright.config.ts).
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class TimingsReporter implements Reporter {
  private readonly last = new Map<TestCase, TestResult>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.last.set(test, result);
  }

  onEnd(): void {
    const file = process.env.TEST_TIMINGS_FILE;
    if (!file) return;
    const suffix = process.env.TEST_TIMINGS_LABEL ? ` (${process.env.TEST_TIMINGS_LABEL})` : '';
    const lines = [...this.last].map(([test, result]) =>
      JSON.stringify({
        kind: 'journey',
        name: `${path.basename(test.location.file)} › ${test.titlePath().slice(3).join(' › ')}${suffix}`,
        ms: result.duration,
      }),
    );
    if (lines.length > 0) appendFileSync(file, `${lines.join('\n')}\n`);
  }
}

/**
 * A jest reporter that writes one JSON line per test file to TEST_TIMINGS_FILE:
 * {"kind":"test file","name":"<project> <path>","ms":<runtime>,"tests":<count>}.
 * `npm test -- --slowest` (scripts/test.mjs) reads the lines of every step and prints the slowest.
 * Only in the reporters list while TEST_TIMINGS_FILE is set (jest.config.cjs, api/jest.config.cjs).
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

class TimingsReporter {
  onTestResult(test, result) {
    const file = process.env.TEST_TIMINGS_FILE;
    if (!file) return;
    const project = test.context.config.displayName?.name ?? '';
    const suffix = process.env.TEST_TIMINGS_LABEL ? ` (${process.env.TEST_TIMINGS_LABEL})` : '';
    const line = {
      kind: 'test file',
      name: `${project} ${path.relative(ROOT, result.testFilePath)}${suffix}`.trim(),
      ms: result.perfStats.runtime,
      tests: result.numPassingTests + result.numFailingTests + result.numPendingTests + result.numTodoTests,
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}

module.exports = TimingsReporter;

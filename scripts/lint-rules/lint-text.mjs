/**
 * Lints pieces of source as if they lived at given paths in the repository, with the
 * repository's own eslint.config.mjs. The lint-rule tests use it to show that each
 * architecture rule refuses a deliberately bad example (and lets the good one through).
 * ESLint runs in a child process (lint-many.mjs): its flat config is ESM, which jest's
 * CommonJS transform cannot import. Starting ESLint costs seconds, so a test file declares
 * all its cases up front and they are linted in one process, before its tests run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const LINT_MANY = path.join(__dirname, 'lint-many.mjs');

/**
 * @param {{ filePath: string, code: string }[]} inputs
 * @returns {{ ruleId: string | null, message: string }[][]} the problems ESLint reports, per input
 */
function lintMany(inputs) {
  const result = spawnSync(process.execPath, [LINT_MANY], {
    cwd: ROOT,
    input: JSON.stringify(inputs),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const files = inputs.map((i) => i.filePath).join(', ');
    throw new Error(`eslint could not lint ${files}: ${result.error ?? (result.stderr || result.stdout)}`);
  }
  const reports = JSON.parse(result.stdout);
  if (reports.length !== inputs.length) throw new Error(`eslint answered ${reports.length} of ${inputs.length} cases`);
  return reports;
}

/**
 * Declares a test file's cases and lints them all in one ESLint run, in a `beforeAll` (call it at
 * the top level of the file, at collection time).
 * @param {[name: string, filePath: string, code: string][]} cases filePath relative to the
 *   repository root, e.g. 'remote-cart/src/routes/Cart.tsx'; names are unique
 * @returns {(name: string) => { ruleId: string | null, message: string }[]} the problems ESLint
 *   reports for the case of that name (inside a test)
 */
export function lintCases(cases) {
  const names = cases.map(([name]) => name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) throw new Error(`lint cases named twice: ${twice.join(', ')}`);
  /** @type {Map<string, { ruleId: string | null, message: string }[]> | undefined} */
  let problems;
  beforeAll(() => {
    const reports = lintMany(cases.map(([, filePath, code]) => ({ filePath, code })));
    problems = new Map(names.map((name, i) => [name, reports[i]]));
  });
  return (name) => {
    if (!problems) throw new Error('the lint cases have not been linted yet (lint(name) belongs inside a test)');
    if (!problems.has(name)) throw new Error(`no lint case named ${JSON.stringify(name)}`);
    return problems.get(name);
  };
}

/**
 * Lints a piece of source as if it lived at `filePath` in the repository, with the
 * repository's own eslint.config.mjs. The lint-rule tests use it to show that each
 * architecture rule refuses a deliberately bad example (and lets the good one through).
 * ESLint runs in a child process: its flat config is ESM, which jest's CommonJS
 * transform cannot import.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const ESLINT = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

/**
 * @param {string} filePath path relative to the repository root, e.g. 'remote-cart/src/routes/Cart.tsx'
 * @param {string} code the source to lint
 * @returns {{ ruleId: string | null, message: string }[]} the problems ESLint reports
 */
export function lintAs(filePath, code) {
  const result = spawnSync(process.execPath, [ESLINT, '--stdin', '--stdin-filename', filePath, '--format', 'json'], {
    cwd: ROOT,
    input: code,
    encoding: 'utf8',
  });
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`eslint could not lint ${filePath}: ${result.stderr || result.stdout}`);
  }
  const [report] = JSON.parse(result.stdout);
  return report.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

/**
 * What a production build of one app reads, for the staleness check (product.mjs: a build
 * older than any of these is rebuilt): its own sources and settings, the shared package,
 * ALL of tooling/ (webpack configs, the prerender writers and what they require: html.cjs,
 * product.cjs, ports.cjs...), the base tsconfig and the lockfile. A folder counts with
 * everything in it, so a file added to one is covered without a change here.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../tooling/product.cjs';

/** Never inputs, wherever they are: installed packages, outputs, data. */
const IGNORED = new Set(['node_modules', 'dist', 'coverage', '.data', 'test-results', 'playwright-report']);

/**
 * @param {{ dir: string }} app one of tooling/product.cjs's APPS
 * @param {string} [root] the repository
 * @returns {string[]} files and folders
 */
export function buildInputs(app, root = ROOT) {
  const dir = path.join(root, app.dir);
  return [
    path.join(dir, 'src'),
    path.join(dir, 'public'),
    path.join(dir, 'webpack.config.js'),
    path.join(dir, 'tsconfig.json'),
    path.join(dir, 'package.json'),
    path.join(root, 'shared', 'src'),
    path.join(root, 'shared', 'package.json'),
    path.join(root, 'shared', 'tsconfig.json'),
    path.join(root, 'tooling'),
    path.join(root, 'tsconfig.base.json'),
    path.join(root, 'package-lock.json'),
  ];
}

/**
 * Whether `file` is one of `inputs` or inside one of them (and not in an ignored folder).
 * @param {string} file
 * @param {string[]} inputs
 */
export function isCovered(file, inputs) {
  if (file.split(path.sep).some((part) => IGNORED.has(part))) return false;
  return inputs.some((input) => file === input || file.startsWith(`${input}${path.sep}`));
}

/**
 * The newest modification time of a file, or of anything in a folder (0 for nothing there).
 * @param {string} target
 * @returns {number}
 */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (IGNORED.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

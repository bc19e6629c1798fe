#!/usr/bin/env node
/**
 * `npm run typecheck`: each workspace's own `typecheck` script (tsc on its tsconfig.json), two at
 * a time. One after the other (`npm run typecheck --workspaces`) they took 116 s on these
 * two-core machines, and each tsc is mostly one busy thread. A workspace's output is printed whole
 * when it ends; the run fails when any fails. TYPECHECK_CONCURRENCY changes the two.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/product.mjs';

const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const workspaces = rootPackage.workspaces.filter((dir) => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
  return Boolean(pkg.scripts?.typecheck);
});
const concurrency = Math.max(1, Number(process.env.TYPECHECK_CONCURRENCY || 2));
const npmCli = process.env.npm_execpath;
const npm = npmCli && /npm-cli\.js$/.test(npmCli) ? [process.execPath, npmCli] : ['npm'];

/** @param {string} dir @returns {Promise<{ dir: string, ok: boolean, output: string, seconds: number }>} */
function typecheck(dir) {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, ...args] = npm;
    const child = spawn(command, [...args, 'run', 'typecheck', '--silent'], {
      cwd: path.join(ROOT, dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) =>
      resolve({ dir, ok: false, output: `${output}${error.message}\n`, seconds: (Date.now() - started) / 1000 }),
    );
    child.on('close', (code) => resolve({ dir, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const queue = [...workspaces];
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      const result = await typecheck(dir);
      process.stdout.write(`${result.ok ? 'ok    ' : 'FAILED'} ${dir} (${result.seconds.toFixed(1)} s)\n${result.output}`);
      if (!result.ok) failed.push(dir);
    }
  }),
);
if (failed.length > 0) {
  process.stderr.write(`Type errors in ${failed.join(', ')}\n`);
  process.exit(1);
}

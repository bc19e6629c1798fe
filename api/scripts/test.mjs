#!/usr/bin/env node
// The Paystack conformance check against the sandbox (npm run paystack:check), then
// the API suite, twice: on PGlite (embedded) and on a real PostgreSQL server
// (DATABASE_URL when given, else a throwaway cluster from with-postgres.mjs).
// Every test database is a copy of a migrated template (test/setup/database-template.ts), and
// the files no engine changes run on PGlite only (test/engine-independent.cjs).
// The two passes run at the same time: PGlite, the longer, with two jest workers, PostgreSQL in
// band (its server is the second busy process). They share no state: each has its own database
// (PGlite in memory, or its cluster), and the tests take free ports and mkdtemp directories.
// One pass alone (API_TEST_DB, or API_TEST_SERIAL=1) gets two workers.
// Each pass's output is held and printed whole when it ends, so a failure reads as one block.
// API_TEST_SERIAL=1 runs them one after the other, output live (for debugging).
// Extra arguments go to jest, e.g. `npm test -w @campus/api -- accounts`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nodeArgs = [];
const extraArgs = process.argv.slice(2);
const jestBin = path.join(apiDir, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const only = process.env.API_TEST_DB; // 'pglite' | 'postgres' to run one pass
const serial = process.env.API_TEST_SERIAL === '1';
const sideBySide = !serial && !only;
const twoWorkers = ['--maxWorkers=2', ...extraArgs];

const passes = [];
if (only !== 'postgres') {
  const env = { ...process.env, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  passes.push({
    name: 'PGlite',
    cmd: process.execPath,
    args: [...nodeArgs, jestBin, ...twoWorkers],
    env: { ...env, TEST_TIMINGS_LABEL: 'PGlite' },
  });
}
if (only !== 'pglite') {
  passes.push({
    name: 'PostgreSQL',
    cmd: process.execPath,
    args: [
      path.join(apiDir, 'scripts', 'with-postgres.mjs'),
      process.execPath,
      ...nodeArgs,
      jestBin,
      ...(sideBySide ? ['--runInBand', ...extraArgs] : twoWorkers),
    ],
    env: { ...process.env, NODE_ENV: 'test', TEST_TIMINGS_LABEL: 'PostgreSQL' },
  });
}

// Our signals go on to every child (with-postgres.mjs passes them to jest and then stops its cluster).
const children = new Set();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of children) child.kill(signal);
  });
}

/**
 * Runs a command to its end: output live (inherit), or held (hold) as [stream, chunk] in the
 * order it came. Resolves { status, chunks }; a child ended by a signal counts as failed.
 */
function run(cmd, args, env, { hold = false } = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, { cwd: apiDir, env, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    if (hold) {
      child.stdout.on('data', (chunk) => chunks.push([process.stdout, chunk]));
      child.stderr.on('data', (chunk) => chunks.push([process.stderr, chunk]));
    }
    let status = null;
    const done = () => {
      children.delete(child);
      resolve({ status, chunks });
    };
    child.on('error', (error) => {
      chunks.push([process.stderr, Buffer.from(`${error.message}\n`)]);
      status = 1;
      done();
    });
    child.on('exit', (code) => {
      status = code ?? 1;
      if (!hold) return done();
      // 'close' comes once the pipes are drained; a grandchild that kept them open must not hold the run.
      const timer = setTimeout(done, 5000);
      child.on('close', () => {
        clearTimeout(timer);
        done();
      });
    });
  });
}

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const report = (pass, status, started) =>
  console.log(`=== ${pass.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)} s ===`);

let failed = false;
// Paystack's protocol first: the conformance sequence against the sandbox, its step table printed.
{
  console.log('\n=== Paystack conformance (sandbox) ===');
  const tsxBin = path.join(apiDir, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const r = await run(process.execPath, [tsxBin, path.join(apiDir, 'scripts', 'paystack-check.ts')], {
    ...process.env,
    PAYSTACK_SECRET_KEY: '',
  });
  if (r.status !== 0) failed = true;
}
if (interrupted) process.exit(1);

if (serial || passes.length === 1) {
  for (const pass of passes) {
    console.log(`\n=== API tests on ${pass.name} ===`);
    const started = Date.now();
    const r = await run(pass.cmd, pass.args, pass.env);
    report(pass, r.status, started);
    if (r.status !== 0) failed = true;
    if (interrupted) break;
  }
} else {
  const started = Date.now();
  console.log(`\n=== API tests on ${passes.map((p) => p.name).join(' and ')}, at the same time: each pass's output when it ends ===`);
  const results = await Promise.all(
    passes.map(async (pass) => {
      const r = await run(pass.cmd, pass.args, pass.env, { hold: true });
      // Printed as each pass ends, whole: nothing of the other pass in between.
      console.log(`\n=== API tests on ${pass.name} ===`);
      for (const [stream, chunk] of r.chunks) stream.write(chunk);
      report(pass, r.status, started);
      if (r.status !== 0) failed = true;
      return `${pass.name} ${r.status === 0 ? 'passed' : 'FAILED'}`;
    }),
  );
  console.log(`\n=== API tests: ${results.join(', ')}; ${seconds(started)} s in all ===`);
}
process.exit(failed ? 1 : 0);

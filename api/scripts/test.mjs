#!/usr/bin/env node
// The Paystack conformance check against the sandbox (npm run paystack:check), then
// the API suite, twice: on PGlite (embedded) and on a real PostgreSQL server
// (DATABASE_URL when given, else a throwaway cluster from with-postgres.mjs).
// Extra arguments go to jest, e.g. `npm test -w @campus/api -- accounts`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nodeArgs = [];
const jestArgs = ['--runInBand', ...process.argv.slice(2)];
const jestBin = path.join(apiDir, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const only = process.env.API_TEST_DB; // 'pglite' | 'postgres' to run one pass

const passes = [];
if (only !== 'postgres') {
  const env = { ...process.env, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  passes.push({ name: 'PGlite', cmd: process.execPath, args: [...nodeArgs, jestBin, ...jestArgs], env });
}
if (only !== 'pglite') {
  passes.push({
    name: 'PostgreSQL',
    cmd: process.execPath,
    args: [path.join(apiDir, 'scripts', 'with-postgres.mjs'), process.execPath, ...nodeArgs, jestBin, ...jestArgs],
    env: { ...process.env, NODE_ENV: 'test' },
  });
}

let failed = false;
// Paystack's protocol first: the conformance sequence against the sandbox, its step table printed.
{
  console.log('\n=== Paystack conformance (sandbox) ===');
  const tsxBin = path.join(apiDir, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const r = spawnSync(process.execPath, [tsxBin, path.join(apiDir, 'scripts', 'paystack-check.ts')], {
    cwd: apiDir,
    stdio: 'inherit',
    env: { ...process.env, PAYSTACK_SECRET_KEY: '' },
  });
  if (r.status !== 0) failed = true;
}
for (const pass of passes) {
  console.log(`\n=== API tests on ${pass.name} ===`);
  const started = Date.now();
  const r = spawnSync(pass.cmd, pass.args, { cwd: apiDir, stdio: 'inherit', env: pass.env });
  console.log(`=== ${pass.name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

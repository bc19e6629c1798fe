#!/usr/bin/env node
/**
 * `npm run typecheck`: the browser apps and @campus/shared as one TypeScript program, then every
 * other workspace's own `typecheck` script (lib/typecheck-plan.mjs says which and why).
 * The program's tsconfig is written under node_modules/.cache (inside the repo, so TypeScript finds
 * node_modules/@types as from any workspace); it extends tsconfig.base.json as each workspace's does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, npmCommand, run } from './lib/product.mjs';
import { repoWorkspaces, typecheckPlan } from './lib/typecheck-plan.mjs';

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const npm = npmCommand();

const plan = typecheckPlan(repoWorkspaces(ROOT));
let failed = false;
const step = async (label, command, args) => {
  const started = Date.now();
  process.stdout.write(`\n> ${label}\n`);
  try {
    await run(command, args);
    process.stdout.write(`  passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  } catch {
    failed = true;
    process.stdout.write(`  FAILED: ${label}\n`);
  }
};

if (plan.program) {
  const dir = path.join(ROOT, 'node_modules', '.cache', 'campus-typecheck');
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: path.join(ROOT, 'tsconfig.base.json'),
      compilerOptions: plan.program.compilerOptions,
      include: plan.program.include.map((dir) => path.join(ROOT, dir)),
    }),
  );
  await step(`one program: ${plan.together.join(', ')}`, process.execPath, [tsc, '-p', config]);
}
for (const name of plan.alone) await step(name, npm[0], [...npm.slice(1), 'run', 'typecheck', '-w', name]);
process.exit(failed ? 1 : 0);

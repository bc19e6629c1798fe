// Times the module evaluation of the endpoint contract and its schemas in Node
// (bundled with esbuild, zod external so its own evaluation is not counted):
// `node scripts/time-schemas.mjs` prints the median of 10 fresh processes.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Inside the worktree so that the bundle resolves zod from node_modules.
const dir = join('node_modules', '.cache', 'time-schemas');
mkdirSync(dir, { recursive: true });
await build({
  entryPoints: ['shared/src/endpoints/index.ts', 'shared/src/schemas/index.ts'],
  bundle: true,
  format: 'esm',
  platform: 'node',
  external: ['zod'],
  outdir: dir,
  outExtension: { '.js': '.mjs' },
});
const probe = join(dir, 'probe.mjs');
writeFileSync(
  probe,
  `await import('zod');
const t0 = performance.now();
await import('./schemas/index.mjs');
await import('./endpoints/index.mjs');
console.log(performance.now() - t0);`,
);
const runs = Array.from({ length: 10 }, () => Number(execFileSync(process.execPath, [probe])));
runs.sort((a, b) => a - b);
console.log(
  `schemas + contract evaluation: median ${((runs[4] + runs[5]) / 2).toFixed(1)} ms (runs ${runs[0].toFixed(1)}-${runs[9].toFixed(1)} ms), load ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

// Runs drizzle-kit (hoisted to the root node_modules) with drizzle-orm visible
// to it: npm installed drizzle-orm under api/node_modules, where the hoisted
// drizzle-kit's own `import('drizzle-orm/version')` cannot see it. A temporary
// symlink bridges the two and is removed afterwards.
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiDir, 'package.json'));
const kitBin = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const kitModules = path.resolve(path.dirname(kitBin), '..');
const bridge = path.join(kitModules, 'drizzle-orm');
const ours = path.join(apiDir, 'node_modules', 'drizzle-orm');
const needBridge = !existsSync(bridge) && existsSync(ours);
if (needBridge) symlinkSync(ours, bridge, 'dir');
try {
  const r = spawnSync(process.execPath, [kitBin, ...process.argv.slice(2)], { cwd: apiDir, stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  if (needBridge) unlinkSync(bridge);
}

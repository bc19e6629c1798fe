#!/usr/bin/env node
/**
 * The import-cycle check of `npm run lint`: no file in any workspace reaches
 * itself through its imports, type imports included. ESLint's import-x/no-cycle
 * skips `import type`, and a circle of types is still a circle for the reader
 * (and becomes a run-time one the day a type import turns into a value import).
 *
 * dependency-cruiser does the reading: it asks TypeScript for every import,
 * re-export and dynamic import (tsPreCompilationDeps keeps the type-only ones
 * that compilation would drop) and resolves them as the bundlers do.
 *
 *   node scripts/cycles.mjs           every workspace in package.json
 *   node scripts/cycles.mjs api       one or more folders (relative to the working folder)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Folders never read: dependencies, build output, reports. */
const SKIPPED = '(^|/)(node_modules|dist|coverage|test-results|playwright-report|\\.cache)/';

/** The workspaces of the root package.json (the folders a cycle could hide in). */
function workspaceFolders() {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return pkg.workspaces;
}

/**
 * The circles among `folders` (paths relative to the working folder), each as
 * the list of files it passes through, first file repeated at the end.
 */
async function findCycles(folders) {
  const result = await cruise(folders, {
    validate: true,
    ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
    tsPreCompilationDeps: true,
    exclude: { path: SKIPPED },
    doNotFollow: { path: 'node_modules' },
    // A folder outside the ones asked about is not followed (another workspace is checked on its own).
    includeOnly: { path: `^(${folders.map(escape).join('|')})/` },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx', '.json'] },
    outputType: 'json',
  });
  const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
  const seen = new Set();
  const cycles = [];
  for (const module of output.modules) {
    for (const dependency of module.dependencies) {
      if (!dependency.circular) continue;
      const files = [module.source, ...dependency.cycle.map((step) => step.name)];
      // The same circle is reported from each file on it: keep it once.
      const key = [...files.slice(0, -1)].sort().join('\n');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push(files);
    }
  }
  return { cycles, files: output.summary.totalCruised };
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function main() {
  const asked = process.argv.slice(2);
  if (asked.length === 0) process.chdir(ROOT);
  const folders = asked.length > 0 ? asked : workspaceFolders();
  const { cycles, files } = await findCycles(folders);
  if (cycles.length === 0) {
    console.log(`Import cycles (type imports counted): none in ${files} files of ${folders.join(', ')}.`);
    return;
  }
  console.error(`Import cycles (type imports counted): ${cycles.length}.`);
  for (const files of cycles.slice(0, 20)) console.error(`  ${files.join('\n    -> ')}`);
  if (cycles.length > 20) console.error(`  … and ${cycles.length - 20} more`);
  console.error('Break each circle: move what both sides need (a type, a constant) into a file of its own that imports neither.');
  process.exitCode = 1;
}

await main();

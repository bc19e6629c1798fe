/**
 * `npm run typecheck`'s plan: the workspaces whose tsconfig is the browser apps' shape (the base
 * options, the same `compilerOptions` on top, `include: ["src"]`) are checked as ONE TypeScript
 * program; every other workspace runs its own `typecheck` script.
 *
 * Why one program: each remote's program also checks the @campus/shared sources it imports and
 * loads Chakra's and React's declarations again. Eight programs one after the other took 8-19 s
 * each on these machines (about 110 s); the same files as one program take 12-17 s. The options
 * are equal, so every file is checked under the options its own tsconfig gives it. What one
 * program adds: the ambient declarations of one workspace are visible in the others. The two there
 * are (`__CAMPUS_RUNTIME_VERSION__`, `*.css` imports) describe tooling/webpack/create-config.cjs,
 * which builds every app the same way, so they hold for every app.
 * `npm run typecheck -w <workspace>` still checks one workspace on its own (its own tsconfig).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/** A tsconfig.json as the repo writes them (JSON, no comments). */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * `workspaces`: `{ dir, name, hasTypecheck, tsconfig }` (tsconfig parsed, or null).
 * Resolves `{ program: { compilerOptions, include }, alone: [name] }`; `program` is null when
 * fewer than two workspaces share the shape (nothing to gain).
 */
export function typecheckPlan(workspaces, baseConfigPath = '../tsconfig.base.json') {
  const checked = workspaces.filter((w) => w.hasTypecheck);
  const shapeOf = (w) => {
    const t = w.tsconfig;
    if (!t || t.extends !== baseConfigPath || !isDeepStrictEqual(t.include, ['src'])) return null;
    const keys = Object.keys(t).filter((k) => !['extends', 'include', 'compilerOptions'].includes(k));
    return keys.length === 0 ? JSON.stringify(t.compilerOptions ?? {}) : null;
  };
  // The browser apps' shape is the one most workspaces share.
  const counts = new Map();
  for (const w of checked) {
    const shape = shapeOf(w);
    if (shape) counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  const [shape, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  if (count < 2) return { program: null, alone: checked.map((w) => w.name) };
  const together = checked.filter((w) => shapeOf(w) === shape);
  return {
    program: { compilerOptions: JSON.parse(shape), include: together.map((w) => `${w.dir}/src`) },
    together: together.map((w) => w.name),
    alone: checked.filter((w) => shapeOf(w) !== shape).map((w) => w.name),
  };
}

/** The repo's workspaces as typecheckPlan reads them. */
export function repoWorkspaces(root) {
  return readJson(path.join(root, 'package.json')).workspaces.map((dir) => {
    const pkg = readJson(path.join(root, dir, 'package.json'));
    let tsconfig = null;
    try {
      tsconfig = readJson(path.join(root, dir, 'tsconfig.json'));
    } catch {
      tsconfig = null;
    }
    return { dir, name: pkg.name, hasTypecheck: Boolean(pkg.scripts?.typecheck), tsconfig };
  });
}

/**
 * ESLint rule `api-domains/no-domain-cycle`: no two API domain folders depend on each
 * other, directly or round a longer loop. A domain is a folder of api/src that is not
 * infrastructure (db, http, lib, limits, plugins). The rule reads every file of api/src
 * once per ESLint run, builds the folder graph (every import counts, `import type` too:
 * it still names a direction), and refuses an import from domain A into domain B when B
 * already reaches A. Files on the allow-list add no edges and are not checked.
 *
 * import-x/no-cycle cannot see this: it follows files, and two folders can import each
 * other without any file cycle.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * @typedef {{ root: string, infrastructure: string[], allow?: string[] }} Options
 *   root: api/src relative to ESLint's cwd; infrastructure: its folders that are not domains;
 *   allow: files (relative to ESLint's cwd) left out of the graph and the check.
 */

/** The domain a file belongs to (its first folder under root), or null for infrastructure and top-level files. */
function domainOf(file, root, infrastructure) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length < 2 || infrastructure.includes(parts[0])) return null;
  return parts[0];
}

/** The domain an import specifier lands in: a file inside a domain folder, or the folder itself (its index.ts). */
function importedDomain(fromFile, spec, root, infrastructure) {
  const target = path.resolve(path.dirname(fromFile), spec);
  const inside = domainOf(target, root, infrastructure);
  if (inside) return inside;
  if (path.dirname(target) !== root) return null;
  const name = path.basename(target);
  return !infrastructure.includes(name) && fs.existsSync(target) && fs.statSync(target).isDirectory() ? name : null;
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Relative specifiers a file imports (static, re-exports, dynamic, type-only). */
function importedSpecifiers(text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('.'));
}

/**
 * The domain graph of the files under root: Map<from, Map<to, exampleFile>>.
 * @param {string} root absolute path of api/src
 * @param {string[]} infrastructure
 * @param {Set<string>} allowed absolute paths left out
 */
export function domainGraph(root, infrastructure, allowed) {
  /** @type {Map<string, Map<string, string>>} */
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = domainOf(file, root, infrastructure);
    if (!from || allowed.has(file)) continue;
    for (const spec of importedSpecifiers(fs.readFileSync(file, 'utf8'))) {
      const to = importedDomain(file, spec, root, infrastructure);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, path.relative(root, file));
    }
  }
  return graph;
}

/** A path of domains from `start` to `goal` (both included), or null. */
export function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const here = queue.shift();
    if (here === goal) {
      const route = [];
      for (let at = goal; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(here)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, here);
        queue.push(next);
      }
    }
  }
  return null;
}

const graphs = new Map();

/** @type {import('eslint').Rule.RuleModule} */
const noDomainCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'API domain folders must not import each other (no cycle between domains).' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          infrastructure: { type: 'array', items: { type: 'string' } },
          allow: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'infrastructure'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "Domain '{{from}}' imports '{{to}}', but '{{to}}' already depends on '{{from}}' ({{route}}; first: {{example}}). Pick one direction; the other side goes through a port or an event (docs/api.md, \"API domains\").",
    },
  },
  create(context) {
    /** @type {Options} */
    const options = context.options[0];
    const root = path.resolve(context.cwd, options.root);
    const allowed = new Set((options.allow ?? []).map((f) => path.resolve(context.cwd, f)));
    const file = context.filename;
    const from = domainOf(file, root, options.infrastructure);
    if (!from || allowed.has(file)) return {};
    const key = JSON.stringify([root, options.infrastructure, [...allowed]]);
    if (!graphs.has(key)) graphs.set(key, domainGraph(root, options.infrastructure, allowed));
    const graph = graphs.get(key);

    function check(node) {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = importedDomain(file, spec, root, options.infrastructure);
      if (!to || to === from) return;
      const route = findPath(graph, to, from);
      if (!route) return;
      const example = graph.get(to)?.get(route[1]) ?? '';
      context.report({ node, messageId: 'cycle', data: { from, to, route: route.join(' → '), example } });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-domain-cycle': noDomainCycle } };

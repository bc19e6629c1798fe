#!/usr/bin/env node
/**
 * The table-ownership check of `npm run lint`: every table of the API has one owner, the
 * domain its schema file is named after (api/src/db/schema/accounts.ts holds the accounts
 * domain's tables, written only in api/src/accounts/), and only that owner's repositories
 * (*repository.ts) write it. Another domain changes the rows by calling what the owner exports.
 *
 * A write is a drizzle `.insert(t)`, `.update(t)` or `.delete(t)` on a table imported from the
 * schema, or SQL text that inserts into, updates, deletes from or truncates a table by name.
 * Reads are free: a join across domains is still one query. Not seen: SQL whose table name
 * is put together at run time (`DELETE FROM ${table}`); keep such a statement in the owner's repository.
 *
 *   node scripts/table-owners.mjs              the API of this repository
 *   node scripts/table-owners.mjs <api/src>    another tree (the check's own tests)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

const parse = (file) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** Each table of the schema: its export name and SQL name, with the owning domain folder (the schema file's name). */
export function schemaTables(src) {
  const tables = [];
  const schemaDir = path.join(src, 'db', 'schema');
  for (const file of sourceFiles(schemaDir)) {
    const owner = path.basename(file, '.ts');
    if (owner === 'index') continue;
    parse(file).forEachChild(function visit(node) {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isCallExpression(node.initializer)) {
        const call = node.initializer;
        const [first] = call.arguments;
        if (ts.isIdentifier(call.expression) && call.expression.text === 'pgTable' && first && ts.isStringLiteral(first)) {
          tables.push({ name: node.name.text, sqlName: first.text, owner, schemaFile: path.relative(src, file) });
        }
      }
      node.forEachChild(visit);
    });
  }
  return tables;
}

const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The writes of one file: [{ table (export name), how, line }]. */
function writesIn(file, tables) {
  const source = parse(file);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const bySql = new Map(tables.map((t) => [t.sqlName, t]));
  // The local names this file gives schema tables (named imports, possibly renamed, and namespace imports).
  const local = new Map();
  const namespaces = new Set();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)(db\/)?schema(\/[a-z-]+)?$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (byName.has(imported)) local.set(element.name.text, imported);
      }
    }
  }
  const tableOf = (expression) => {
    if (ts.isIdentifier(expression)) return local.get(expression.text) ?? null;
    if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression) && namespaces.has(expression.expression.text)) {
      return byName.has(expression.name.text) ? expression.name.text : null;
    }
    return null;
  };
  const writes = [];
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  source.forEachChild(function visit(node) {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments.length === 1) {
      const how = node.expression.name.text;
      const table = ['insert', 'update', 'delete'].includes(how) ? tableOf(node.arguments[0]) : null;
      if (table) writes.push({ table, how, line: lineOf(node) });
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const match of node.text.matchAll(SQL_WRITE)) {
        const table = bySql.get(match[1].toLowerCase());
        if (table) writes.push({ table: table.name, how: `SQL ${match[0].split(/\s+/)[0].toUpperCase()}`, line: lineOf(node) });
      }
    }
    node.forEachChild(visit);
  });
  return writes;
}

/** Every write outside its table's owner's repositories: [{ file, line, table, how, owner }]. */
export function foreignWrites(src) {
  const tables = schemaTables(src);
  const owners = new Map(tables.map((t) => [t.name, t.owner]));
  const problems = [];
  for (const file of sourceFiles(src)) {
    const relative = path.relative(src, file);
    if (relative.startsWith(path.join('db', 'schema') + path.sep)) continue;
    for (const write of writesIn(file, tables)) {
      const owner = owners.get(write.table);
      const inOwner = relative.startsWith(owner + path.sep);
      if (!inOwner || !/repository\.ts$/.test(relative)) problems.push({ file: relative, ...write, owner });
    }
  }
  // A schema file named after no folder of api/src names no owner: its tables could be written anywhere.
  const unowned = tables.filter((t) => !fs.existsSync(path.join(src, t.owner)));
  return { tables, problems, unowned };
}

function main() {
  const src = process.argv[2] ? path.resolve(process.argv[2]) : path.join(ROOT, 'api', 'src');
  const { tables, problems, unowned } = foreignWrites(src);
  for (const t of unowned) {
    console.error(
      `${t.schemaFile}: ${t.name} has no owner (no folder api/src/${t.owner}): name each schema file after the domain that owns its tables.`,
    );
  }
  for (const p of problems) {
    console.error(
      `${p.file}:${p.line}: ${p.how} ${p.table}, a table of ${p.owner}: only ${p.owner}/*repository.ts writes it (call what ${p.owner} exports).`,
    );
  }
  if (problems.length > 0 || unowned.length > 0) {
    process.exitCode = 1;
    return;
  }
  const domains = new Set(tables.map((t) => t.owner));
  console.log(`Table owners: ${tables.length} tables in ${domains.size} owners, each written only by its owner's repositories.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

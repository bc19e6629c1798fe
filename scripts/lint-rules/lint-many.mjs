/**
 * Lints many pieces of source in one ESLint run, each as if it lived at its filePath in the
 * repository, with the repository's own eslint.config.mjs. Reads a JSON array of
 * { filePath, code } (filePath relative to the repository root) from stdin and prints a JSON
 * array with, for each input in order, the problems ESLint reports ({ ruleId, message }).
 *
 * lint-text.mjs runs it with plain node as a child process: the flat config is ESM, which
 * jest's CommonJS transform cannot import, and one process pays ESLint's start (the
 * typescript-eslint parser, the import resolver) once for all the cases of a test file.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// eslint.config.mjs reads some folders relative to the working directory.
process.chdir(ROOT);

let input = '';
for await (const chunk of process.stdin) input += chunk;
/** @type {{ filePath: string, code: string }[]} */
const cases = JSON.parse(input);

const eslint = new ESLint({ cwd: ROOT });
const reports = [];
for (const { filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  reports.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
}
process.stdout.write(JSON.stringify(reports));

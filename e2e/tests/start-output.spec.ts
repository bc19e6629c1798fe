/**
 * What `npm start` prints (the README's promise to a newcomer): with the builds present, at most
 * 40 lines before "Press Ctrl-C", the shell's address among them, and after it no request log:
 * the API logs at warn, so every JSON line the product printed after the summary is a warning or
 * an error. Read from the log of the product this suite started with scripts/start.mjs
 * (global-setup.ts: PRODUCT_LOG_FILE).
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { OWN_PRODUCT } from '../support/ports';

const MAX_LINES_BEFORE_PRESS = 40;
/** pino's level numbers: 40 is warn. */
const WARN = 40;

/** The lines of the supervisor's output, without the build's (a start that had to build first). */
function startOutput(): { before: string[]; after: string[] } {
  const file = process.env.PRODUCT_LOG_FILE;
  if (!file || !existsSync(file)) throw new Error('PRODUCT_LOG_FILE is not set: this journey reads the product global-setup.ts started');
  const lines = readFileSync(file, 'utf8').split('\n');
  const press = lines.findIndex((line) => line.startsWith('Press Ctrl-C'));
  expect(press, 'the start finished with "Press Ctrl-C"').toBeGreaterThan(0);
  // A start that had to build first prints the build, from "Building ..." to its last "  built <app> in N s"
  // (webpack's own lines between): what a start with the builds present does not print.
  const start = lines.findIndex((line) => /^Building .* \(production\)\.\.\.$/.test(line));
  const end = lines.findLastIndex((line, i) => i < press && /^ {2}built \S+ in [\d.]+ s$/.test(line));
  const before = lines.slice(0, press).filter((_, i) => start < 0 || end < start || i < start || i > end);
  return { before, after: lines.slice(press + 1) };
}

test.describe('what npm start prints', { tag: [OWN_PRODUCT] }, () => {
  test('at most 40 lines up to "Press Ctrl-C", the address to open among them, and no request log after it', () => {
    const { before, after } = startOutput();
    expect(before.length, before.join('\n')).toBeLessThanOrEqual(MAX_LINES_BEFORE_PRESS);
    expect(before.some((line) => /^ {2}Shell \(open this\) +http:\/\//.test(line))).toBe(true);
    expect(before.some((line) => line.startsWith('Campus Marketplace is running'))).toBe(true);

    const quieter = after
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        try {
          return JSON.parse(line) as { level?: number; msg?: string };
        } catch {
          return null;
        }
      })
      .filter((entry): entry is { level: number; msg?: string } => typeof entry?.level === 'number' && entry.level < WARN);
    expect(quieter.map((entry) => entry.msg)).toEqual([]);
  });
});

// The README is the front door: short enough to read in five minutes, and every document it points at exists.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

test('README.md is at most 150 lines', () => {
  expect(README.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
});

test('every file the README links to is there', () => {
  const targets = [...README.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
  expect(targets.length).toBeGreaterThan(5);
  expect(targets.filter((target) => !fs.existsSync(path.join(ROOT, target)))).toEqual([]);
});

// The cycle check of `npm run lint` (scripts/cycles.mjs): a circle made only of type imports is found.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const SCRIPT = path.join(__dirname, 'cycles.mjs');

/** Runs the check on `app/` of the temporary folder: its exit status and the circles it printed (file lists). */
function findCycles() {
  const run = spawnSync(process.execPath, [SCRIPT, 'app'], { cwd: root, encoding: 'utf8' });
  const cycles = run.stderr
    .replace(/\nBreak each circle.*/s, '')
    .split(/\n(?=  \S)/)
    .filter((block) => block.startsWith('  app/'))
    .map((block) => block.trim().split(/\s*\n\s*-> /));
  const files = /none in (\d+) files/.exec(run.stdout)?.[1];
  return { status: run.status, cycles, files: files === undefined ? undefined : Number(files) };
}

let root;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function write(files) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

test('a circle of type imports alone is a circle (import-x/no-cycle would skip it)', () => {
  write({
    'app/src/config.ts': "import type { Money } from './money';\nexport interface Config { money: Money }\n",
    'app/src/money.ts': "import type { Config } from './config';\nexport interface Money { config: Config }\n",
  });
  const { status, cycles } = findCycles();
  expect(status).toBe(1);
  expect(cycles).toEqual([['app/src/config.ts', 'app/src/money.ts', 'app/src/config.ts']]);
});

test('a circle through a barrel re-export is reported once, however many files it passes', () => {
  write({
    'app/src/types.ts': "import type { Lifetimes } from './accounts';\nexport interface Types { l: Lifetimes }\n",
    'app/src/accounts/index.ts': "export * from './routes';\nexport type Lifetimes = number;\n",
    'app/src/accounts/routes.ts': "import type { Types } from '../types';\nexport const routes = (t: Types) => t;\n",
  });
  const { cycles } = findCycles();
  expect(cycles).toHaveLength(1);
  expect(new Set(cycles[0])).toEqual(new Set(['app/src/types.ts', 'app/src/accounts/index.ts', 'app/src/accounts/routes.ts']));
});

test('the same imports with the shared type in a leaf file are no circle', () => {
  write({
    'app/src/lifetimes.ts': 'export type Lifetimes = number;\n',
    'app/src/types.ts': "import type { Lifetimes } from './lifetimes';\nexport interface Types { l: Lifetimes }\n",
    'app/src/accounts/index.ts': "export * from './routes';\nexport type { Lifetimes } from '../lifetimes';\n",
    'app/src/accounts/routes.ts': "import type { Types } from '../types';\nexport const routes = (t: Types) => t;\n",
  });
  const { status, cycles, files } = findCycles();
  expect(status).toBe(0);
  expect(cycles).toEqual([]);
  expect(files).toBe(4);
});

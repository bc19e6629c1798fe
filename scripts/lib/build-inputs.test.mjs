import { readdirSync } from 'node:fs';
import path from 'node:path';
import { APPS, ROOT } from '../../tooling/product.cjs';
import { buildInputs, isCovered } from './build-inputs.mjs';

/** Every file under `dir`, skipping installed packages and outputs. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'coverage'].includes(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('what a build reads, for the staleness check', () => {
  const readByEveryBuild = [...filesUnder(path.join(ROOT, 'tooling')), ...filesUnder(path.join(ROOT, 'shared', 'src'))];

  test.each(APPS.map((app) => [app.dir, app]))('%s: every tooling/ and shared/src/ file is an input', (_dir, app) => {
    const inputs = buildInputs(app);
    expect(readByEveryBuild.length).toBeGreaterThan(20);
    expect(readByEveryBuild.filter((file) => !isCovered(file, inputs)).map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  test('the HTML helpers the prerender writers require are an input (an edit to them must not leave stale pages)', () => {
    for (const app of APPS) expect(isCovered(path.join(ROOT, 'tooling', 'html.cjs'), buildInputs(app))).toBe(true);
  });

  test("an app's own sources and settings are inputs; another app's, and outputs, are not", () => {
    const shell = APPS.find((app) => app.dir === 'shell');
    const inputs = buildInputs(shell);
    expect(isCovered(path.join(ROOT, 'shell', 'src', 'bootstrap.tsx'), inputs)).toBe(true);
    expect(isCovered(path.join(ROOT, 'shell', 'webpack.config.js'), inputs)).toBe(true);
    expect(isCovered(path.join(ROOT, 'remote-cart', 'src', 'bootstrap.tsx'), inputs)).toBe(false);
    expect(isCovered(path.join(ROOT, 'shell', 'dist', 'index.html'), inputs)).toBe(false);
    expect(isCovered(path.join(ROOT, 'tooling', 'node_modules', 'x.js'), inputs)).toBe(false);
  });
});

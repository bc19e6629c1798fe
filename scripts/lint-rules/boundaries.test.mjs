// The import boundaries of the design card: no remote imports another remote or the
// shell, and `shared` imports no app.
import fs from 'node:fs';
import path from 'node:path';
import product from '../../tooling/product.cjs';
import { lintCases } from './lint-text.mjs';

// Every browser app the product is made of (tooling/product.cjs), so an app added there is covered here.
const REMOTES = product.APPS.filter((app) => app.remote).map((app) => app.dir);
const WORKSPACES = product.APPS.map((app) => app.dir);
/** For each remote, what it must not import: the shell, the API, every other remote, the page server and the journeys. */
const crossImports = REMOTES.flatMap((remote) =>
  [...WORKSPACES, product.API.dir, ...product.TOOLS.map((tool) => tool.dir)]
    .filter((other) => other !== remote)
    .flatMap((other) => [
      [
        `${remote} importing ${other} by package`,
        `${remote}/src/routes/Example.tsx`,
        `import { x } from '@campus/${other}/src/x';\nexport const y = x;\n`,
      ],
      [
        `${remote} importing ${other} by path`,
        `${remote}/src/routes/Example.tsx`,
        `import { x } from '../../../${other}/src/x';\nexport const y = x;\n`,
      ],
    ]),
);
const ROOT = path.resolve(__dirname, '..', '..');
/** A source file of `dir` (relative to the repository root), for an import that resolves; null when it has none. */
function aSourceFile(dir) {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name)) {
      return path.relative(path.join(ROOT, dir), path.join(entry.parentPath, entry.name)).replace(/\.tsx?$/, '');
    }
  }
  return null;
}
/** In each app with two features or more, one of them importing a real file of another: a screen composes them. */
const featureImports = WORKSPACES.flatMap((workspace) => {
  const features = path.join(workspace, 'src', 'features');
  if (!fs.existsSync(path.join(ROOT, features))) return [];
  const [first, second] = fs
    .readdirSync(path.join(ROOT, features), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const target = second ? aSourceFile(path.join(features, second)) : null;
  if (!first || !target) return [];
  return [
    [
      `${workspace}: the ${first} feature importing the ${second} feature`,
      `${workspace}/src/features/${first}/Example.tsx`,
      `import * as other from '../${second}/${target}';\nexport const y = other;\n`,
    ],
  ];
});

/** In each app, its common code (src/components, src/lib) importing one of its features or screens. */
const upwardImports = WORKSPACES.flatMap((workspace) => {
  const features = path.join(workspace, 'src', 'features');
  const routes = path.join(workspace, 'src', 'routes');
  const feature = fs.existsSync(path.join(ROOT, features))
    ? fs.readdirSync(path.join(ROOT, features), { withFileTypes: true }).find((entry) => entry.isDirectory())?.name
    : undefined;
  const featureFile = feature ? aSourceFile(path.join(features, feature)) : null;
  const routeFile = fs.existsSync(path.join(ROOT, routes)) ? aSourceFile(routes) : null;
  return [
    ...(featureFile && routeFile
      ? [
          [
            `${workspace}: the ${feature} feature importing a screen`,
            `${workspace}/src/features/${feature}/Example.tsx`,
            `import * as screen from '../../routes/${routeFile}';\nexport const y = screen;\n`,
          ],
        ]
      : []),
    ...['components', 'lib'].flatMap((common) => [
      ...(featureFile
        ? [
            [
              `${workspace}: src/${common} importing the ${feature} feature`,
              `${workspace}/src/${common}/Example.tsx`,
              `import * as feature from '../features/${feature}/${featureFile}';\nexport const y = feature;\n`,
            ],
          ]
        : []),
      ...(routeFile
        ? [
            [
              `${workspace}: src/${common} importing a screen`,
              `${workspace}/src/${common}/Example.tsx`,
              `import * as screen from '../routes/${routeFile}';\nexport const y = screen;\n`,
            ],
          ]
        : []),
    ]),
  ];
});

const lint = lintCases([
  ...upwardImports,
  [
    'a screen composing two features',
    'remote-marketplace/src/routes/parts/Example.tsx',
    "import { CartButton } from '../../features/cart-buttons/components/CartButton';\nimport { WishlistButton } from '../../features/wishlist-buttons/components/WishlistButton';\nexport const y = [CartButton, WishlistButton];\n",
  ],
  [
    "a feature's test rendering its screen",
    'remote-cart/src/features/checkout/components/Example.test.tsx',
    "import CartPage from '../../../routes/CartPage';\nexport const y = CartPage;\n",
  ],
  [
    'a feature importing common code',
    'remote-marketplace/src/features/search/components/Example.tsx',
    "import { AfterShown } from '../../../components/AfterShown';\nexport const y = AfterShown;\n",
  ],
  ...crossImports,
  ...featureImports,
  [
    'a remote importing a remote',
    'remote-cart/src/routes/Example.tsx',
    "import { x } from '@campus/remote-seller/src/x';\nexport const y = x;\n",
  ],
  ['shared importing an app', 'shared/src/product-ui/Example.tsx', "import { x } from '@campus/shell/src/x';\nexport const y = x;\n"],
  [
    'shared importing the page server',
    'shared/src/browser/Example.ts',
    "import { x } from '@campus/page-server/src/x';\nexport const y = x;\n",
  ],
  ['the API importing the journeys', 'api/src/platform/Example.ts', "import { x } from '../../../e2e/src/x';\nexport const y = x;\n"],
  [
    'a remote importing the contract',
    'remote-cart/src/routes/Example.tsx',
    "import { MESSAGES } from '@campus/shared/messages';\nexport const y = MESSAGES;\n",
  ],
]);

describe('import boundaries', () => {
  it.each(crossImports.map(([name]) => name))('refuses %s', (name) => {
    expect(lint(name).map((p) => p.ruleId)).toContain('no-restricted-imports');
  });

  it.each(featureImports.map(([name]) => name))('refuses %s', (name) => {
    expect(lint(name).map((p) => p.ruleId)).toContain('import-x/no-restricted-paths');
  });

  it.each(upwardImports.map(([name]) => name))('refuses %s', (name) => {
    expect(lint(name).map((p) => p.ruleId)).toContain('import-x/no-restricted-paths');
  });

  it('lets a screen compose two features, and a feature import common code', () => {
    // The imports resolve (an unresolved one would pass the rule unchecked).
    for (const file of [
      'remote-marketplace/src/features/cart-buttons/components/CartButton.tsx',
      'remote-marketplace/src/features/wishlist-buttons/components/WishlistButton.tsx',
      'remote-marketplace/src/components/AfterShown.tsx',
    ]) {
      expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
    }
    expect(lint('a screen composing two features').filter((p) => p.ruleId === 'import-x/no-restricted-paths')).toEqual([]);
    expect(lint('a feature importing common code').filter((p) => p.ruleId === 'import-x/no-restricted-paths')).toEqual([]);
  });

  it("lets a feature's test render the screen it lives on (its code may not import one)", () => {
    expect(fs.existsSync(path.join(ROOT, 'remote-cart/src/routes/CartPage.tsx'))).toBe(true);
    expect(lint("a feature's test rendering its screen").filter((p) => p.ruleId === 'import-x/no-restricted-paths')).toEqual([]);
    expect(upwardImports.map(([name]) => name)).toContain('remote-cart: the cart feature importing a screen');
  });

  it('covers every remote, remote-ops among them, and every app with features', () => {
    expect(upwardImports.map(([name]) => name)).toContain('remote-marketplace: src/components importing the cart-buttons feature');
    expect(featureImports.map(([name]) => name.split(':')[0])).toEqual(expect.arrayContaining(REMOTES));
    expect(REMOTES).toContain('remote-ops');
    expect(crossImports.filter(([name]) => name.startsWith('remote-ops importing')).length).toBe(
      2 * (WORKSPACES.length + product.TOOLS.length),
    );
    expect(crossImports.map(([name]) => name)).toEqual(
      expect.arrayContaining(['remote-cart importing page-server by package', 'remote-ops importing e2e by path']),
    );
  });

  it('refuses a remote importing another remote', () => {
    const problems = lint('a remote importing a remote');
    expect(problems.some((p) => p.ruleId === 'no-restricted-imports')).toBe(true);
  });

  it('refuses `shared` importing an app', () => {
    const problems = lint('shared importing an app');
    expect(problems.some((p) => p.ruleId === 'no-restricted-imports')).toBe(true);
  });

  it.each(['shared importing the page server', 'the API importing the journeys'])('refuses %s', (name) => {
    expect(lint(name).map((p) => p.ruleId)).toContain('no-restricted-imports');
  });

  it('lets a remote import the shared contract', () => {
    const problems = lint('a remote importing the contract');
    expect(problems.filter((p) => p.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});

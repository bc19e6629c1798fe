/**
 * Real builds of remote-cart made at "another time" than the shell, for the version-skew journeys
 * (e2e/tests/version-skew.spec.ts, e2e/tests/release.spec.ts): a copy of shared/, tooling/ and
 * remote-cart/ in a folder of its own, changed the way a later (or incompatible) release would
 * be, and built with the one webpack factory. Only the remote is built, never the shell: one
 * production build of remote-cart each (about 1-4 minutes on these 2-core machines, by load).
 * A variant is built again only when the sources it copies changed (a stamp of their newest
 * mtime), so a second run of the journeys reuses it.
 *
 * - `newer-contract`: @campus/shared's next minor (1.2.0 when the shell has 1.1.0), with a new
 *   endpoint (`categories.countCategories`) and a new `product-ui` prop (`Price`'s `caption`), both
 *   used by the remote's App on every cart page (data-testid="contract-probe"). The page's contract
 *   is older: the remote must bring its own copy and run.
 * - `runtime-2`: the same remote built for the page runtime 2.0.0: the shell must refuse it.
 * - `previous-release`: remote-cart as the release before this one shipped it: the sources of the
 *   commit releases/previous-release.json names (`git archive`), unchanged, built with this
 *   checkout's node_modules. Kept per commit (a commit's sources never change).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Outside any node_modules (the TypeScript rule skips those), one folder per checkout.
const VARIANTS_DIR = path.join(tmpdir(), 'campus-remote-variants', createHash('sha1').update(ROOT).digest('hex').slice(0, 8));
const COPIED = ['shared', 'tooling', 'remote-cart'];
const SKIPPED = new Set(['node_modules', 'dist', 'coverage']);

/** The next minor of the contract the shell is built with: what the newer-contract build claims to be. */
const SHARED_VERSION = JSON.parse(readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8')).version;
const [sharedMajor, sharedMinor] = SHARED_VERSION.split('.').map(Number);
export const NEWER_CONTRACT_VERSION = `${sharedMajor}.${sharedMinor + 1}.0`;

/** The text the newer-contract build shows on every cart page. */
export const CONTRACT_PROBE_TEXT = `Contract ${NEWER_CONTRACT_VERSION}`;

/** @param {string} file @param {string} from @param {string} to */
function replaceIn(file, from, to) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update scripts/lib/remote-variants.mjs`);
  writeFileSync(file, text.replace(from, to));
}

/** @param {string} root @param {(pkg: any) => void} change */
function changeSharedPackage(root, change) {
  const file = path.join(root, 'shared', 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  change(pkg);
  writeFileSync(file, JSON.stringify(pkg, null, 2));
}

const PROBE_APP = `
import { Suspense, useEffect, useState } from 'react';
import { call } from '@campus/shared/call';
import { categories } from '@campus/shared/endpoints';
import { Price } from '@campus/shared/product-ui';
import { RemoteRoutes } from '@campus/shared/remote-routes';
import { PageSpinner } from '@campus/shared/ui';
import { CART_SCREENS } from './routes';

/** Uses what only the newer contract has: an endpoint and a product-ui prop. */
function ContractProbe() {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    call(categories.countCategories).then((answer) => setCount(answer.data.length), () => setCount(-1));
  }, []);
  return (
    <div data-testid="contract-probe">
      ${CONTRACT_PROBE_TEXT}: {count === null ? 'reading' : \`\${count} categories\`} <Price value="1.00" caption="probe caption" />
    </div>
  );
}

export default function CartApp() {
  return (
    <Suspense fallback={<PageSpinner label="Loading page" />}>
      <ContractProbe />
      <RemoteRoutes remote="remoteCart" screens={CART_SCREENS} />
    </Suspense>
  );
}
`;

/** @type {Record<string, (root: string) => void>} */
const VARIANTS = {
  'newer-contract': (root) => {
    changeSharedPackage(root, (pkg) => {
      pkg.version = NEWER_CONTRACT_VERSION;
    });
    // A new endpoint (served by the API's existing category list: the suite builds no API).
    const categoriesFile = path.join(root, 'shared/src/endpoints/categories.ts');
    writeFileSync(
      categoriesFile,
      `${readFileSync(categoriesFile, 'utf8')}\nexport const countCategories = defineEndpoint({ ...listCategories, name: 'categories.countCategories', summary: 'Count' });\n`,
    );
    // A new prop of a product-ui component.
    const priceFile = path.join(root, 'shared/src/product-ui/Price.tsx');
    replaceIn(
      priceFile,
      "export function Price({ value, original, size = 'md' }: PriceProps) {",
      "export function Price({ value, original, size = 'md', caption }: PriceProps & { caption?: string }) {",
    );
    replaceIn(priceFile, "{text ?? '—'}", '{text ?? \'—\'}{caption ? <span data-testid="price-caption"> {caption}</span> : null}');
    writeFileSync(path.join(root, 'remote-cart/src/App.tsx'), PROBE_APP);
  },
  'runtime-2': (root) => {
    changeSharedPackage(root, (pkg) => {
      pkg.campusRuntime.version = '2.0.0';
    });
  },
};

/** The newest mtime under the copied sources (what a stale variant is told apart by). */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** node_modules of the copy: the repository's packages, with @campus/shared pointing at the copy. */
function linkNodeModules(root) {
  const modules = path.join(root, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@campus' || entry === '.cache') continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  mkdirSync(path.join(modules, '@campus'));
  symlinkSync(path.join(root, 'shared'), path.join(modules, '@campus', 'shared'));
  for (const dir of COPIED) {
    const own = path.join(ROOT, dir, 'node_modules');
    if (existsSync(own)) symlinkSync(own, path.join(root, dir, 'node_modules'));
  }
}

/** The committed record of the release before this one: the commit it was built from, and the versions it shipped. */
export const PREVIOUS_RELEASE_FILE = path.join(ROOT, 'releases', 'previous-release.json');

/** @returns {{ commit: string, sharedVersion: string, campusRuntime: string }} */
export function previousRelease() {
  return JSON.parse(readFileSync(PREVIOUS_RELEASE_FILE, 'utf8'));
}

/** @param {string[]} args */
function git(args, options = {}) {
  return spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', ...options });
}

/**
 * The full hash of the previous release's commit; a clear failure when this clone does not have it
 * (a shallow clone: CI clones the whole history).
 */
export function previousReleaseCommit(commit = previousRelease().commit) {
  const found = git(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]);
  if (found.status !== 0) {
    const shallow = git(['rev-parse', '--is-shallow-repository']).stdout.trim() === 'true';
    throw new Error(
      `The previous release's commit ${commit} (releases/previous-release.json) is not in this clone` +
        `${shallow ? ' (a shallow clone)' : ''}. Fetch it, then run again: git fetch --unshallow origin ` +
        `(or: git fetch origin ${commit}). CI clones the whole history (fetch-depth 0).`,
    );
  }
  return found.stdout.trim();
}

/** The copied sources of the previous release's commit, written into `root` (git archive). */
function extractPreviousRelease(commit, root) {
  const tarball = path.join(root, 'sources.tar');
  const archived = git(['archive', '--format=tar', `--output=${tarball}`, commit, ...COPIED, 'tsconfig.base.json', 'package.json']);
  if (archived.status !== 0) throw new Error(`git archive ${commit} failed: ${archived.stderr}`);
  const extracted = spawnSync('tar', ['-xf', tarball, '-C', root], { encoding: 'utf8' });
  if (extracted.status !== 0) throw new Error(`Extracting the sources of ${commit} failed: ${extracted.stderr}`);
  rmSync(tarball);
  const { sharedVersion } = previousRelease();
  const shipped = JSON.parse(readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')).version;
  if (shipped !== sharedVersion)
    throw new Error(
      `releases/previous-release.json says @campus/shared ${sharedVersion}, but commit ${commit} has ${shipped}: fix the record`,
    );
}

/**
 * Where a variant is built, and what tells a reusable build apart: a copy of this checkout's
 * sources (stamped by their newest mtime), or the previous release's commit.
 * @param {string} name
 */
function variantSource(name) {
  if (name === 'previous-release') {
    const commit = previousReleaseCommit();
    return {
      root: path.join(VARIANTS_DIR, `${name}-${commit.slice(0, 12)}`),
      stamp: commit,
      write: (/** @type {string} */ root) => extractPreviousRelease(commit, root),
    };
  }
  const change = VARIANTS[name];
  if (!change) throw new Error(`No remote variant ${name}`);
  return {
    root: path.join(VARIANTS_DIR, name),
    stamp: `${Math.max(...COPIED.map((dir) => newestMtime(path.join(ROOT, dir))))}`,
    write: (/** @type {string} */ root) => {
      for (const dir of COPIED)
        cpSync(path.join(ROOT, dir), path.join(root, dir), { recursive: true, filter: (src) => !SKIPPED.has(path.basename(src)) });
      for (const file of ['tsconfig.base.json', 'package.json']) cpSync(path.join(ROOT, file), path.join(root, file));
      change(root);
    },
  };
}

/**
 * Builds (or reuses) one variant of remote-cart; resolves its dist folder.
 * @param {keyof typeof VARIANTS | 'previous-release'} name
 * @param {{ log?: (line: string) => void }} [options]
 */
export function buildRemoteVariant(name, { log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const { root, stamp, write } = variantSource(name);
  const dist = path.join(root, 'remote-cart', 'dist');
  const stampFile = path.join(root, 'built-from');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(path.join(dist, 'mf-manifest.json'))) return dist;

  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  write(root);
  linkNodeModules(root);

  const started = Date.now();
  const result = spawnSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: path.join(root, 'remote-cart'),
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The ${name} build of remote-cart failed:\n${result.stdout}\n${result.stderr}`);
  log(`built remote-cart (${name}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  writeFileSync(stampFile, stamp);
  return dist;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const name of process.argv.slice(2))
    process.stdout.write(`${buildRemoteVariant(/** @type {keyof typeof VARIANTS | 'previous-release'} */ (name))}\n`);
}

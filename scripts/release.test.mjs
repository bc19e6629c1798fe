import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { release, rollback } from './release.mjs';

/** A remote-cart build whose content (and so release version) is `tag`. */
function build(tag) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-build-'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ tag }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${tag} */`);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'main.0123456789.js'), tag);
  return dir;
}

function setUp() {
  const env = { RELEASES_DIR: mkdtempSync(path.join(tmpdir(), 'releases-')) };
  const pointers = () => JSON.parse(readFileSync(path.join(env.RELEASES_DIR, 'pointers.json'), 'utf8'));
  const kept = () => readdirSync(path.join(env.RELEASES_DIR, 'remote-cart')).sort();
  return { env, pointers, kept };
}

describe('release and rollback of a remote', () => {
  test('a release is a copy of the build under its version, and the pointer names it', () => {
    const { env, pointers } = setUp();
    const { version, previous } = release({ appDir: 'remote-cart', distDir: build('a'), env });
    expect(version).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    expect(previous).toBeUndefined();
    expect(readFileSync(path.join(env.RELEASES_DIR, 'remote-cart', version, 'assets', 'main.0123456789.js'), 'utf8')).toBe('a');
    expect(pointers()).toEqual({ remoteCart: { current: version, history: [version] } });
  });

  test('the same build is the same release; another build is a new one; rollback goes back one, then to dist', () => {
    const { env, pointers } = setUp();
    const first = release({ appDir: 'remote-cart', distDir: build('a'), env }).version;
    expect(release({ appDir: 'remote-cart', distDir: build('a'), env }).version).toBe(first);
    const second = release({ appDir: 'remote-cart', distDir: build('b'), env });
    expect(second.previous).toBe(first);
    expect(pointers().remoteCart).toEqual({ current: second.version, history: [first, second.version] });

    expect(rollback({ appDir: 'remote-cart', env })).toEqual({ from: second.version, to: first });
    expect(pointers().remoteCart).toEqual({ current: first, history: [first] });
    expect(rollback({ appDir: 'remote-cart', env })).toEqual({ from: first, to: undefined });
    expect(pointers()).toEqual({});
    expect(() => rollback({ appDir: 'remote-cart', env })).toThrow('no release to roll back from');
  });

  test('keeps the last N releases and deletes older ones', () => {
    const { env, pointers, kept } = setUp();
    const versions = ['a', 'b', 'c', 'd'].map((tag) => release({ appDir: 'remote-cart', distDir: build(tag), env, keep: 2 }).version);
    expect(kept()).toEqual(versions.slice(2).sort());
    expect(pointers().remoteCart.history).toEqual(versions.slice(2));
    expect(existsSync(path.join(env.RELEASES_DIR, 'remote-cart', versions[0]))).toBe(false);
  });

  test('only remotes are released, and only from a remote build', () => {
    const { env } = setUp();
    expect(() => release({ appDir: 'shell', distDir: build('a'), env })).toThrow('not a remote');
    expect(() => release({ appDir: 'remote-cart', distDir: mkdtempSync(path.join(tmpdir(), 'empty-')), env })).toThrow(
      'no mf-manifest.json',
    );
  });
});

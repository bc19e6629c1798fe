import { RemoteRefusedError, runtimeCompatibilityPlugin, runtimeRefusal, satisfiesCaret } from './runtime-compatibility';

const manifestFor = (runtime: string) => ({ metaData: { name: 'remoteCart', campus: { runtime, runtimeVersion: runtime.slice(1) } } });

describe('satisfiesCaret', () => {
  test.each([
    ['1.0.0', '^1.0.0', true],
    ['1.4.2', '^1.3.0', true],
    ['1.3.0', '^1.4.0', false],
    ['2.0.0', '^1.0.0', false],
    ['1.9.9', '^2.0.0', false],
    ['0.2.0', '^0.1.0', false],
    ['0.1.5', '^0.1.0', true],
    ['1.0', '^1.0.0', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfiesCaret(version, range)).toBe(expected);
  });
});

describe('runtimeRefusal', () => {
  test('lets a remote built for this runtime major (an older or the same minor) mount', () => {
    expect(runtimeRefusal('remoteCart', manifestFor('^1.0.0'), '1.0.0')).toBeNull();
    expect(runtimeRefusal('remoteCart', manifestFor('^1.0.0'), '1.2.0')).toBeNull();
  });

  test('refuses a remote built for another runtime major, and says which', () => {
    expect(runtimeRefusal('remoteCart', manifestFor('^2.0.0'), '1.0.0')).toMatch(
      /Remote "remoteCart" was not mounted: it was built for the page runtime \^2\.0\.0 and this page provides 1\.0\.0/,
    );
  });

  test('refuses a remote that needs a newer runtime minor than the page has', () => {
    expect(runtimeRefusal('remoteCart', manifestFor('^1.3.0'), '1.2.0')).toMatch(/\^1\.3\.0/);
  });

  test('refuses a build that declares no runtime (made before the declaration existed)', () => {
    expect(runtimeRefusal('remoteCart', { metaData: { name: 'remoteCart' } }, '1.0.0')).toMatch(/declares no runtime version/);
  });
});

describe('runtimeCompatibilityPlugin', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function serveManifest(manifest: unknown) {
    const response = { ok: true, clone: () => ({ json: () => Promise.resolve(manifest) }) } as unknown as Response;
    globalThis.fetch = jest.fn(() => Promise.resolve(response));
    return response;
  }

  const remoteInfo = { name: 'remoteCart', entry: 'http://cart/mf-manifest.json' } as never;

  test('hands federation the manifest of a remote it can serve', async () => {
    const response = serveManifest(manifestFor('^1.0.0'));
    const plugin = runtimeCompatibilityPlugin('1.0.0');
    await expect(plugin.fetch?.('http://cart/mf-manifest.json', {}, remoteInfo)).resolves.toBe(response);
  });

  test('refuses one built for another runtime major, and logs why', async () => {
    serveManifest(manifestFor('^2.0.0'));
    const log = jest.fn();
    const plugin = runtimeCompatibilityPlugin('1.0.0', log);
    await expect(plugin.fetch?.('http://cart/mf-manifest.json', {}, remoteInfo)).rejects.toBeInstanceOf(RemoteRefusedError);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Remote "remoteCart" was not mounted'));
  });

  test('leaves every other request to federation', () => {
    const plugin = runtimeCompatibilityPlugin('1.0.0');
    expect(plugin.fetch?.('http://cart/remoteEntry.js', {}, remoteInfo)).toBeUndefined();
  });
});

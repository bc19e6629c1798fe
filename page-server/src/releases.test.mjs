import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStaticServer } from './server.mjs';
import { TEMPLATE } from './testing.mjs';

/** releases/pointers.json and a remote's kept releases, beside its dist folder (tooling/releases.cjs). */
function releasedRemote() {
  const root = mkdtempSync(path.join(tmpdir(), 'page-server-releases-'));
  const write = (file, content) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write('remote-cart/dist/index.html', TEMPLATE);
  write('remote-cart/dist/mf-manifest.json', '{"from":"dist"}');
  for (const version of ['1.0.0-aaaaaaaaaa', '1.0.0-bbbbbbbbbb']) {
    write(`releases/remote-cart/${version}/mf-manifest.json`, JSON.stringify({ version }));
    write(`releases/remote-cart/${version}/main.0123456789.js`, `/* ${version} */`);
  }
  // The later release renders screens per request (tooling/webpack/write-prerendered-screens.cjs); its own bundle draws them.
  write(
    'releases/remote-cart/1.0.0-bbbbbbbbbb/server/render-screens.cjs',
    `module.exports = {
  configure: () => {},
  requestPaths: ['/cart/:id'],
  renderAt: async (url) => ({ markup: '<main>' + url + ' by release bbbbbbbbbb</main>', queries: { queries: [] } }),
};`,
  );
  write(
    'runtime-config.json',
    JSON.stringify({
      apiBaseUrl: 'http://127.0.0.1:1',
      remotes: { remoteCart: 'http://cart.test/mf-manifest.json' },
      search: {},
      university: {},
    }),
  );
  /** @param {Record<string, unknown>} pointers */
  const point = (pointers) => write('releases/pointers.json', JSON.stringify(pointers));
  return { root, point };
}

describe("a remote's releases and the pointer to the live one", () => {
  const { root, point } = releasedRemote();
  point({ remoteCart: { current: '1.0.0-bbbbbbbbbb', history: ['1.0.0-aaaaaaaaaa', '1.0.0-bbbbbbbbbb'] } });
  /** @type {import('node:http').Server} */
  let server;
  let url = '';
  beforeAll(async () => {
    server = await startStaticServer({
      dir: path.join(root, 'remote-cart/dist'),
      port: 0,
      host: '127.0.0.1',
      env: { RUNTIME_CONFIG_FILE: path.join(root, 'runtime-config.json'), RELEASES_DIR: path.join(root, 'releases') },
    });
    url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const configuredCart = async () => {
    const response = await fetch(`${url}/runtime-config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const config = /** @type {{ remotes: Record<string, string> }} */ (await response.json());
    return config.remotes.remoteCart;
  };

  test('the runtime configuration points the remote at its current release, and follows a rollback without a restart', async () => {
    expect(await configuredCart()).toBe('http://cart.test/releases/1.0.0-bbbbbbbbbb/mf-manifest.json');
    const page = await (await fetch(`${url}/cart`)).text();
    expect(page).toContain('releases/1.0.0-bbbbbbbbbb/mf-manifest.json');

    point({ remoteCart: { current: '1.0.0-aaaaaaaaaa', history: ['1.0.0-aaaaaaaaaa'] } });
    expect(await configuredCart()).toBe('http://cart.test/releases/1.0.0-aaaaaaaaaa/mf-manifest.json');
    expect(await (await fetch(`${url}/cart`)).text()).toContain('releases/1.0.0-aaaaaaaaaa/mf-manifest.json');

    // No pointer: the remote's dist build, as before its first release.
    point({});
    expect(await configuredCart()).toBe('http://cart.test/mf-manifest.json');
  });

  test("a release's hashed files are immutable, its manifest revalidated, both open to the shell's origin", async () => {
    const chunk = await fetch(`${url}/releases/1.0.0-aaaaaaaaaa/main.0123456789.js`);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toBe('/* 1.0.0-aaaaaaaaaa */');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await fetch(`${url}/releases/1.0.0-bbbbbbbbbb/mf-manifest.json`);
    expect(await manifest.json()).toEqual({ version: '1.0.0-bbbbbbbbbb' });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
  });

  test("a release's screens rendered per request are drawn by that release's own bundle, never served as a file", async () => {
    const rendered = await fetch(`${url}/releases/1.0.0-bbbbbbbbbb/prerendered/render?url=${encodeURIComponent('/cart/7')}`);
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get('cache-control')).toBe('no-store');
    expect(/** @type {{ markup: string }} */ (await rendered.json()).markup).toBe('<main>/cart/7 by release bbbbbbbbbb</main>');
    expect((await fetch(`${url}/releases/1.0.0-bbbbbbbbbb/prerendered/render?url=${encodeURIComponent('/wishlist')}`)).status).toBe(404);
    // A release without screens rendered per request renders none.
    expect((await fetch(`${url}/releases/1.0.0-aaaaaaaaaa/prerendered/render?url=${encodeURIComponent('/cart/7')}`)).status).toBe(404);
    expect((await fetch(`${url}/releases/1.0.0-bbbbbbbbbb/server/render-screens.cjs`)).status).toBe(404);
  });

  test('nothing outside a kept release is served from /releases/', async () => {
    expect((await fetch(`${url}/releases/9.9.9-cccccccccc/mf-manifest.json`)).status).toBe(404);
    expect((await fetch(`${url}/releases/pointers.json`)).status).toBe(404);
    expect((await fetch(`${url}/releases/..%2F..%2Fruntime-config.json/x`)).status).toBe(404);
    expect((await fetch(`${url}/releases/1.0.0-aaaaaaaaaa/missing.js`)).status).toBe(404);
  });
});

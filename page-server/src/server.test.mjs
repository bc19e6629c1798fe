import { gzipSync } from 'node:zlib';
import { startStaticServer } from './server.mjs';
import { SPINNER, TEMPLATE, shellBuild, standInRemote, writeBuild } from './testing.mjs';

const CONFIG = (remoteAuth = 'http://127.0.0.1:1/mf-manifest.json') => ({
  apiBaseUrl: 'http://127.0.0.1:1/api/v1',
  remotes: { remoteAuth, remoteMarketplace: 'http://127.0.0.1:1/mf-manifest.json' },
  search: { appId: '', apiKey: '', indexName: '' },
  university: { name: 'Stand-in University', emailDomain: 'stand-in.edu' },
});

/** Serves `dir` on 127.0.0.1 with `config` as its runtime configuration. */
async function serve(dir, config = CONFIG()) {
  const configDir = writeBuild({ 'runtime-config.json': JSON.stringify(config) });
  const server = await startStaticServer({
    dir,
    port: 0,
    host: '127.0.0.1',
    env: { RUNTIME_CONFIG_FILE: `${configDir}/runtime-config.json` },
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

describe('a remote build served', () => {
  const dir = writeBuild({
    'index.html': TEMPLATE,
    'main.0123456789.js': 'console.log("main")',
    'main.0123456789.js.gz': gzipSync('console.log("main")'),
    'remoteEntry.js': 'var remoteAuth;',
    'mf-manifest.json': '{"name":"remoteAuth"}',
    // The screens the remote's build renders per request (tooling/webpack/write-prerendered-screens.cjs).
    'server/render-screens.cjs': `let config;
module.exports = {
  configure: (c) => { config = c; },
  requestPaths: ['/marketplace', '/product/:slug'],
  renderAt: async (url) => url.includes('broken') ? null : ({ markup: '<main>' + url + ' at ' + config.university.name + '</main>', title: 'Results', queries: { queries: [] } }),
};`,
  });
  let site;
  beforeAll(async () => {
    site = await serve(dir);
  });
  afterAll(() => site.close());

  test('hashed files are cached for a year; files a deploy keeps the name of are revalidated', async () => {
    const hashed = await fetch(`${site.url}/main.0123456789.js`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['/remoteEntry.js', '/mf-manifest.json']) {
      const response = await fetch(`${site.url}${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  test('a precompressed file is sent compressed to a browser that takes it', async () => {
    const response = await fetch(`${site.url}/main.0123456789.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe('console.log("main")');
  });

  test('every page path gets the template with the configuration inlined, revalidated by its ETag', async () => {
    const response = await fetch(`${site.url}/some/page`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const html = await response.text();
    expect(html).toContain('<script id="runtime-config" type="application/json">');
    expect(html).toContain('"Stand-in University"');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect((await fetch(`${site.url}/index.html`, { headers: { 'If-None-Match': etag ?? '' } })).status).toBe(304);
  });

  test('/runtime-config.json is the configuration, revalidated', async () => {
    const response = await fetch(`${site.url}/runtime-config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual(CONFIG());
  });

  test("renders its screens per URL for the shell's server, and only at the paths it renders", async () => {
    const render = (url) => fetch(`${site.url}/prerendered/render?url=${encodeURIComponent(url)}`);
    const response = await render('/product/desk-lamp');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      markup: '<main>/product/desk-lamp at Stand-in University</main>',
      styles: '',
      title: 'Results',
      queries: { queries: [] },
    });
    expect((await render('/cart')).status).toBe(404);
    expect((await render('//evil.example/marketplace')).status).toBe(400);
    expect((await render('/marketplace?query=broken')).status).toBe(503);
  });

  test('a missing file is a 404, the server bundle is never a file to download, and only GET and HEAD are answered', async () => {
    expect((await fetch(`${site.url}/missing.0123456789.js`)).status).toBe(404);
    expect((await fetch(`${site.url}/server/render-screens.cjs`)).status).toBe(404);
    expect((await fetch(`${site.url}/`, { method: 'POST' })).status).toBe(405);
    const preflight = await fetch(`${site.url}/mf-manifest.json`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
  });
});

describe("the shell's prerendered pages served", () => {
  test("a public page with its runtime text filled in; a remote's page with the remote's screen in its slot", async () => {
    const remote = await standInRemote((req, res) => {
      const screens = {
        '/login': {
          markup: '<main><h1>Sign in, student of %%UNIVERSITY_NAME%%</h1></main>',
          styles: '<style data-emotion="css x">.x{}</style>',
          title: 'Sign In',
        },
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ remote: 'remoteAuth', screens }));
    });
    const site = await serve(shellBuild(), CONFIG(remote.manifestUrl));
    try {
      expect(await (await fetch(`${site.url}/`)).text()).toContain('<h1>Welcome to Stand-in University</h1>');
      const login = await (await fetch(`${site.url}/login`)).text();
      expect(login).toContain(
        '<div data-remote-screen="remoteAuth" data-screen-path="/login" inert="" aria-busy="true"><main><h1>Sign in, student of Stand-in University</h1></main></div>',
      );
      expect(login).toContain('<title>Sign In</title>');
      expect(login).toContain(`<link rel="preload" href="${remote.manifestUrl}" as="fetch"`);
      expect(login).not.toContain('page-spinner');
    } finally {
      await site.close();
      await remote.close();
    }
  });

  test('a screen with a placeholder the shell cannot fill is left out: the page keeps its spinner', async () => {
    const remote = await standInRemote((_req, res) => {
      const screens = { '/login': { markup: '<p>Welcome to %%CAMPUS_MOTTO%%</p>', styles: '' } };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ screens }));
    });
    const site = await serve(shellBuild(), CONFIG(remote.manifestUrl));
    try {
      const login = await (await fetch(`${site.url}/login`)).text();
      expect(login).toContain(SPINNER);
      expect(login).not.toContain('%%');
    } finally {
      await site.close();
      await remote.close();
    }
  });

  test('will not start on a build whose slots lack the marks of an inert copy', async () => {
    const dir = writeBuild({
      'index.html': TEMPLATE,
      'prerendered/manifest.json': JSON.stringify({
        pages: {},
        placeholders: {},
        remotePaths: [],
        remoteScreen: {},
        slots: { '/login': { remote: 'remoteAuth' } },
      }),
    });
    await expect(serve(dir)).rejects.toThrow(/remoteScreen\.copyAttributes is missing; rebuild the shell/);
  });

  test('will not start without a build', async () => {
    await expect(serve(writeBuild({}))).rejects.toThrow(/has no index\.html: build it first/);
  });
});

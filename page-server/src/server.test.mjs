import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { startStaticServer } from './server.mjs';
import { REMOTE_SCREEN_MARKS, SPINNER, TEMPLATE, productPageBuild, shellBuild, standInRemote, writeBuild } from './testing.mjs';

const CONFIG = (remoteAuth = 'http://127.0.0.1:1/mf-manifest.json') => ({
  apiBaseUrl: 'http://127.0.0.1:1/api/v1',
  remotes: { remoteAuth, remoteMarketplace: 'http://127.0.0.1:1/mf-manifest.json' },
  search: { appId: '', apiKey: '', indexName: '' },
  university: { name: 'Stand-in University', emailDomain: 'stand-in.edu' },
});

/**
 * Serves `dir` on 127.0.0.1 with `config` as its runtime configuration.
 * @param {string} dir
 * @param {object} [config]
 * @param {Record<string, string>} [env]
 */
async function serve(dir, config = CONFIG(), env = {}) {
  const configDir = writeBuild({ 'runtime-config.json': JSON.stringify(config) });
  const server = await startStaticServer({
    dir,
    port: 0,
    host: '127.0.0.1',
    env: { RUNTIME_CONFIG_FILE: `${configDir}/runtime-config.json`, ...env },
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
  renderAt: async (url) => url.includes('broken') ? null : ({ markup: '<main>' + url + ' at ' + config.university.name + '</main>', title: 'Results', queries: { queries: [] },
    ...(url.startsWith('/product/') ? { linkPreview: { type: 'product', title: 'Desk lamp' } } : {}) }),
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
      // A product or store page's link preview goes along, for the shell's page's <head>.
      linkPreview: { type: 'product', title: 'Desk lamp' },
    });
    expect(await (await render('/marketplace')).json()).not.toHaveProperty('linkPreview');
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

  test('CORS is open on the files Module Federation loads from another origin, and not on pages', async () => {
    for (const file of ['/remoteEntry.js', '/mf-manifest.json', '/main.0123456789.js']) {
      expect((await fetch(`${site.url}${file}`)).headers.get('access-control-allow-origin')).toBe('*');
    }
    for (const page of ['/', '/index.html', '/some/page']) {
      expect((await fetch(`${site.url}${page}`)).headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

/** A policy's directives: name -> sources. */
function directives(policy) {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('security headers', () => {
  const config = {
    ...CONFIG(),
    apiBaseUrl: 'http://api.stand-in:4000',
    remotes: {
      remoteAuth: 'http://auth.stand-in:3001/mf-manifest.json',
      // A remote the product gains later is allowed from the configuration alone.
      remoteMessages: 'http://messages.stand-in:3005/mf-manifest.json',
    },
    search: { appId: 'campus', apiKey: 'k', indexName: 'products', hosts: [{ url: 'search.stand-in:4000', protocol: 'http' }] },
  };
  const startScript = "(function(){document.documentElement.dataset.started='1'})()";
  const dir = writeBuild({
    'index.html': TEMPLATE.replace('</body>', `<script>${startScript}</script><script src="/main.0123456789.js"></script></body>`),
    'main.0123456789.js': 'console.log("main")',
    'other.html': '<p>a stray file</p>',
  });
  let site;
  beforeAll(async () => {
    site = await serve(dir, config);
  });
  afterAll(() => site.close());

  test("a page's policy allows scripts only from its origin, the configuration's remotes and its own inline scripts' hashes", async () => {
    const response = await fetch(`${site.url}/marketplace`);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", 'http://auth.stand-in:3001', 'http://messages.stand-in:3005', sha256(startScript)]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://auth.stand-in:3001',
        'http://messages.stand-in:3005',
        'http://api.stand-in:4000',
        'http://search.stand-in:4000',
      ]),
    );
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'http://api.stand-in:4000', 'data:', 'blob:']));
    expect(csp['style-src']).toContain("'unsafe-inline'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['report-uri']).toEqual(['http://api.stand-in:4000/api/v1/csp-reports']);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The runtime configuration is a JSON data block: it never runs, so it needs no hash.
    const html = await response.text();
    const config = /<script id="runtime-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(csp['script-src']).not.toContain(sha256(config ?? ''));
  });

  test('the policy is the same on a 304, and stays true for the cached, compressed page', async () => {
    const first = await fetch(`${site.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    const again = await fetch(`${site.url}/`, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(first.headers.get('content-security-policy')).toContain(sha256(startScript));
  });

  test('what is not a page runs nothing and cannot be framed', async () => {
    for (const file of ['/main.0123456789.js', '/other.html', '/runtime-config.json', '/missing.0123456789.js']) {
      const response = await fetch(`${site.url}${file}`);
      expect(directives(response.headers.get('content-security-policy'))).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
      });
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    expect((await fetch(`${site.url}/other.html`)).headers.get('access-control-allow-origin')).toBeNull();
  });

  test('HSTS only over HTTPS: never on plain HTTP, and X-Forwarded-Proto counts only behind a trusted proxy', async () => {
    const https = { 'X-Forwarded-Proto': 'https' };
    expect((await fetch(`${site.url}/`)).headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${site.url}/`, { headers: https })).headers.get('strict-transport-security')).toBeNull();
    const proxied = await serve(dir, config, { TRUST_PROXY: '1' });
    try {
      expect((await fetch(`${proxied.url}/`, { headers: https })).headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect((await fetch(`${proxied.url}/`)).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
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

  test("every page's first script marks <html> when local storage holds a session (before the first paint), allowed by its hash", async () => {
    const site = await serve(shellBuild());
    try {
      for (const pagePath of ['/', '/login', '/cart']) {
        const response = await fetch(`${site.url}${pagePath}`);
        const html = await response.text();
        const [, first = ''] = /<script>([\s\S]*?)<\/script>/.exec(html) ?? [];
        expect(html.indexOf(first)).toBeLessThan(html.indexOf('</head>'));
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toContain(`'sha256-${createHash('sha256').update(first).digest('base64')}'`);
        for (const [stored, marked] of [
          ['a-token', true],
          [null, false],
        ]) {
          const attributes = new Map();
          const page = {
            localStorage: { getItem: (key) => (key === 'campus.token' ? stored : null) },
            document: { documentElement: { setAttribute: (name, value) => attributes.set(name, value) } },
          };
          runInNewContext(first, page);
          expect(attributes.has('data-stored-session')).toBe(marked);
        }
      }
    } finally {
      await site.close();
    }
  });

  test("a signed-in page's first script sends a guest to /login before any script loads, and marks a stored session", async () => {
    const site = await serve(shellBuild());
    try {
      const run = async (pagePath, stored) => {
        const html = await (await fetch(`${site.url}${pagePath}`)).text();
        const [, first = ''] = /<script>([\s\S]*?)<\/script>/.exec(html) ?? [];
        expect(html.indexOf(first)).toBeLessThan(html.indexOf('<script src') === -1 ? html.length : html.indexOf('<script src'));
        const replaced = [];
        const attributes = new Map();
        runInNewContext(first, {
          localStorage: { getItem: (key) => (key === 'campus.token' ? stored : null) },
          location: {
            pathname: pagePath.split('?')[0],
            search: pagePath.includes('?') ? `?${pagePath.split('?')[1]}` : '',
            replace: (to) => replaced.push(to),
          },
          document: { documentElement: { setAttribute: (name, value) => attributes.set(name, value) } },
        });
        return { replaced, marked: attributes.has('data-stored-session') };
      };
      // The page asked for goes along (?next=), for signing in to return to it.
      expect(await run('/orders', null)).toEqual({ replaced: ['/login?next=%2Forders'], marked: false });
      expect(await run('/orders?tab=open&q=%22a%22', null)).toEqual({
        replaced: ['/login?next=%2Forders%3Ftab%3Dopen%26q%3D%2522a%2522'],
        marked: false,
      });
      expect(await run('/orders', 'a-token')).toEqual({ replaced: [], marked: true });
      // A public or guest page never sends anyone away.
      expect(await run('/login', null)).toEqual({ replaced: [], marked: false });
      expect(await run('/', null)).toEqual({ replaced: [], marked: false });
    } finally {
      await site.close();
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

  test("a product page's served <head> carries its link preview (Open Graph, Twitter card), escaped, absolute on the public origin", async () => {
    const title = 'Lamp "XL" </title><script>alert(1)</script>';
    const asked = [];
    const remote = await standInRemote((req, res) => {
      asked.push(req.url);
      const screen = {
        markup: '<main>Lamp</main>',
        styles: '',
        title: 'Lamp · Campus Marketplace',
        queries: { queries: [] },
        linkPreview: {
          type: 'product',
          path: '/product/lamp-xl',
          title,
          description: '₦12,500.50 from Book Nook',
          image: '/uploads/p/a.webp',
          price: { amount: '12500.50', currency: 'NGN' },
          storeName: 'Book Nook',
        },
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(screen));
    });
    const dir = productPageBuild();
    const config = { ...CONFIG(), remotes: { remoteMarketplace: remote.manifestUrl } };
    const site = await serve(dir, config, { APP_URL: 'https://market.campus.test/' });
    try {
      const html = await (await fetch(`${site.url}/product/lamp-xl`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(asked).toEqual([`/prerendered/render?url=${encodeURIComponent('/product/lamp-xl')}`]);
      expect(head).toContain(
        '<meta property="og:title" content="Lamp &quot;XL&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />',
      );
      expect(head).toContain('<meta property="og:url" content="https://market.campus.test/product/lamp-xl" />');
      expect(head).toContain('<meta property="og:image" content="https://market.campus.test/uploads/p/a.webp" />');
      expect(head).toContain('<meta property="product:price:amount" content="12500.50" />');
      expect(head).toContain('<meta property="product:price:currency" content="NGN" />');
      expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
      // The hostile title opened no element: the only script tags are the page's own.
      expect(html).not.toContain('<script>alert(1)');
      expect(html.match(/<title>/g)).toHaveLength(1);
    } finally {
      await site.close();
      await remote.close();
    }
  });

  test("a messaging app's preview fetch waits longer for a slow first render than a student's page does", async () => {
    const remote = await standInRemote((_req, res) => {
      const screen = {
        markup: '<main>Lamp</main>',
        styles: '',
        queries: { queries: [] },
        linkPreview: { type: 'product', path: '/product/lamp', title: 'Lamp', description: 'A lamp', storeName: 'Book Nook' },
      };
      // Slower than a student's page waits (0.5 s), within a preview fetcher's 1.5 s.
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(screen)), 900);
    });
    const dir = productPageBuild();
    const site = await serve(dir, { ...CONFIG(), remotes: { remoteMarketplace: remote.manifestUrl } });
    try {
      const student = await (await fetch(`${site.url}/product/one`)).text();
      expect(student).not.toContain('og:title');
      const whatsApp = { 'User-Agent': 'WhatsApp/2.23.20.0 A' };
      const preview = await (await fetch(`${site.url}/product/two`, { headers: whatsApp })).text();
      expect(preview).toContain('<meta property="og:title" content="Lamp" />');
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

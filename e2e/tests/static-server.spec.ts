/**
 * The shell's static server putting a remote's prerendered screen into its page
 * (page-server/), against a stand-in remote origin: the
 * screen the remote serves goes in (runtime text filled in, styles in <head>,
 * its title), a path the remote did not prerender keeps the placeholder, and a
 * remote that is down costs the page nothing but the screen.
 */
import { createServer, type Server } from 'node:http';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/journey';
import { OWN_PRODUCT } from '../support/ports';

type StartStaticServer = (options: {
  dir: string;
  port: number;
  host?: string;
  env?: NodeJS.ProcessEnv;
  remoteScreens?: { ttlMs?: number; retryMs?: number; timeoutMs?: number };
  requestScreens?: { ttlMs?: number; waitMs?: number; maxKept?: number; maxPending?: number };
}) => Promise<Server>;

const SHELL_DIST = path.join(__dirname, '../../shell/dist');
const SCREEN = {
  markup: '<main><h1>Sign in, student of %%UNIVERSITY_NAME%%</h1></main>',
  styles: '<style data-emotion="css stand-in">.css-stand-in{color:red}</style>',
  title: 'Stand-in Sign In · Campus Marketplace',
};

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

const NOWHERE = 'http://127.0.0.1:1/mf-manifest.json';

async function startShell(
  remoteAuthManifest: string,
  university: string,
  remoteScreens?: { ttlMs?: number; retryMs?: number },
  {
    remoteMarketplaceManifest = NOWHERE,
    requestScreens,
    dir = SHELL_DIST,
  }: { remoteMarketplaceManifest?: string; requestScreens?: { ttlMs?: number; waitMs?: number; maxPending?: number }; dir?: string } = {},
): Promise<{ url: string; server: Server }> {
  const { startStaticServer } = (await import(pathToFileURL(path.join(__dirname, '../../page-server/src/index.mjs')).href)) as {
    startStaticServer: StartStaticServer;
  };
  const configFile = path.join(mkdtempSync(path.join(tmpdir(), 'campus-static-')), 'runtime-config.json');
  const config = {
    apiBaseUrl: 'http://127.0.0.1:1/api/v1',
    remotes: {
      remoteAuth: remoteAuthManifest,
      remoteMarketplace: remoteMarketplaceManifest,
      remoteCart: NOWHERE,
      remoteSeller: NOWHERE,
      remoteMessages: NOWHERE,
      remoteOps: NOWHERE,
    },
    search: { appId: '', apiKey: '', indexName: '' },
    university: { name: university, emailDomain: 'stand-in.edu' },
  };
  writeFileSync(configFile, JSON.stringify(config));
  const server = await startStaticServer({
    dir,
    port: 0,
    host: '127.0.0.1',
    env: { RUNTIME_CONFIG_FILE: configFile },
    remoteScreens,
    requestScreens,
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

// These start this checkout's static server with stand-in remotes: they test the build here, not an environment.

test.describe("the shell's server and a remote's prerendered screens", { tag: ['@auth', OWN_PRODUCT] }, () => {
  test("puts the remote's screen into the page, and keeps the placeholder for a path it did not prerender", async ({ request }) => {
    let asked = 0;
    const remote = createServer((req, res) => {
      if (req.url !== '/prerendered/screens.json') {
        res.writeHead(404).end();
        return;
      }
      asked += 1;
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ remote: 'remoteAuth', screens: { '/login': SCREEN } }));
    });
    const remotePort = await listen(remote);
    const shell = await startShell(`http://127.0.0.1:${remotePort}/mf-manifest.json`, 'Stand-in University');
    try {
      const login = await (await request.get(`${shell.url}/login`)).text();
      expect(login).toContain(
        '<div data-remote-screen="remoteAuth" data-screen-path="/login" inert="" aria-busy="true"><main><h1>Sign in, student of Stand-in University</h1></main></div>',
      );
      expect(login).not.toContain('data-testid="page-spinner"');
      expect(login).toMatch(/<head>[\s\S]*<style data-emotion="css stand-in">[\s\S]*<\/head>/);
      expect(login).toContain('<title>Stand-in Sign In · Campus Marketplace</title>');

      const register = await (await request.get(`${shell.url}/register`)).text();
      expect(register).toContain('<div data-remote-screen="remoteAuth"><div role="status"');
      expect(register).toContain('data-testid="page-spinner"');
      expect(register).not.toContain('%%');
      // A screen the remote does not prerender (the contract) has no slot: nothing to ask the remote for.
      expect(await (await request.get(`${shell.url}/verify`)).text()).toContain('data-testid="page-spinner"');
      // Kept, not asked for on every page.
      expect(asked).toBe(1);
    } finally {
      await close(shell.server);
      await close(remote);
    }
  });

  test('serves the page with the placeholder when the remote is down', async ({ request }) => {
    const gone = createServer();
    const port = await listen(gone);
    await close(gone);
    const shell = await startShell(`http://127.0.0.1:${port}/mf-manifest.json`, 'Stand-in University');
    try {
      const response = await request.get(`${shell.url}/login`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-testid="page-spinner"');
      expect(html).not.toContain('data-screen-path');
      expect(html).not.toContain('%%');
    } finally {
      await close(shell.server);
    }
  });

  test('a remote that could not answer is asked again soon, and keeps the screens it last gave while it is down', async ({ request }) => {
    let healthy = false;
    const remote = createServer((req, res) => {
      if (!healthy) {
        res.writeHead(503).end();
        return;
      }
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ remote: 'remoteAuth', screens: { '/login': SCREEN } }));
    });
    const remotePort = await listen(remote);
    const shell = await startShell(`http://127.0.0.1:${remotePort}/mf-manifest.json`, 'Stand-in University', { retryMs: 200, ttlMs: 400 });
    const login = async () => (await request.get(`${shell.url}/login`)).text();
    try {
      // Still starting: the placeholder, and no waiting for it on the next pages.
      expect(await login()).toContain('data-testid="page-spinner"');
      healthy = true;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await login()).toContain('Sign in, student of Stand-in University');
      // Down again: past the refresh time the kept screen is still served, and after the failed refresh too.
      healthy = false;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await login()).toContain('Sign in, student of Stand-in University');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await login()).toContain('Sign in, student of Stand-in University');
    } finally {
      await close(shell.server);
      await close(remote);
    }
  });

  test('a screen with a placeholder this shell cannot fill is left out', async ({ request }) => {
    const remote = createServer((_req, res) => {
      const screen = { ...SCREEN, markup: '<p>Welcome to %%CAMPUS_MOTTO%%</p>' };
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ remote: 'remoteAuth', screens: { '/login': screen } }));
    });
    const remotePort = await listen(remote);
    const shell = await startShell(`http://127.0.0.1:${remotePort}/mf-manifest.json`, 'Stand-in University');
    try {
      const html = await (await request.get(`${shell.url}/login`)).text();
      expect(html).not.toContain('%%CAMPUS_MOTTO%%');
      expect(html).toContain('data-testid="page-spinner"');
    } finally {
      await close(shell.server);
      await close(remote);
    }
  });

  test("will not start on a shell build whose manifest does not say how to mark a screen's copy inert", async () => {
    // A build from before REMOTE_SCREEN.copyAttributes: its copies would be served as live-looking forms.
    const dir = mkdtempSync(path.join(tmpdir(), 'campus-stale-shell-'));
    mkdirSync(path.join(dir, 'prerendered'));
    copyFileSync(path.join(SHELL_DIST, 'index.html'), path.join(dir, 'index.html'));
    const manifest = JSON.parse(readFileSync(path.join(SHELL_DIST, 'prerendered/manifest.json'), 'utf8')) as {
      slots: Record<string, unknown>;
      remoteScreen: { copyAttributes?: unknown };
    };
    expect(Object.keys(manifest.slots).length, 'the build has remote screen slots').toBeGreaterThan(0);
    delete manifest.remoteScreen.copyAttributes;
    writeFileSync(path.join(dir, 'prerendered/manifest.json'), JSON.stringify(manifest));
    await expect(startShell(NOWHERE, 'Stand-in University', undefined, { dir })).rejects.toThrow(
      /remoteScreen\.copyAttributes is missing; rebuild the shell/,
    );
  });
});

/** What a stand-in marketplace remote's server answers for a URL (page-server/, GET /prerendered/render). */
function renderedScreen(url: string) {
  return {
    markup: `<main><h1>Results for ${url.replace(/&/g, '&amp;')}</h1></main>`,
    styles: '<style data-emotion="css stand-in-results">.css-stand-in-results{color:blue}</style>',
    title: 'Stand-in Marketplace · Campus Marketplace',
    // A product name that would end the page's data script if it were not escaped.
    queries: {
      mutations: [],
      queries: [{ queryKey: ['search', url], queryHash: JSON.stringify(['search', url]), state: { data: { name: '</script><b>lamp' } } }],
    },
  };
}

test.describe("the shell's server and a remote's screens rendered per request", { tag: ['@marketplace', OWN_PRODUCT] }, () => {
  test('puts the screen rendered for the URL into the page with its data, kept a few seconds per URL, for a pattern page too', async ({
    request,
  }) => {
    const asked: string[] = [];
    const remote = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname !== '/prerendered/render') {
        res.writeHead(404).end();
        return;
      }
      const screenUrl = url.searchParams.get('url') ?? '';
      asked.push(screenUrl);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(renderedScreen(screenUrl)));
    });
    const remotePort = await listen(remote);
    const shell = await startShell(NOWHERE, 'Stand-in University', undefined, {
      remoteMarketplaceManifest: `http://127.0.0.1:${remotePort}/mf-manifest.json`,
    });
    try {
      const html = await (await request.get(`${shell.url}/marketplace?query=lamp&page=2`)).text();
      expect(html).toContain(
        '<div data-remote-screen="remoteMarketplace" data-screen-path="/marketplace" inert="" aria-busy="true"><main><h1>Results for /marketplace?query=lamp&amp;page=2</h1></main></div>',
      );
      expect(html).toMatch(/<head>[\s\S]*<style data-emotion="css stand-in-results">[\s\S]*<\/head>/);
      expect(html).toContain('<title>Stand-in Marketplace · Campus Marketplace</title>');
      const data = /<script type="application\/json" id="server-queries">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(data).not.toContain('</script>');
      expect(JSON.parse(data)).toEqual(renderedScreen('/marketplace?query=lamp&page=2').queries);

      await request.get(`${shell.url}/marketplace?query=lamp&page=2`);
      // Asked once per URL; and at start for the page's own path, so the first visitor finds the remote warm.
      expect(asked.filter((url) => url !== '/marketplace')).toEqual(['/marketplace?query=lamp&page=2']);
      expect(asked).toContain('/marketplace');
      const other = await (await request.get(`${shell.url}/marketplace?query=desk`)).text();
      expect(other).toContain('Results for /marketplace?query=desk');
      const product = await (await request.get(`${shell.url}/product/desk-lamp`)).text();
      expect(product).toContain('data-screen-path="/product/desk-lamp"');
      expect(product).toContain('Results for /product/desk-lamp');
      expect(asked.filter((url) => url !== '/marketplace')).toEqual([
        '/marketplace?query=lamp&page=2',
        '/marketplace?query=desk',
        '/product/desk-lamp',
      ]);
    } finally {
      await close(shell.server);
      await close(remote);
    }
  });

  test('a remote that cannot draw the screen, or answers too late, leaves the placeholder; a late answer serves the next visitor', async ({
    request,
  }) => {
    let delayMs = 0;
    let status = 503;
    const remote = createServer((req, res) => {
      const screenUrl = new URL(req.url ?? '/', 'http://stand-in').searchParams.get('url') ?? '';
      setTimeout(() => {
        if (status !== 200) res.writeHead(status).end();
        else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(renderedScreen(screenUrl)));
      }, delayMs);
    });
    const remotePort = await listen(remote);
    const shell = await startShell(NOWHERE, 'Stand-in University', undefined, {
      remoteMarketplaceManifest: `http://127.0.0.1:${remotePort}/mf-manifest.json`,
      requestScreens: { waitMs: 150, ttlMs: 60_000 },
    });
    const page = async (url: string) => (await request.get(`${shell.url}${url}`)).text();
    try {
      const failed = await page('/marketplace');
      expect(failed).toContain('data-testid="page-spinner"');
      expect(failed).not.toContain('id="server-queries"');

      status = 200;
      delayMs = 400;
      const waited = Date.now();
      expect(await page('/marketplace?query=slow')).toContain('data-testid="page-spinner"');
      expect(Date.now() - waited).toBeLessThan(400);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await page('/marketplace?query=slow')).toContain('Results for /marketplace?query=slow');
    } finally {
      await close(shell.server);
      await close(remote);
    }
  });

  test('asks for only so many renders at once: a flood of new URLs gets the placeholder without queueing work', async ({ request }) => {
    const asked: string[] = [];
    const remote = createServer((req, res) => {
      const screenUrl = new URL(req.url ?? '/', 'http://stand-in').searchParams.get('url') ?? '';
      asked.push(screenUrl);
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(renderedScreen(screenUrl))), 300);
    });
    const remotePort = await listen(remote);
    const shell = await startShell(NOWHERE, 'Stand-in University', undefined, {
      remoteMarketplaceManifest: `http://127.0.0.1:${remotePort}/mf-manifest.json`,
      requestScreens: { waitMs: 50, maxPending: 2 },
    });
    try {
      // The warm-up at start (/marketplace) is one render under way; one more may start.
      const pages = await Promise.all(
        ['a', 'b', 'c', 'd'].map(async (q) => (await request.get(`${shell.url}/marketplace?query=${q}`)).text()),
      );
      for (const html of pages) expect(html).toContain('data-testid="page-spinner"');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(asked.filter((url) => url !== '/marketplace')).toHaveLength(1);
    } finally {
      await close(shell.server);
      await close(remote);
    }
  });
});

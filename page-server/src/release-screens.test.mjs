import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStaticServer } from './server.mjs';
import { shellBuild, standInRemote } from './testing.mjs';

const RELEASE = '1.0.0-bbbbbbbbbb';

/** remote-auth's origin: its dist build's screens at /prerendered/, a release's at /releases/<version>/prerendered/. */
async function releasedAuthRemote() {
  const screensAt = {
    '/prerendered/screens.json': 'Sign in (dist build)',
    [`/releases/${RELEASE}/prerendered/screens.json`]: `Sign in (release ${RELEASE})`,
  };
  return standInRemote((req, res) => {
    const title = screensAt[req.url ?? ''];
    if (!title) {
      res.writeHead(404).end();
      return;
    }
    const screens = { '/login': { markup: `<h1>${title}</h1>`, styles: '', title } };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ remote: 'remoteAuth', screens }));
  });
}

describe("the shell's pages embed the remote's screens of the release its pointer names", () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'page-server-release-screens-'));
  const releases = path.join(folder, 'releases');
  const pointTo = (/** @type {string | undefined} */ version) => {
    mkdirSync(releases, { recursive: true });
    if (version)
      writeFileSync(path.join(releases, 'pointers.json'), JSON.stringify({ remoteAuth: { current: version, history: [version] } }));
    else rmSync(path.join(releases, 'pointers.json'), { force: true });
  };
  /** @type {Awaited<ReturnType<typeof releasedAuthRemote>>} */
  let remote;
  /** @type {import('node:http').Server} */
  let server;
  let url = '';
  beforeAll(async () => {
    remote = await releasedAuthRemote();
    const configFile = path.join(folder, 'runtime-config.json');
    writeFileSync(
      configFile,
      JSON.stringify({ apiBaseUrl: 'http://127.0.0.1:1', remotes: { remoteAuth: remote.manifestUrl }, university: {} }),
    );
    // Screens kept far longer than the test: only the pointer can make the page change.
    server = await startStaticServer({
      dir: shellBuild(),
      port: 0,
      host: '127.0.0.1',
      env: { RUNTIME_CONFIG_FILE: configFile, RELEASES_DIR: releases },
      remoteScreens: { ttlMs: 3_600_000 },
    });
    url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await remote.close();
  });

  const loginPage = async () => (await fetch(`${url}/login`)).text();

  test('a release reaches the next page load, a rollback too, though the screens were kept', async () => {
    expect(await loginPage()).toContain('Sign in (dist build)');
    expect(await loginPage()).toContain('Sign in (dist build)');

    pointTo(RELEASE);
    const released = await loginPage();
    expect(released).toContain(`Sign in (release ${RELEASE})`);
    expect(released).not.toContain('Sign in (dist build)');
    expect(released).toContain(`/releases/${RELEASE}/mf-manifest.json`);

    pointTo(undefined);
    expect(await loginPage()).toContain('Sign in (dist build)');
  });
});

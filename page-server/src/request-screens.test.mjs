import { requestScreenSource } from './request-screens.mjs';
import { eventually, fakeClock, standInRemote } from './testing.mjs';

const rendered = (url, version = 1) => ({
  markup: `<h1>Results for ${url} (${version})</h1>`,
  styles: '<style></style>',
  queries: { queries: [] },
});

/**
 * A stand-in marketplace remote's server (GET /prerendered/render?url=...). `hold` keeps
 * answers back until `release()`; `status` other than 200 answers that.
 */
async function marketplaceRemote() {
  const state = { status: 200, version: 1, delayMs: 0, hold: false, asked: /** @type {string[]} */ ([]), underWay: 0, mostAtOnce: 0 };
  /** @type {(() => void)[]} */
  let held = [];
  const remote = await standInRemote((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/prerendered/render') {
      res.writeHead(404).end();
      return;
    }
    const screenUrl = url.searchParams.get('url') ?? '';
    state.asked.push(screenUrl);
    state.underWay += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.underWay);
    const answer = () => {
      state.underWay -= 1;
      if (state.status !== 200) res.writeHead(state.status).end();
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(rendered(screenUrl, state.version)));
    };
    if (state.hold) held.push(answer);
    else setTimeout(answer, state.delayMs);
  });
  const release = () => {
    for (const answer of held) answer();
    held = [];
  };
  return { ...remote, state, release };
}

describe("screens rendered per URL by a remote's server", () => {
  let remote;
  beforeEach(async () => {
    remote = await marketplaceRemote();
  });
  afterEach(async () => {
    remote.release();
    await remote.close();
  });

  test('asks for at most maxPending renders at once; beyond that a URL gets no screen and nothing is queued', async () => {
    remote.state.hold = true;
    const screenAt = requestScreenSource({ remoteMarketplace: remote.manifestUrl }, { maxPending: 2, waitMs: 30 });
    const urls = ['a', 'b', 'c', 'd', 'e'].map((q) => `/marketplace?query=${q}`);
    expect(await Promise.all(urls.map((url) => screenAt('remoteMarketplace', url)))).toEqual([null, null, null, null, null]);
    await eventually(() => expect(remote.state.asked).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(remote.state.asked).toEqual(urls.slice(0, 2));

    remote.state.hold = false;
    remote.release();
    // The answers that came late serve the next visitors; the renders that were refused are asked for now.
    await eventually(async () => expect(await screenAt('remoteMarketplace', String(urls[0]))).toEqual(rendered(String(urls[0]))));
    expect(await screenAt('remoteMarketplace', String(urls[1]))).toEqual(rendered(String(urls[1])));
    // Asked for now: its answer may outlast the 30 ms wait on a loaded machine; asking again must not ask the remote twice.
    await eventually(async () => expect(await screenAt('remoteMarketplace', String(urls[2]))).toEqual(rendered(String(urls[2]))));
    expect(remote.state.asked).toEqual(urls.slice(0, 3));
    expect(remote.state.mostAtOnce).toBe(2);
  });

  test('keeps a screen per URL for ttlMs, then asks again and waits for the new one (never serves an older one)', async () => {
    const clock = fakeClock();
    const screenAt = requestScreenSource({ remoteMarketplace: remote.manifestUrl }, { ttlMs: 5_000, perf: clock });
    const first = await screenAt('remoteMarketplace', '/marketplace?query=lamp');
    expect(first).toEqual(rendered('/marketplace?query=lamp'));
    clock.advance(4_999);
    expect(await screenAt('remoteMarketplace', '/marketplace?query=lamp')).toBe(first);
    expect(remote.state.asked).toHaveLength(1);

    remote.state.version = 2;
    clock.advance(2);
    expect(await screenAt('remoteMarketplace', '/marketplace?query=lamp')).toEqual(rendered('/marketplace?query=lamp', 2));
    expect(remote.state.asked).toHaveLength(2);
  });

  test('keeps the last maxKept URLs (100 by default): the one asked for least recently is dropped first', async () => {
    const screenAt = requestScreenSource({ remoteMarketplace: remote.manifestUrl });
    const urls = Array.from({ length: 101 }, (_, i) => `/marketplace?query=${i}`);
    for (const url of urls) expect(await screenAt('remoteMarketplace', url)).toEqual(rendered(url));
    expect(remote.state.asked).toHaveLength(101);
    // The 100 last are kept...
    for (const url of urls.slice(1).reverse()) await screenAt('remoteMarketplace', url);
    expect(remote.state.asked).toHaveLength(101);
    // ...the first was dropped: asked for again.
    expect(await screenAt('remoteMarketplace', String(urls[0]))).toEqual(rendered(String(urls[0])));
    expect(remote.state.asked).toHaveLength(102);
  });

  test('a remote that cannot draw the screen: no screen, and that answer is kept too (no render per visitor)', async () => {
    remote.state.status = 503;
    const screenAt = requestScreenSource({ remoteMarketplace: remote.manifestUrl });
    expect(await screenAt('remoteMarketplace', '/marketplace')).toBeNull();
    expect(await screenAt('remoteMarketplace', '/marketplace')).toBeNull();
    expect(remote.state.asked).toEqual(['/marketplace']);
  });

  test('a page waits waitMs at most; the late answer serves the next visitor', async () => {
    remote.state.delayMs = 150;
    const screenAt = requestScreenSource({ remoteMarketplace: remote.manifestUrl }, { waitMs: 30 });
    const started = Date.now();
    expect(await screenAt('remoteMarketplace', '/marketplace?query=slow')).toBeNull();
    expect(Date.now() - started).toBeLessThan(150);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await screenAt('remoteMarketplace', '/marketplace?query=slow')).toEqual(rendered('/marketplace?query=slow'));
    expect(remote.state.asked).toHaveLength(1);
  });

  test('a remote the configuration does not name has no screens', async () => {
    const screenAt = requestScreenSource({});
    expect(await screenAt('remoteMarketplace', '/marketplace')).toBeNull();
  });
});

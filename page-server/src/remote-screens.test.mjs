import { remoteScreensSource } from './remote-screens.mjs';
import { eventually, fakeClock, standInRemote } from './testing.mjs';

const screen = (title) => ({ markup: `<h1>${title}</h1>`, styles: '<style></style>', title });

/** A stand-in auth remote whose screens.json answer the test changes: `answer.status` and `answer.screens`. */
async function authRemote() {
  const answer = { status: 200, screens: { '/login': screen('Sign in') } };
  let asked = 0;
  const remote = await standInRemote((req, res) => {
    if (req.url !== '/prerendered/screens.json') {
      res.writeHead(404).end();
      return;
    }
    asked += 1;
    if (answer.status !== 200) res.writeHead(answer.status).end();
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ remote: 'remoteAuth', screens: answer.screens }));
  });
  return { ...remote, answer, asked: () => asked };
}

describe("the remotes' prerendered screens", () => {
  let remote;
  beforeEach(async () => {
    remote = await authRemote();
  });
  afterEach(() => remote.close());

  test('are asked for once and kept: every page within the keeping time gets the same screens', async () => {
    const clock = fakeClock();
    const screensOf = remoteScreensSource({ remoteAuth: remote.manifestUrl }, { ttlMs: 30_000, perf: clock });
    const first = await screensOf('remoteAuth');
    expect(first['/login']).toEqual(screen('Sign in'));
    clock.advance(29_000);
    expect(await screensOf('remoteAuth')).toBe(first);
    expect(await screensOf('remoteAuth')).toBe(first);
    expect(remote.asked()).toBe(1);
  });

  test('are refreshed after the keeping time, the kept ones served while the refresh is under way', async () => {
    const clock = fakeClock();
    const screensOf = remoteScreensSource({ remoteAuth: remote.manifestUrl }, { ttlMs: 30_000, perf: clock });
    const first = await screensOf('remoteAuth');
    remote.answer.screens = { '/login': screen('Sign in, new deploy') };
    clock.advance(30_001);
    expect(await screensOf('remoteAuth')).toBe(first);
    await eventually(() => expect(remote.asked()).toBe(2));
    await eventually(async () => expect((await screensOf('remoteAuth'))['/login']?.title).toBe('Sign in, new deploy'));
    expect(remote.asked()).toBe(2);
  });

  test('the same answer keeps the same objects (the pages built around them stay built)', async () => {
    const clock = fakeClock();
    const screensOf = remoteScreensSource({ remoteAuth: remote.manifestUrl }, { ttlMs: 1_000, perf: clock });
    const first = await screensOf('remoteAuth');
    clock.advance(1_001);
    await screensOf('remoteAuth');
    await eventually(() => expect(remote.asked()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await screensOf('remoteAuth')).toBe(first);
  });

  test('a remote that fails keeps the screens it last gave, and is asked again after the short delay, not before', async () => {
    const clock = fakeClock();
    const screensOf = remoteScreensSource({ remoteAuth: remote.manifestUrl }, { ttlMs: 30_000, retryMs: 3_000, perf: clock });
    const first = await screensOf('remoteAuth');
    remote.answer.status = 503;
    clock.advance(30_001);
    expect(await screensOf('remoteAuth')).toBe(first);
    await eventually(() => expect(remote.asked()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock.advance(2_999);
    expect(await screensOf('remoteAuth')).toBe(first);
    expect(remote.asked()).toBe(2);

    clock.advance(2);
    remote.answer.status = 200;
    remote.answer.screens = { '/login': screen('Sign in, back up') };
    expect(await screensOf('remoteAuth')).toBe(first);
    await eventually(() => expect(remote.asked()).toBe(3));
    await eventually(async () => expect((await screensOf('remoteAuth'))['/login']?.title).toBe('Sign in, back up'));
  });

  test('a remote that has never answered: the page waits for its first answer; after a failure, none, and it is asked again after the short delay', async () => {
    const clock = fakeClock();
    remote.answer.status = 503;
    const screensOf = remoteScreensSource({ remoteAuth: remote.manifestUrl }, { retryMs: 3_000, perf: clock });
    expect(await screensOf('remoteAuth')).toEqual({});
    expect(remote.asked()).toBe(1);
    expect(await screensOf('remoteAuth')).toEqual({});
    expect(remote.asked()).toBe(1);

    remote.answer.status = 200;
    clock.advance(3_001);
    // Still none kept: this page waits for the answer.
    expect((await screensOf('remoteAuth'))['/login']).toEqual(screen('Sign in'));
    expect(remote.asked()).toBe(2);
  });

  test('a remote that is down or too slow costs a page the time-out at most', async () => {
    const slow = await standInRemote(() => undefined);
    try {
      const screensOf = remoteScreensSource({ remoteAuth: slow.manifestUrl }, { timeoutMs: 100 });
      const started = Date.now();
      expect(await screensOf('remoteAuth')).toEqual({});
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await slow.close();
    }
    const down = remoteScreensSource({ remoteAuth: 'http://127.0.0.1:1/mf-manifest.json' });
    expect(await down('remoteAuth')).toEqual({});
  });

  test('a remote that prerenders no screens (404), or one the configuration does not name, has none', async () => {
    const elsewhere = remoteScreensSource({ remoteAuth: `${remote.origin}/nested/mf-manifest.json` });
    expect(await elsewhere('remoteAuth')).toEqual({});
    expect(await elsewhere('remoteCart')).toEqual({});
    expect(remote.asked()).toBe(0);
  });

  test('only well-formed screens are kept', async () => {
    remote.answer.screens = { '/login': screen('Sign in'), '/register': { markup: 1 }, '/verify': null };
    const screensOf = remoteScreensSource({ remoteAuth: remote.manifestUrl });
    expect(Object.keys(await screensOf('remoteAuth'))).toEqual(['/login']);
  });
});

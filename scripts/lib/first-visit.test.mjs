import { FIRST_VISIT_TOLERANCE, firstVisitCheck } from './first-visit.mjs';

/** What a fresh profile transferred for a page's scripts (URL -> bytes). */
const fresh = new Map([
  ['http://localhost:3500/main.js', 100_000],
  ['http://localhost:3502/remoteEntry.js', 20_000],
  ['http://localhost:3502/screen.js', 80_000],
]);
const script = (url, transferSize) => ({ url, resourceType: 'Script', transferSize });

describe("the first-visit check: a cold run must transfer a fresh profile's scripts (issue 51)", () => {
  test('a run that fetched every script from the network is a first visit', () => {
    const check = firstVisitCheck(fresh, [
      script('http://localhost:3500/main.js', 100_050),
      script('http://localhost:3502/remoteEntry.js', 19_990),
      script('http://localhost:3502/screen.js', 80_000),
      { url: 'http://localhost:4500/api/v1/products', resourceType: 'Fetch', transferSize: 9_000 },
    ]);
    expect(check).toMatchObject({ expected: 200_000, short: false, missing: [] });
    expect(check.scriptBytes).toBe(200_040);
  });

  test('a script taken from the memory cache (0 bytes transferred) or never requested makes the run short', () => {
    const fromMemory = firstVisitCheck(fresh, [
      script('http://localhost:3500/main.js', 0),
      script('http://localhost:3502/remoteEntry.js', 20_000),
      script('http://localhost:3502/screen.js', 80_000),
    ]);
    expect(fromMemory).toMatchObject({ got: 100_000, short: true, missing: ['http://localhost:3500/main.js'] });
    const absent = firstVisitCheck(fresh, [
      script('http://localhost:3500/main.js', 100_000),
      script('http://localhost:3502/screen.js', 80_000),
    ]);
    expect(absent).toMatchObject({ short: true, missing: ['http://localhost:3502/remoteEntry.js'] });
  });

  test('header-sized differences are within the tolerance; more is not', () => {
    const within = 200_000 * (1 - FIRST_VISIT_TOLERANCE) + 10;
    const items = (total) => [
      script('http://localhost:3500/main.js', total - 100_000),
      ...[...fresh].slice(1).map(([u, b]) => script(u, b)),
    ];
    expect(firstVisitCheck(fresh, items(within)).short).toBe(false);
    expect(firstVisitCheck(fresh, items(within - 1_000)).short).toBe(true);
  });
});

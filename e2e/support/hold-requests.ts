import type { Page } from './journey';

/**
 * Holds every request matching `pattern` (say, every app script) until the returned function is
 * called: what the page shows meanwhile is the HTML's and its inline scripts' doing. A request the
 * page no longer wants by then (it navigated away) is dropped quietly.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/**
 * The journeys' `test`: Playwright's, plus one automatic check that keeps the remote tags
 * true. Each journey is tagged with the remotes it crosses (`@auth`, `@marketplace`, `@cart`,
 * `@seller`, and one per remote added later: `@` + the container name without `remote`), so a
 * remote team runs its own with `npm run test:e2e -- --grep @cart`. The check watches every
 * page the journey's browser context opens; when one lands on a screen a remote owns (by the
 * federation contract's paths, or on the remote's own server) and the journey lacks that
 * remote's tag, the journey fails and says which tag to add. Pages of contexts a journey opens
 * itself (`browser.newContext()`) are not watched: tag those journeys by hand.
 */
import { test as base, type Page } from '@playwright/test';
import { REMOTE_OVERRIDES_STORAGE_KEY } from '../../shared/src/browser/remote-overrides';
import { REMOTE_NAMES, REMOTES, type RemoteName } from '../../shared/src/federation';
import { PORTS } from '../../tooling/ports.cjs';
import { SHELL_URL, remoteOrigin, type RemoteServer } from './ports';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

/** remoteCart -> '@cart'. */
export const remoteTag = (remote: RemoteName): string => `@${remote.replace(/^remote/, '').toLowerCase()}`;

/** Tags, by remote container name, for journeys' `{ tag }` options. */
export const TAG = Object.fromEntries(REMOTE_NAMES.map((r) => [r, remoteTag(r)])) as Record<RemoteName, string>;

/** `/product/:slug` -> /^\/product\/[^/]+\/?$/ */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const SCREENS = REMOTE_NAMES.flatMap((remote) => REMOTES[remote].screens.map((s) => ({ remote, pattern: patternOf(s.path) })));

/** The remote a URL shows: a screen of the shell's route table, or a page of the remote's own server. */
export function remoteOfUrl(raw: string): RemoteName | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const shell = new URL(SHELL_URL);
  if (url.origin === shell.origin) return SCREENS.find((s) => s.pattern.test(url.pathname))?.remote ?? null;
  return REMOTE_NAMES.find((r) => r in PORTS && remoteOrigin(r as RemoteServer) === url.origin) ?? null;
}

/**
 * E2E_REMOTE_OVERRIDES="remoteCart=https://preview…/mf-manifest.json,…": every page of the
 * journeys runs those remotes from their preview builds (the shell's remote overrides; the
 * environment must allow-list the origins in REMOTE_OVERRIDE_ORIGINS).
 */
function overridesFromEnv(): Record<string, string> | null {
  const raw = process.env.E2E_REMOTE_OVERRIDES;
  if (!raw) return null;
  return Object.fromEntries(
    raw.split(',').map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`E2E_REMOTE_OVERRIDES: "${pair}" is not remoteName=manifestUrl`);
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    }),
  );
}

export const test = base.extend<{ remoteTags: void; remoteOverrides: void }>({
  remoteOverrides: [
    async ({ context }, use) => {
      const overrides = overridesFromEnv();
      if (overrides) {
        await context.addInitScript(
          ({ key, value }) => {
            if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
          },
          { key: REMOTE_OVERRIDES_STORAGE_KEY, value: JSON.stringify(overrides) },
        );
      }
      await use();
    },
    { auto: true },
  ],
  remoteTags: [
    async ({ context }, use, testInfo) => {
      const crossed = new Set<RemoteName>();
      const watch = (page: Page) =>
        page.on('framenavigated', (frame) => {
          if (frame !== page.mainFrame()) return;
          const remote = remoteOfUrl(frame.url());
          if (remote) crossed.add(remote);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      const missing = [...crossed].map(remoteTag).filter((tag) => !testInfo.tags.includes(tag));
      // A journey that failed already says why; the tags are checked on the ones that ran through.
      if (missing.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(
          `This journey crosses ${missing.join(', ')} without the tag: add { tag: [${missing.map((t) => `'${t}'`).join(', ')}] }.`,
        );
      }
    },
    { auto: true },
  ],
});

/** The tags of the remotes that own these paths of the shell: `{ tag: tagsOf('/cart', '/profile') }`. */
export function tagsOf(...paths: string[]): string[] {
  const remotes = paths.map((p) => remoteOfUrl(new URL(p, SHELL_URL).toString())).filter((r): r is RemoteName => r !== null);
  return [...new Set(remotes.map(remoteTag))];
}

/**
 * Build-time rendering of the public pages (issue 14: the first paint needs
 * no JavaScript). Bundled for node by prerenderConfig in
 * tooling/webpack/create-config.cjs and run once per production build by
 * tooling/webpack/prerender-pages-plugin.cjs, whose write-prerendered-pages.cjs
 * puts the markup and title this returns into the page template.
 *
 * The tree is the browser's (AppFrame) under a StaticRouter, rendered in the
 * state the browser's first render has: session still loading (the navbar's
 * neutral state, guards' spinner), so hydration matches for a guest and a
 * signed-in student alike; the session store updates after hydration.
 * Remotes are never rendered here: their routes keep the loading fallback
 * and the browser renders them (a Suspense boundary the server gave up on).
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
// The node build has the whole router; the federation door (react-router-dom.mjs) is for the browser.
import { StaticRouter } from 'react-router';
import { REMOTES } from '@campus/shared/federation';
import { setRuntimeConfig } from '@campus/shared/runtime-config';
import { PageTitleSinkContext, type PageTitleSink } from '@campus/shared/ui';
import { AppFrame } from '../app/App';
import { REMOTE_ROUTE_GROUPS, SHELL_PAGES } from '../app/routing/route-table';
import { CLIENT_ONLY_DIGEST, REMOTE_ROUTE_CHUNK_GROUPS, RUNTIME_PLACEHOLDERS, START_CHUNK_GROUPS } from './placeholders';

export { REMOTE_ROUTE_CHUNK_GROUPS, RUNTIME_PLACEHOLDERS, START_CHUNK_GROUPS };

/**
 * Which remote renders which path pattern (the federation contract): the static
 * server preloads that remote's manifest with the page, so it downloads beside
 * the shell's scripts.
 */
export const REMOTE_PATHS: readonly { pattern: string; remote: string }[] = REMOTE_ROUTE_GROUPS.flatMap((group) =>
  group.paths.map((pattern) => ({ pattern, remote: group.remote })),
);

export interface PrerenderedPage {
  path: string;
  /** Named chunk groups of the browser build whose scripts the page needs at start (preloaded). */
  chunkGroups: string[];
}

/**
 * The public shell pages, and the auth screens' frame (navbar, the loading
 * placeholder, footer: the remote's form arrives into it without moving anything).
 * Chunk group names are the webpackChunkName comments in index.ts and AppRoutes.tsx.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  ...SHELL_PAGES.filter((p) => p.access === 'public').map((p) => ({
    path: p.path,
    chunkGroups: [...START_CHUNK_GROUPS, ...(p.page === 'landing' ? [] : [`page-${p.page}`])],
  })),
  ...REMOTES.remoteAuth.screens
    .filter((s) => s.access === 'public' || s.access === 'guest-only')
    .map((s) => ({ path: s.path, chunkGroups: [...START_CHUNK_GROUPS, ...REMOTE_ROUTE_CHUNK_GROUPS] })),
];

/** A remote's routes are the browser's business: the server leaves its loading fallback in place. */
function remoteInBrowserOnly(): Promise<never> {
  return Promise.reject(Object.assign(new Error('Remotes render in the browser'), { digest: CLIENT_ONLY_DIGEST }));
}

// The page text that depends on the runtime configuration carries placeholders the static
// server fills in from the environment at start (scripts/serve-static.mjs); nothing of it is baked in.
setRuntimeConfig({
  apiBaseUrl: '',
  remotes: { remoteAuth: '', remoteMarketplace: '', remoteCart: '', remoteSeller: '' },
  search: { appId: '', apiKey: '', indexName: '' },
  university: { name: RUNTIME_PLACEHOLDERS.universityName, emailDomain: RUNTIME_PLACEHOLDERS.universityEmailDomain },
});

export interface RenderedPage {
  /** The markup of #root. */
  markup: string;
  /** The page's title as usePageTitle gives it (the browser sets it in an effect, too late for the HTML). */
  title: string | undefined;
}

/** `path` rendered, once every lazy shell page in it has loaded. */
export function renderPage(path: string): Promise<RenderedPage> {
  const titleSink: PageTitleSink = {};
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve({ markup: html, title: titleSink.title });
        done();
      },
    });
    const stream = renderToPipeableStream(
      <PageTitleSinkContext.Provider value={titleSink}>
        <StaticRouter location={path}>
          <AppFrame loadRemote={remoteInBrowserOnly} />
        </StaticRouter>
      </PageTitleSinkContext.Provider>,
      {
        // Every boundary inline, in place: React outlines a boundary bigger than this (12.8 KB by
        // default) into a hidden <div> that its reveal script swaps in later, throttled to animation
        // frames (React 19.2), so the page's text would paint only after that script's turn on a busy
        // main thread: the landing page's LCP was 2.1 s for text that arrived with the HTML.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError(error: unknown) {
          const digest = (error as { digest?: string } | null)?.digest;
          if (digest === CLIENT_ONLY_DIGEST) return digest;
          reject(error instanceof Error ? error : new Error(String(error)));
          return undefined;
        },
      },
    );
  });
}

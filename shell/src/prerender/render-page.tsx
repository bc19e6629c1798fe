/**
 * Build-time rendering of the public pages (so the first paint needs
 * no JavaScript). Bundled for node by prerenderConfig in
 * tooling/webpack/create-config.cjs and run once per production build by
 * tooling/webpack/prerender-plugin.cjs, whose write-prerendered-pages.cjs
 * puts the markup and title this returns into the page template.
 *
 * The tree is the browser's (AppFrame) under a StaticRouter, rendered in the
 * state the browser's first render has: session still loading (the navbar's
 * neutral state, guards' spinner), so hydration matches for a guest and a
 * signed-in student alike; the session store updates after hydration.
 * Remotes are never rendered here: their routes keep the loading fallback
 * (a Suspense boundary the server gave up on), which the build marks as the
 * slot where the static server puts the remote's own screen (REMOTE_SCREENS).
 */
// The node build has the whole router; the federation door (react-router-dom.mjs) is for the browser.
import { StaticRouter } from 'react-router';
import { REMOTE_NAMES, REMOTES, type RemoteName, type RouteAccess } from '@campus/shared/federation';
import { renderToHtml, RUNTIME_PLACEHOLDERS, setPlaceholderRuntimeConfig, type RenderedHtml } from '@campus/shared/prerender';
import { AppFrame } from '../app/App';
import { REMOTE_ROUTE_GROUPS, SHELL_PAGES } from '../app/routing/route-table';
import { CLIENT_ONLY_DIGEST, REMOTE_ROUTE_CHUNK_GROUPS, REMOTE_SCREEN, START_CHUNK_GROUPS } from './placeholders';

export { REMOTE_ROUTE_CHUNK_GROUPS, REMOTE_SCREEN, RUNTIME_PLACEHOLDERS, START_CHUNK_GROUPS };

/**
 * Which remote renders which path pattern (the federation contract): the static
 * server preloads that remote's manifest with the page, so it downloads beside
 * the shell's scripts.
 */
export const REMOTE_PATHS: readonly { pattern: string; remote: string }[] = REMOTE_ROUTE_GROUPS.flatMap((group) =>
  group.paths.map((pattern) => ({ pattern, remote: group.remote })),
);

/**
 * The remote screens the shell's pages carry (the contract's `prerender`): their page gets a
 * slot where the static server puts that screen, built once by the remote ('build') or
 * rendered by the remote's server for the URL ('request'). Other remote paths keep the
 * placeholder, and the server has nothing to ask the remote for.
 */
export const REMOTE_SCREENS: readonly RemoteScreenSlot[] = REMOTE_NAMES.flatMap((remote) =>
  REMOTES[remote].screens.flatMap((screen): RemoteScreenSlot[] =>
    'prerender' in screen && screen.prerender ? [{ path: screen.path, remote, mode: screen.prerender, access: screen.access }] : [],
  ),
);

export interface RemoteScreenSlot {
  /** Path pattern (react-router syntax). */
  path: string;
  remote: RemoteName;
  mode: 'build' | 'request';
  /** A signed-in screen's copy is taken out of the page at once when there is no session to show it to. */
  access: RouteAccess;
}

export interface PrerenderedPage {
  /** A path, or a pattern (`/product/:slug`): the frame is the same for every value. */
  path: string;
  /** Named chunk groups of the browser build whose scripts the page needs at start (preloaded). */
  chunkGroups: string[];
}

const REMOTE_PAGE_CHUNK_GROUPS = [...START_CHUNK_GROUPS, ...REMOTE_ROUTE_CHUNK_GROUPS];

/**
 * The public shell pages, the auth screens' frame (navbar, the loading placeholder, footer:
 * the remote's form arrives into it without moving anything), and the frame of every other
 * remote's screen rendered per request.
 * Chunk group names are the webpackChunkName comments in index.ts and AppRoutes.tsx.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  ...SHELL_PAGES.filter((p) => p.access === 'public').map((p) => ({
    path: p.path,
    chunkGroups: [...START_CHUNK_GROUPS, ...(p.page === 'landing' ? [] : [`page-${p.page}`])],
  })),
  ...REMOTES.remoteAuth.screens
    .filter((s) => s.access === 'public' || s.access === 'guest-only')
    .map((s) => ({ path: s.path, chunkGroups: REMOTE_PAGE_CHUNK_GROUPS })),
  // Not the navbar's counts (badge-queries, with the API client and contract: about 65 KB gzip):
  // they start once the screen's main content has shown (layout/main-content.ts).
  ...REMOTE_SCREENS.filter((s) => s.mode === 'request' && s.remote !== 'remoteAuth').map((s) => ({
    path: s.path,
    chunkGroups: REMOTE_PAGE_CHUNK_GROUPS,
  })),
];

/** A remote's routes are the browser's business: the server leaves its loading fallback in place. */
function remoteInBrowserOnly(): Promise<never> {
  return Promise.reject(Object.assign(new Error('Remotes render in the browser'), { digest: CLIENT_ONLY_DIGEST }));
}

// The page text that depends on the runtime configuration carries placeholders the static
// server fills in from the environment at start (page-server/); nothing of it is baked in.
setPlaceholderRuntimeConfig();

/** `path` rendered (the markup of #root and its title), once every lazy shell page in it has loaded. */
export function renderPage(path: string): Promise<RenderedHtml> {
  return renderToHtml(
    <StaticRouter location={path}>
      <AppFrame loadRemote={remoteInBrowserOnly} />
    </StaticRouter>,
    { clientOnlyDigest: CLIENT_ONLY_DIGEST },
  );
}

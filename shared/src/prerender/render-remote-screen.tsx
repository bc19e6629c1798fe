/**
 * A remote's screens rendered to HTML in node (the federation contract's
 * `prerender`), inside the providers the shell gives a remote: the design
 * system, a query client and a router at the screen's URL.
 * - 'build' screens are rendered once by the remote's build;
 *   tooling/webpack/write-prerendered-screens.cjs writes them to the remote's
 *   dist/prerendered/screens.json.
 * - 'request' screens are rendered by the remote's own server for each URL
 *   (page-server/, GET /prerendered/render), with the public data
 *   their queries read, fetched here; that data goes into the page beside the
 *   markup, so the live screen starts from it.
 * The shell's server puts a screen into its page, and the shell shows it
 * (inert) until the remote itself has arrived.
 */
import type { ComponentType, ReactElement } from 'react';
import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState, type Query } from '@tanstack/react-query';
// The node build has the whole router; the federation door (react-router-dom.mjs) is for the browser.
import { StaticRouter } from 'react-router';
import { REMOTES, type RemoteName } from '@campus/shared/federation';
import { QueryProvider, readsSession } from '@campus/shared/query';
import { setRuntimeConfig, type RuntimeConfig } from '@campus/shared/runtime-config';
import { DesignSystemProvider } from '@campus/shared/ui';
import { renderToHtml, setPlaceholderRuntimeConfig, type RenderedHtml } from './render-to-html';

type PrerenderMode = 'build' | 'request';

function screenPaths(remote: RemoteName, mode: PrerenderMode): string[] {
  return REMOTES[remote].screens.filter((screen) => 'prerender' in screen && screen.prerender === mode).map((screen) => screen.path);
}

/** The paths of a remote's screens its build renders (`prerender: 'build'`). */
function prerenderedScreenPaths(remote: RemoteName): string[] {
  return screenPaths(remote, 'build');
}

/** The path patterns of a remote's screens its server renders per URL (`prerender: 'request'`). */
function requestRenderedScreenPaths(remote: RemoteName): string[] {
  return screenPaths(remote, 'request');
}

/** A screen rendered for one URL, and the data it was drawn with. */
export interface RequestRenderedScreen extends RenderedHtml {
  queries: DehydratedState;
}

/** What a remote's src/prerender/render-screens.tsx gives its build and its server. */
export interface ScreenRenderer {
  remote: RemoteName;
  /** 'build' screens' paths. */
  paths: string[];
  renderScreen(path: string): Promise<RenderedHtml>;
  /** 'request' screens' path patterns (react-router syntax). */
  requestPaths: string[];
  /**
   * The screen at `url` (path and query), drawn with its public data; null when a query
   * failed, so the page keeps its loading placeholder rather than an error the student may
   * never get (the live screen asks again).
   */
  renderAt(url: string): Promise<RequestRenderedScreen | null>;
  /** The server gives its runtime configuration (API and search addresses) before the first renderAt. */
  configure(config: RuntimeConfig): void;
}

/** How many rounds of "render, then fetch what the render asked for" a screen may take (a query that needs another's answer). */
const MAX_DATA_ROUNDS = 3;

/**
 * A query the render asked for and nobody has fetched: the server fetches it, unless the screen
 * disabled it or it reads the student's own data (no session here: left as the browser first has it).
 */
function waitsForData(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle' || readsSession(query)) return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

export function screenRenderer(remote: RemoteName, App: ComponentType): ScreenRenderer {
  setPlaceholderRuntimeConfig();
  // The copy sits in the shell's page beside the shell's own useId ids (the footer's field...).
  const options = { identifierPrefix: `${remote}-` };
  /** The screen at `url`, with the page's query client (a build render) or its own (a request render). */
  const tree = (url: string, client?: QueryClient): ReactElement => {
    const router = (
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    );
    return (
      <DesignSystemProvider>
        {client ? <QueryClientProvider client={client}>{router}</QueryClientProvider> : <QueryProvider>{router}</QueryProvider>}
      </DesignSystemProvider>
    );
  };
  return {
    remote,
    paths: prerenderedScreenPaths(remote),
    renderScreen: (path) => renderToHtml(tree(path), options),
    requestPaths: requestRenderedScreenPaths(remote),
    configure: (config) => setRuntimeConfig(config),
    async renderAt(url) {
      // A client per request: one student's URL never sees another's answers. Server-side
      // reads are not retried: the page will not wait for a second try.
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      try {
        let rendered = await renderToHtml(tree(url, client), options);
        for (let round = 0; round < MAX_DATA_ROUNDS; round += 1) {
          const waiting = client.getQueryCache().getAll().filter(waitsForData);
          if (waiting.length === 0) break;
          // query.fetch() runs the query with the options (queryFn) the screen's render gave it.
          await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
          rendered = await renderToHtml(tree(url, client), options);
        }
        const queries = client.getQueryCache().getAll();
        if (queries.some((query) => query.state.status === 'error' || waitsForData(query))) return null;
        return { ...rendered, queries: dehydrate(client) };
      } finally {
        // Nothing of this request outlives it (each query would otherwise hold a garbage-collection timer).
        client.clear();
      }
    },
  };
}

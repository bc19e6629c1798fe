/**
 * A remote's static screens rendered at build time (the federation contract's
 * `prerender: true`), inside the providers the shell gives a remote: the
 * design system, the page's query client and a router at the screen's path.
 * tooling/webpack/write-prerendered-screens.cjs writes what this returns to the
 * remote's dist/prerendered/screens.json; the shell's server puts a screen into
 * its page, and the shell shows it until the remote itself has arrived.
 */
import type { ComponentType } from 'react';
// The node build has the whole router; the federation door (react-router-dom.mjs) is for the browser.
import { StaticRouter } from 'react-router';
import { REMOTES, type RemoteName } from '@campus/shared/federation';
import { QueryProvider } from '@campus/shared/query';
import { DesignSystemProvider } from '@campus/shared/ui';
import { renderToHtml, setPlaceholderRuntimeConfig, type RenderedHtml } from './render-to-html';

/** The paths of a remote's screens its build renders. */
export function prerenderedScreenPaths(remote: RemoteName): string[] {
  return REMOTES[remote].screens.filter((screen) => 'prerender' in screen && screen.prerender).map((screen) => screen.path);
}

/** What a remote's src/prerender/render-screens.tsx gives its build. */
export interface ScreenRenderer {
  remote: RemoteName;
  paths: string[];
  renderScreen(path: string): Promise<RenderedHtml>;
}

export function screenRenderer(remote: RemoteName, App: ComponentType): ScreenRenderer {
  setPlaceholderRuntimeConfig();
  return {
    remote,
    paths: prerenderedScreenPaths(remote),
    renderScreen: (path) =>
      renderToHtml(
        <DesignSystemProvider>
          <QueryProvider>
            <StaticRouter location={path}>
              <App />
            </StaticRouter>
          </QueryProvider>
        </DesignSystemProvider>,
        // The copy sits in the shell's page beside the shell's own useId ids (the footer's field...).
        { identifierPrefix: `${remote}-` },
      ),
  };
}

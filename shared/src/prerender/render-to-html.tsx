/**
 * Build-time rendering to HTML (so a page is drawn before any script
 * runs), in node, for the shell's public pages and a remote's static screens.
 * Never part of a browser bundle: `@campus/shared/prerender` is not shared
 * through federation, and only the apps' src/prerender import it.
 */
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { setRuntimeConfig } from '@campus/shared/runtime-config';
import { loadOverlays, PageTitleSinkContext, type PageTitleSink } from '@campus/shared/ui';

/**
 * Stand-ins for runtime-configuration text in built HTML. The shell's static server
 * (page-server/) replaces them from the environment when it starts, in its
 * pages and in the remote screens it puts into them, so nothing of it is baked in.
 */
export const RUNTIME_PLACEHOLDERS = {
  universityName: '%%UNIVERSITY_NAME%%',
  universityEmailDomain: '%%UNIVERSITY_EMAIL_DOMAIN%%',
} as const;

/** The runtime configuration a build-time render sees: placeholders for the text, nothing to call. */
export function setPlaceholderRuntimeConfig(): void {
  setRuntimeConfig({
    apiBaseUrl: '',
    remotes: { remoteAuth: '', remoteMarketplace: '', remoteCart: '', remoteSeller: '', remoteMessages: '', remoteOps: '' },
    search: { appId: '', apiKey: '', indexName: '' },
    university: { name: RUNTIME_PLACEHOLDERS.universityName, emailDomain: RUNTIME_PLACEHOLDERS.universityEmailDomain },
  });
}

export interface RenderedHtml {
  /** The markup, emotion's <style> tags still beside the elements they style. */
  markup: string;
  /** The title the tree gives itself (usePageTitle sets it in an effect in the browser, too late for HTML). */
  title: string | undefined;
}

export interface RenderToHtmlOptions {
  /** A Suspense boundary that throws an error with this digest is left to the browser on purpose, not a failure. */
  clientOnlyDigest?: string;
  /** Before every useId: markup that will sit inside another app's page must not reuse that page's ids. */
  identifierPrefix?: string;
}

/** `element` rendered once everything lazy in it has loaded. */
export function renderToHtml(
  element: ReactElement,
  { clientOnlyDigest, identifierPrefix }: RenderToHtmlOptions = {},
): Promise<RenderedHtml> {
  // The design system's overlays in first, so a screen that draws one renders it in place
  // instead of waiting for it behind a Suspense boundary (ui/lazy-overlays.ts).
  return loadOverlays().then(() => renderLoaded(element, { clientOnlyDigest, identifierPrefix }));
}

function renderLoaded(element: ReactElement, { clientOnlyDigest, identifierPrefix }: RenderToHtmlOptions): Promise<RenderedHtml> {
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
    const stream = renderToPipeableStream(<PageTitleSinkContext.Provider value={titleSink}>{element}</PageTitleSinkContext.Provider>, {
      // Every boundary inline, in place: React outlines a boundary bigger than this (12.8 KB by
      // default) into a hidden <div> that its reveal script swaps in later, throttled to animation
      // frames (React 19.2), so the page's text would paint only after that script's turn on a busy
      // main thread: the landing page's LCP was 2.1 s for text that arrived with the HTML.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      identifierPrefix,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError(error: unknown) {
        const digest = (error as { digest?: string } | null)?.digest;
        if (clientOnlyDigest !== undefined && digest === clientOnlyDigest) return digest;
        reject(error instanceof Error ? error : new Error(String(error)));
        return undefined;
      },
    });
  });
}

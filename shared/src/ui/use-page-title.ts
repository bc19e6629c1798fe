import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'Campus Marketplace';

/** "Title · Campus Marketplace"; the site name alone when no title is given. */
export function formatPageTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** Where a render at build time (the shell's prerender) collects the page's title for its <title>. */
export interface PageTitleSink {
  title?: string;
}

/** Provided only by the build-time render; the browser has none. */
export const PageTitleSinkContext = createContext<PageTitleSink | null>(null);

/** Sets document.title while the page is shown (every page has a title of its own: WCAG 2.4.2). */
export function usePageTitle(title?: string): void {
  const sink = useContext(PageTitleSinkContext);
  // At build time effects never run, so the title goes to the sink for the page's <title>. The
  // first one rendered wins: as in the browser for a page and a titled part inside it (the outer
  // effect runs last). Two titled siblings would disagree (the browser keeps the later); no page has them.
  if (sink) sink.title ??= formatPageTitle(title);
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}

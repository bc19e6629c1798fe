import { useEffect } from 'react';

export const SITE_NAME = 'Campus Marketplace';

/** "Title · Campus Marketplace"; the site name alone when no title is given. */
export function formatPageTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** Sets document.title while the page is shown (meaningful titles, issue 2). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}

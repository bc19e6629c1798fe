import { afterMainContent } from './main-content';

/** The interactions that show a student is about to use the footer (a tap, a tab into it). */
const INTERACTIONS = ['pointerdown', 'focusin'] as const;

/**
 * When the footer's chunk should load: once the page's main content has shown (it is below the
 * fold, and nothing on the first screen waits on it), or as soon as the student reaches into the
 * footer before that, so the server's footer (not yet hydrated) becomes live as early as it can.
 */
export function footerWanted(): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      cancel();
      for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
      resolve();
    };
    const onInteraction = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('footer')) settle();
    };
    for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, true);
    const cancel = afterMainContent(settle);
  });
}

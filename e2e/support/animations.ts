import type { Page } from '@playwright/test';

/**
 * Lets running CSS animations and transitions finish (endless ones, such as a
 * spinner, and paused ones, which would never finish, are skipped): axe
 * computes colours from what is painted, and a drawer caught mid fade-in reads
 * its white text as a paler, low-contrast one; a dialog caught mid scale-in
 * measures its buttons a pixel short.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

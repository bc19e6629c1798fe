/**
 * What a phone checks on every screen: nothing wider than the screen, and the
 * actions a student needs inside it and big enough for a thumb. The phone project
 * (playwright.config.ts) runs e2e/tests/phone.spec.ts with these.
 */
import { devices } from '@playwright/test';
import { expect, type Locator, type Page } from './journey';
import { settleAnimations } from './animations';

/** A 390 × 844 touch phone (a mid-range Android's size) with a phone's user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
} as const;

/** WCAG 2.5.5's and the platforms' smallest comfortable target. */
export const TOUCH_TARGET_PX = 44;

/** Fails when the page scrolls sideways, naming the widest elements that stick out. */
export async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}: right ${Math.round(el.getBoundingClientRect().right)} px`,
      );
  });
  expect(overflow, `${where} scrolls sideways at ${PHONE.viewport.width} px`).toEqual([]);
}

/** Fails when the action lies (partly) outside the screen's width, or is shorter than `minHeight` (a thumb's 44 px). */
export async function expectWithinReach(action: Locator, name: string, minHeight = TOUCH_TARGET_PX): Promise<void> {
  await expect(action, name).toBeVisible();
  // Measured once its dialog or drawer has finished opening (a scale-in shrinks the box).
  await settleAnimations(action.page());
  const box = await action.boundingBox();
  expect(box, `${name} has a box`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${name}'s left edge is on the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}'s right edge is on the screen`).toBeLessThanOrEqual(PHONE.viewport.width);
  expect(Math.round(box.height), `${name} is at least ${minHeight} px tall`).toBeGreaterThanOrEqual(minHeight);
}

/**
 * axe-core (WCAG 2.1 A and AA rules) on what the page shows now: the serious
 * or critical violations, each as the rule, its impact and the elements, so a
 * failure says what to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settleAnimations } from './animations';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * WCAG 2.5.3 Label in Name: a control's accessible name contains the words it
 * shows, so a voice-control user can say what they see ("click Add to Cart").
 * axe-core has marked this rule experimental (off unless asked for) in some
 * releases; it is asked for by name so an upgrade cannot silently drop it.
 */
const ALWAYS_ON_RULES = { 'label-content-name-mismatch': { enabled: true } };

/**
 * A busy control (aria-busy, a cart button still asking whether the item is in
 * the cart) is drawn faded and fades in once it settles: axe then reads white
 * on a half-faded green as 2:1. The screen is checked as the student reads it,
 * once nothing on it is busy and the fade has finished.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]'), 'a control still busy before axe').toHaveCount(0);
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).options({ rules: ALWAYS_ON_RULES }).withTags(WCAG_TAGS).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 6)
        .map((n) => `${n.html.slice(0, 160)} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join('\n    ')}`,
  );
}

/** No serious or critical violation on what the page shows; `what` names the screen in the failure. */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), `axe found serious or critical violations on ${what}`).toEqual([]);
}

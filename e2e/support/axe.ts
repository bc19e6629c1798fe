/**
 * axe-core (WCAG 2.1 A and AA rules) on what the page shows now: the serious
 * or critical violations, each as the rule, its impact and the elements, so a
 * failure says what to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settleAnimations } from './animations';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * WCAG 2.5.3 Label in Name: a control's accessible name contains the words it
 * shows, so a voice-control user can say what they see ("click Add to Cart").
 * axe-core has marked this rule experimental (off unless asked for) in some
 * releases; it is asked for by name so an upgrade cannot silently drop it.
 */
const ALWAYS_ON_RULES = { 'label-content-name-mismatch': { enabled: true } };

export async function seriousViolations(page: Page): Promise<string[]> {
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

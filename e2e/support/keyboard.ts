/**
 * Keyboard only, as a student without a mouse (or with a switch, or a screen
 * reader) uses the product: Tab and Shift+Tab to reach a control, Enter,
 * Space and the arrow keys to use it. Every stop on the way must show where
 * the focus is (WCAG 2.4.7 Focus Visible), so reaching a control by Tab also
 * checks the focus ring of everything tabbed past.
 */
import { expect, type FileChooser, type Locator, type Page } from '@playwright/test';

/**
 * What the focused element looks like, or null when it shows a focus
 * indicator: a focus outline or ring (box-shadow) on the element, or, for a
 * control drawn by its surroundings (a visually hidden radio or file input),
 * on the nearest visible ancestor (Chakra's _focusWithin).
 */
export async function focusWithoutIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const shows = (e: Element) => {
      const s = getComputedStyle(e);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
      return outline || (s.boxShadow !== '' && s.boxShadow !== 'none');
    };
    let target: Element | null = el;
    // A 1 px control is drawn by what wraps it.
    while (target && target.getBoundingClientRect().width <= 2) target = target.parentElement;
    if (target && shows(target)) return null;
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}" (outline ${getComputedStyle(el).outlineStyle}, box-shadow ${getComputedStyle(el).boxShadow})`;
  });
}

/** A short description of the focused element, for failure messages. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(body)';
    return `<${el.tagName.toLowerCase()}> ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
  });
}

/**
 * Presses `key` on the focused control and returns the file chooser it opened. Fails within 10 s, naming
 * where the focus was before and after the key, instead of waiting out the journey's time-out: a key that
 * lands on a control that is no longer in the page (drawn again, or hidden behind a loading fallback)
 * opens nothing.
 */
export async function fileChooserFromKey(page: Page, key: 'Enter' | 'Space'): Promise<FileChooser> {
  const before = await describeFocus(page);
  const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
  await page.keyboard.press(key);
  try {
    return await chooser;
  } catch {
    throw new Error(`${key} on ${before} opened no file chooser; the focus is now on ${await describeFocus(page)} at ${page.url()}`);
  }
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max`
 * times; fails when it is never reached or when any stop on the way shows no
 * focus indicator.
 */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; max?: number } = {}): Promise<void> {
  const { backwards = false, max = 60 } = options;
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const path: string[] = [];
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
    const missing = await focusWithoutIndicator(page);
    expect(missing, `no visible focus indicator on a stop while tabbing (${path.length} stops)`).toBeNull();
    path.push(await describeFocus(page));
  }
  if (await target.evaluate((el) => el === document.activeElement)) return;
  throw new Error(`${key} never reached the target in ${max} presses; the focus went:\n  ${path.join('\n  ')}`);
}

/**
 * Tabs from the top of the page through `stops` focusable elements and
 * returns every stop that showed no focus indicator ([] when all did).
 */
export async function stopsWithoutFocusIndicator(page: Page, stops: number): Promise<string[]> {
  await page.locator('body').evaluate((body) => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    body.focus();
  });
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < stops; i += 1) {
    await page.keyboard.press('Tab');
    const where = await describeFocus(page);
    if (seen.has(where) && where === '(body)') break;
    seen.add(where);
    const problem = await focusWithoutIndicator(page);
    if (problem) missing.push(problem);
  }
  return missing;
}

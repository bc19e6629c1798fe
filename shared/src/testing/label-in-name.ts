/**
 * WCAG 2.5.3 Label in Name, checked in jsdom: every control that shows words
 * and is named by aria-label or aria-labelledby has those words in its name,
 * so a voice-control user can say what they see ("click Add to Cart"). The
 * end-to-end journeys run axe-core's label-content-name-mismatch rule on the
 * real pages; this catches the same mistake in a component test.
 *
 * Visible text is the control's text, less what is visually hidden (Chakra's
 * srOnly / VisuallyHidden: clipped to 1 px). Text and name are compared as
 * words: case, punctuation and spacing do not count.
 */

/** Roles whose name comes from their content, so their visible words are their label. */
const CONTROLS = [
  'button',
  'a[href]',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
].join(',');

function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function visuallyHidden(el: Element): boolean {
  const style = el.ownerDocument.defaultView?.getComputedStyle(el);
  if (!style) return false;
  if (style.display === 'none' || style.visibility === 'hidden') return true;
  // srOnly / VisuallyHidden: 1px box, clipped away.
  const clipped = /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip) || style.clipPath === 'inset(50%)';
  return clipped && style.position === 'absolute';
}

/** The words a sighted user sees on the control. */
export function visibleText(el: Element): string {
  let text = '';
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType === node.TEXT_NODE) text += node.textContent ?? '';
    else if (node.nodeType === node.ELEMENT_NODE && !visuallyHidden(node as Element)) text += ` ${visibleText(node as Element)} `;
  }
  return text;
}

function explicitName(el: Element): string | null {
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    return labelledBy
      .split(/\s+/)
      .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ');
  }
  return el.getAttribute('aria-label');
}

/**
 * Each control under `root` whose aria-label/aria-labelledby leaves out the
 * words it shows, as `<tag> "visible" named "name"`; [] when every name holds.
 */
export function labelInNameMismatches(root: ParentNode): string[] {
  const found: string[] = [];
  for (const el of Array.from(root.querySelectorAll(CONTROLS))) {
    const name = explicitName(el);
    if (name === null) continue;
    const shown = words(visibleText(el));
    if (shown && !words(name).includes(shown)) found.push(`<${el.tagName.toLowerCase()}> "${shown}" named "${name}"`);
  }
  return found;
}

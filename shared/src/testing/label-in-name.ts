/**
 * WCAG 2.5.3 Label in Name, checked in jsdom: every control that shows words
 * and is named by aria-label or aria-labelledby has those words in its name,
 * so a voice-control user can say what they see ("click Add to Cart"). The
 * end-to-end journeys run axe-core's label-content-name-mismatch rule on the
 * real pages; this catches the same mistake in a component test.
 *
 * Visible text is the control's text, less what is visually hidden (Chakra's
 * srOnly / VisuallyHidden: clipped to 1 px). Text and name are compared the
 * way axe-core compares them: as words (case, punctuation and spacing do not
 * count), parenthesised words dropped, the shown words one run in the name.
 * So "Cart (3)" names nothing but "Cart" for axe: a count must be a word of
 * its own ("Cart, 3 items").
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

function words(text: string): string[] {
  let stripped = text.normalize('NFKD').toLowerCase();
  for (let previous = ''; previous !== stripped;) {
    previous = stripped;
    stripped = stripped.replace(/\([^()]*\)/g, ' ');
  }
  return stripped.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** `part` appears in `whole` as one unbroken run of words. */
function containsRun(whole: string[], part: string[]): boolean {
  if (part.length === 0) return true;
  for (let i = 0; i + part.length <= whole.length; i += 1) {
    if (part.every((word, j) => whole[i + j] === word)) return true;
  }
  return false;
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
    if (!containsRun(words(name), shown)) found.push(`<${el.tagName.toLowerCase()}> "${shown.join(' ')}" named "${name}"`);
  }
  return found;
}

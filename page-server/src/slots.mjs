/**
 * A remote's screen in the slot a shell's prerendered page keeps for it: the screen (inert
 * until the remote runs) or, without one, the loading placeholder.
 */
import { escapeHtml } from '../../tooling/html.cjs';
import { isLinkPreview, withLinkPreview } from './link-preview.mjs';

/**
 * @typedef {{ markup: string, styles: string, title?: string, queries?: object, linkPreview?: unknown }} Screen linkPreview: a product or store page's (link-preview.mjs)
 * @typedef {{ remote: string, placeholder: string, mode?: 'build' | 'request', access?: string }} Slot
 * @typedef {{ slot: string, attribute: string, pathAttribute: string, copyAttributes: Record<string, string | boolean>,
 *   queriesElementId: string, sessionStorageKey: string }} RemoteScreenMarks the build's manifest.remoteScreen
 */

/** A runtime placeholder (`%%UNIVERSITY_NAME%%`) left in text. */
const PLACEHOLDER = /%%[A-Z_]+%%/;

/**
 * The screen if this shell can show it: one built with a placeholder the shell does not know
 * would show it as text, so it is left out (the page keeps its spinner).
 * @param {Screen | null | undefined} offered
 * @param {(text: string) => string} fillPlaceholders the shell's runtime values put in
 * @returns {Screen | undefined}
 */
export function usableScreen(offered, fillPlaceholders) {
  return offered && !PLACEHOLDER.test(fillPlaceholders(offered.markup)) ? offered : undefined;
}

/**
 * The page's HTML with its slot filled: the remote's screen (its styles and data in <head>,
 * its title, the link preview it gives: Open Graph and Twitter card tags) or the slot's placeholder.
 * @param {string} html
 * @param {RemoteScreenMarks} marks
 * @param {Slot} slot
 * @param {Screen | undefined} screen
 * @param {string} pagePath
 * @param {string} [publicOrigin] the site's public origin, for the preview's absolute URLs
 */
export function withRemoteScreen(html, marks, slot, screen, pagePath, publicOrigin = 'http://localhost') {
  if (!screen) return html.replace(marks.slot, () => slot.placeholder);
  const { attribute, pathAttribute, copyAttributes, slot: mark, queriesElementId, sessionStorageKey } = marks;
  const attributes = Object.entries({ [attribute]: slot.remote, [pathAttribute]: pagePath, ...copyAttributes })
    .filter(([, value]) => value !== false)
    .map(([name, value]) => (value === true ? `${name}=""` : `${name}="${escapeHtml(String(value))}"`))
    .join(' ');
  let element = `<div ${attributes}>${screen.markup}</div>`;
  // Nobody to show a signed-in screen to (a guest, sent to /login once the app runs): out at once.
  if (slot.access === 'signed-in') {
    element += `<script>try{if(!localStorage.getItem(${JSON.stringify(sessionStorageKey)}))document.currentScript.previousElementSibling.remove()}catch(e){}</script>`;
  }
  const data = screen.queries
    ? `<script type="application/json" id="${escapeHtml(queriesElementId)}">${JSON.stringify(screen.queries).replace(/</g, '\\u003c')}</script>`
    : '';
  const titled = screen.title ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(screen.title)}</title>`) : html;
  const previewed = isLinkPreview(screen.linkPreview) ? withLinkPreview(titled, screen.linkPreview, publicOrigin, pagePath) : titled;
  return previewed.replace('</head>', () => `${screen.styles}${data}</head>`).replace(mark, () => element);
}

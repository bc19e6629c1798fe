/**
 * The marketplace screens this remote's server renders for each URL (the
 * contract's `prerender: 'request'`: /marketplace, a product page and a
 * store's catalogue), with the public data they show. Bundled for node by
 * tooling/webpack/create-config.cjs because this file exists, and deployed
 * with the remote (dist/server); the shell's server asks for a screen and
 * sends it inside its page, so a student sees the products and their photos
 * before any script has run. A product or store screen also carries its link
 * preview (link-preview.ts), from the same data, for the page's <head>.
 */
import { screenRenderer } from '@campus/shared/prerender';
import App from '../App';
import { linkPreviewFor } from './link-preview';

const renderer = screenRenderer('remoteMarketplace', App);

export const { remote, paths, renderScreen, requestPaths, configure } = renderer;

export async function renderAt(url: string) {
  const screen = await renderer.renderAt(url);
  if (!screen) return null;
  const linkPreview = linkPreviewFor(url, screen.queries);
  return linkPreview ? { ...screen, linkPreview } : screen;
}

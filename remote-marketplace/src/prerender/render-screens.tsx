/**
 * The marketplace screens this remote's server renders for each URL (the
 * contract's `prerender: 'request'`: /marketplace and a product page), with
 * the public data they show. Bundled for node by
 * tooling/webpack/create-config.cjs because this file exists, and deployed
 * with the remote (dist/server); the shell's server asks for a screen and
 * sends it inside its page, so a student sees the products and their photos
 * before any script has run.
 */
import { screenRenderer } from '@campus/shared/prerender';
import App from '../App';

export const { remote, paths, renderScreen, requestPaths, renderAt, configure } = screenRenderer('remoteMarketplace', App);

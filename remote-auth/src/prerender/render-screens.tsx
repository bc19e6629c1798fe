/**
 * The auth screens this remote's build renders to HTML (the contract's
 * `prerender: true`: sign-in, sign-up, the choice between them, forgotten
 * password). Bundled for node by tooling/webpack/create-config.cjs because
 * this file exists; the shell's server sends a screen inside its page, so a
 * student sees the form before any script has run.
 */
import { screenRenderer } from '@campus/shared/prerender';
import App from '../App';

export const { remote, paths, renderScreen } = screenRenderer('remoteAuth', App);

/**
 * This remote started alone: the shell's providers around its routes (see @campus/shared/standalone).
 * Alone there is no shell to open the live stream, so the remote opens it while signed in.
 */
// First: its module graph loads the runtime configuration module, which tells zod never to probe
// eval (the pages' CSP forbids it) before anything below parses.
import { mountStandalone } from '@campus/shared/standalone';
import { startLiveEvents } from '@campus/shared/live-events';
import { sessionStore } from '@campus/shared/session';
import App from './App';

mountStandalone(App, { name: 'remote-messages', requiresSession: true });
// Whenever there is a session (stored, or signed in on the standalone form); it closes itself on sign-out.
startLiveEvents();
sessionStore.subscribe((state) => {
  if (state.token) startLiveEvents();
});

/**
 * This remote started alone: the shell's providers around its routes (see @campus/shared/standalone).
 * Alone there is no shell to open the live stream, so the remote opens it while signed in.
 */
import { startLiveEvents } from '@campus/shared/live-events';
import { sessionStore } from '@campus/shared/session';
import { mountStandalone } from '@campus/shared/standalone';
import App from './App';

mountStandalone(App, { name: 'remote-messages', requiresSession: true });
// Whenever there is a session (stored, or signed in on the standalone form); it closes itself on sign-out.
startLiveEvents();
sessionStore.subscribe((state) => {
  if (state.token) startLiveEvents();
});

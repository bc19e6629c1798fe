/**
 * This remote started alone: the shell's providers around its routes (see @campus/shared/standalone).
 * Alone there is no shell to open the live stream, so the remote opens it while signed in.
 */
import { startLiveEvents } from '@campus/shared/live-events';
import { eventBus } from '@campus/shared/event-bus';
import { mountStandalone } from '@campus/shared/standalone';
import App from './App';

mountStandalone(App, { name: 'remote-messages', requiresSession: true });
startLiveEvents();
eventBus.on('session:signed-in', () => startLiveEvents());

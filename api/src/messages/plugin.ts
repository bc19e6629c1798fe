/**
 * The plugin that runs this instance's event hub (app.events), its clean-up (replayable events
 * and stream tickets) and the unread-message e-mails (every minute: unread-emails.ts).
 */
import fp from 'fastify-plugin';
import { liveSessionIds } from '../accounts';
import { EventHub } from './event-hub';
import { pruneEvents } from './event-repository';
import { pruneStreamTickets } from './repository';
import { emailUnreadMessages, UNREAD_EMAIL_EVERY_MS, type QueueEmail } from './unread-emails';
import { sessionWakeup } from './wakeup-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's open event streams and how they are woken (messages/event-hub.ts). */
    events: EventHub;
  }
}

/** A reconnect resumes from events this recent; older ones are deleted (a browser away longer reloads its lists). */
export const EVENT_REPLAY_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** How often open streams are checked against their sessions' expiry (a sign-out ends them at once). */
const SESSION_CHECK_EVERY_MS = 60 * 1000;

export interface MessagesPluginOptions {
  /** The outbox the unread e-mails are queued in (a port: the route map passes the money domain's). */
  queueEmail: QueueEmail;
}

export const eventStreamPlugin = fp<MessagesPluginOptions>(
  async (app, options) => {
    const hub = new EventHub(app.database, app.log, app.config.redisUrl, (ids) => liveSessionIds(app.db, ids, app.clock.now()));
    await hub.start();
    app.decorate('events', hub);
    // A signed-out session's streams close on every instance, now rather than at their next keep-alive.
    app.sessionEnds.listen((userId) => void hub.publish([sessionWakeup(userId)]));
    // Open streams would hold the server open: they end before it closes.
    app.addHook('preClose', async () => hub.endAll());
    const prune = setInterval(() => {
      const now = app.clock.now();
      Promise.all([pruneEvents(app.db, new Date(now.getTime() - EVENT_REPLAY_MS)), pruneStreamTickets(app.db, now)]).catch(
        (error: unknown) => app.log.warn({ err: error }, 'event stream clean-up failed; will run again'),
      );
    }, PRUNE_EVERY_MS);
    prune.unref();
    const expiredSessions = setInterval(() => {
      hub.endExpired().catch((error: unknown) => app.log.warn({ err: error }, 'event stream session check failed; will run again'));
    }, SESSION_CHECK_EVERY_MS);
    expiredSessions.unref();
    const unreadEmails = setInterval(() => {
      emailUnreadMessages(app.db, app.config, options.queueEmail, app.clock.now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'unread message e-mails failed; will run again'),
      );
    }, UNREAD_EMAIL_EVERY_MS);
    unreadEmails.unref();
    app.addHook('onClose', async () => {
      clearInterval(prune);
      clearInterval(expiredSessions);
      clearInterval(unreadEmails);
      await hub.stop();
    });
  },
  { name: 'event-stream', dependencies: ['db', 'auth'] },
);

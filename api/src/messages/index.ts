/**
 * The messages domain: its routes (routes.ts, listed in the route map) and
 * the plugin that runs this instance's event hub and serves the event stream.
 */
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@campus/shared/constants';
import { EventHub } from './event-hub';
import { registerEventStream } from './stream';

export { messageRoutes } from './routes';
export { recordOrderStatusEvents } from './events';

export const eventStreamPlugin = fp(
  async (app) => {
    const hub = new EventHub(app.database, app.log, app.config.redisUrl);
    await hub.start();
    app.decorate('events', hub);
    // Open streams would hold the server open: they end before it closes.
    app.addHook('preClose', async () => hub.endAll());
    app.addHook('onClose', async () => hub.stop());
    registerEventStream(app, API_BASE_PATH);
  },
  { name: 'event-stream', dependencies: ['db', 'auth'] },
);

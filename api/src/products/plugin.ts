/** The product views counter on the app (app.productViews), flushed every few seconds and when the app closes. */
import fp from 'fastify-plugin';
import { appSecret } from '../db/app-secrets-repository';
import { ProductViews, VIEWS_PER_CLIENT_PER_DAY } from './views';

declare module 'fastify' {
  interface FastifyInstance {
    productViews: ProductViews;
  }
}

export default fp(
  async (app) => {
    const views = new ProductViews({
      db: app.db,
      clock: app.clock,
      secret: await appSecret(app.db, 'product-view-key', app.clock.now()),
      log: app.log,
      // Scaled like every per-address limit: the journeys view every page from one address (RATE_LIMIT_SCALE).
      perClientPerDay: VIEWS_PER_CLIENT_PER_DAY * app.config.rateLimitScale,
    });
    app.decorate('productViews', views);
    views.start();
    // Before the database closes (the db plugin's own onClose runs after the ones added later... so preClose).
    app.addHook('preClose', async () => views.stop());
  },
  { name: 'product-views', dependencies: ['db'] },
);

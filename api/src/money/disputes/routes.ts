/**
 * Dispute routes: the buyer opens one on an accepted order 14 days after
 * payment; either side reads it and adds statements (multipart, photos[];
 * JSON for text alone). The campus team decides through the command line
 * (cli.ts) until the operations console exists.
 */
import type { FastifyInstance } from 'fastify';
import { orders } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { jsonFields } from '../../http/form-fields';
import { readMultipart, type MultipartBody } from '../../http/multipart';
import { route, type ApiRoute } from '../../http/route';
import { buyerOrderView } from '../orders/service';
import { uploadLimits } from '../../plugins/rate-limits';
import { addStatementWithPhotos, MAX_STATEMENT_PHOTOS, openDispute, readDispute } from './service';

export function disputeRoutes(app: FastifyInstance): ApiRoute[] {
  const uploads = uploadLimits(app);
  const ctx = () => ({ config: app.config, now: app.clock.now() });
  return [
    route(orders.openDispute, async (request) => {
      const opened = await openDispute(app.db, request.auth.user.id, request.params.orderId, request.body.reason, ctx());
      // E-mails to both sides went to the outbox in the same transaction.
      app.payments.afterCommit([]);
      const view = await buyerOrderView(
        app.db,
        opened.orderId,
        app.payments.completionSecret,
        app.clock.now(),
        app.config.payments.buyerWaitMs,
      );
      return { data: view, message: MESSAGES.disputes.opened };
    }),

    route(orders.getDispute, async (request) => ({ data: await readDispute(app.db, request.auth.user.id, request.params.orderId) })),

    route(
      orders.addDisputeStatement,
      async (request) => {
        const form: MultipartBody = request.isMultipart()
          ? await readMultipart(request, ['photos'], MAX_STATEMENT_PHOTOS)
          : { fields: jsonFields(request.body), lists: {}, files: [] };
        const dispute = await addStatementWithPhotos(app, request.auth.user.id, request.params.orderId, form);
        return { data: dispute, message: MESSAGES.disputes.statementAdded };
      },
      { alsoJson: true, config: uploads.config, preHandler: [uploads.preHandler] },
    ),
  ];
}

/**
 * Messages routes: conversations between a buyer and a store, their
 * messages (multipart with photos[]; JSON for text alone), read marks,
 * blocks, reports, the unread e-mail setting, and the ticket that opens the
 * event stream. Every conversation route
 * checks in service.ts that the caller is one of the conversation's two
 * participants.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { MESSAGE_MAX_PHOTOS } from '@campus/shared/schemas';
import { jsonFields } from '../http/form-fields';
import { readMultipart, type MultipartBody } from '../http/multipart';
import { route, type ApiRoute } from '../http/route';
import { tooManyRequests, uploadLimits, userLimit } from '../plugins/rate-limits';
import * as service from './service';

export function messageRoutes(app: FastifyInstance): ApiRoute[] {
  const uploads = uploadLimits(app);
  const messageLimit = userLimit(app, 'messages', MESSAGES.messaging.tooManyMessages);
  return [
    route(messages.listConversations, async (request) => ({ data: await service.listConversations(app.db, request.auth.user.id) })),

    route(messages.startConversation, async (request, reply) => ({
      data: await service.startConversation(app, request.auth.user.id, request.body, (seconds) =>
        tooManyRequests(reply, seconds, MESSAGES.messaging.tooManyConversations),
      ),
    })),

    route(messages.listMessages, async (request) => ({
      data: await service.readMessages(
        app.db,
        request.auth.user.id,
        request.params.conversationId,
        request.query.before,
        request.query.limit,
      ),
    })),

    route(
      messages.sendMessage,
      async (request) => {
        const form: MultipartBody = request.isMultipart()
          ? await readMultipart(request, ['photos'], MESSAGE_MAX_PHOTOS)
          : { fields: jsonFields(request.body), lists: {}, files: [] };
        return { data: await service.sendMessage(app, request.auth.user.id, request.params.conversationId, form) };
      },
      { alsoJson: true, config: uploads.config, preHandler: [uploads.preHandler, messageLimit] },
    ),

    route(messages.markRead, async (request) => ({
      data: await service.markRead(app, request.auth.user.id, request.params.conversationId),
    })),

    route(messages.blockParticipant, async (request) => {
      await service.block(app.db, request.auth.user.id, request.params.conversationId, app.clock.now());
      return { message: MESSAGES.messaging.blocked };
    }),

    route(messages.unblockParticipant, async (request) => {
      await service.unblock(app.db, request.auth.user.id, request.params.conversationId);
      return { message: MESSAGES.messaging.unblocked };
    }),

    route(messages.report, async (request) => {
      await service.report(app.db, request.auth.user.id, request.body, app.clock.now());
      return { message: MESSAGES.messaging.reported };
    }),

    route(messages.getSettings, async (request) => ({ data: await service.settings(app.db, request.auth.user.id) })),

    route(messages.updateSettings, async (request) => ({
      data: await service.saveSettings(app.db, request.auth.user.id, request.body, app.clock.now()),
    })),

    route(messages.streamTicket, async (request) => ({
      data: await service.issueStreamTicket(app.db, request.auth.user.id, request.auth.sessionId, app.clock.now()),
    })),
  ];
}

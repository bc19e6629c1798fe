/**
 * Messages between a buyer and a store, and the ticket that opens the event
 * stream. The stream itself (GET /events/stream, Server-Sent Events) is not a
 * JSON endpoint and is registered apart (docs/api.md "Messages").
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { envelope, messageOnlySchema } from '../http';
import {
  chatMessageSchema,
  conversationListSchema,
  conversationSchema,
  conversationStartBodySchema,
  messageFieldsSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSettingsSchema,
  readStateSchema,
  reportBodySchema,
  streamTicketSchema,
} from '../schemas/messages';
import { defineEndpoint } from './define';

const conversationParams = lazySchema(() => z.object({ conversationId: z.string().min(1).max(100) }));

export const listConversations = defineEndpoint({
  name: 'messages.listConversations',
  method: 'GET',
  path: '/messages/conversations',
  access: 'signed-in',
  summary: "My conversations as a buyer and as my store's owner, latest first, with unread counts and the total",
  response: lazySchema(() => envelope(conversationListSchema)),
  errors: [401],
});

export const startConversation = defineEndpoint({
  name: 'messages.startConversation',
  method: 'POST',
  path: '/messages/conversations',
  access: 'signed-in',
  summary: 'Open the conversation about a product, an order or a store (the same one again if it exists)',
  body: conversationStartBodySchema,
  response: lazySchema(() => envelope(conversationSchema)),
  errors: [400, 401, 403, 404, 429],
});

export const listMessages = defineEndpoint({
  name: 'messages.listMessages',
  method: 'GET',
  path: '/messages/conversations/:conversationId/messages',
  access: 'signed-in',
  summary: "A conversation's messages, newest page first (`before` a seq pages backwards); its two participants only",
  params: conversationParams,
  query: messagePageQuerySchema,
  response: lazySchema(() => envelope(messagePageSchema)),
  errors: [400, 401, 403, 404],
});

export const sendMessage = defineEndpoint({
  name: 'messages.send',
  method: 'POST',
  path: '/messages/conversations/:conversationId/messages',
  access: 'signed-in',
  summary: 'Send a message: text up to 2,000 characters and up to 4 photos[] (multipart; JSON for text alone)',
  params: conversationParams,
  multipart: { fields: messageFieldsSchema, files: ['photos'] },
  status: 201,
  response: lazySchema(() => envelope(chatMessageSchema)),
  errors: [400, 401, 403, 404, 429],
});

export const markRead = defineEndpoint({
  name: 'messages.markRead',
  method: 'POST',
  path: '/messages/conversations/:conversationId/read',
  access: 'signed-in',
  summary: 'Mark the conversation read up to its latest message',
  params: conversationParams,
  response: lazySchema(() => envelope(readStateSchema)),
  errors: [401, 403, 404],
});

export const blockParticipant = defineEndpoint({
  name: 'messages.block',
  method: 'POST',
  path: '/messages/conversations/:conversationId/block',
  access: 'signed-in',
  summary: 'Block the other side of the conversation: they can no longer message me',
  params: conversationParams,
  response: messageOnlySchema,
  errors: [401, 403, 404],
});

export const unblockParticipant = defineEndpoint({
  name: 'messages.unblock',
  method: 'DELETE',
  path: '/messages/conversations/:conversationId/block',
  access: 'signed-in',
  summary: 'Unblock the other side of the conversation',
  params: conversationParams,
  response: messageOnlySchema,
  errors: [401, 403, 404],
});

export const report = defineEndpoint({
  name: 'messages.report',
  method: 'POST',
  path: '/messages/reports',
  access: 'signed-in',
  summary: 'Report a conversation or one of its messages to the campus team',
  body: reportBodySchema,
  status: 201,
  response: messageOnlySchema,
  errors: [400, 401, 403, 404],
});

export const streamTicket = defineEndpoint({
  name: 'messages.streamTicket',
  method: 'POST',
  path: '/events/ticket',
  access: 'signed-in',
  summary: 'A ticket that opens GET /events/stream?ticket= for 60 seconds (EventSource cannot send the bearer token)',
  response: lazySchema(() => envelope(streamTicketSchema)),
  errors: [401],
});

export const getSettings = defineEndpoint({
  name: 'messages.getSettings',
  method: 'GET',
  path: '/messages/settings',
  access: 'signed-in',
  summary: 'Whether my unread messages are e-mailed to me (one e-mail per conversation, after 15 minutes)',
  response: lazySchema(() => envelope(messageSettingsSchema)),
  errors: [401],
});

export const updateSettings = defineEndpoint({
  name: 'messages.updateSettings',
  method: 'PUT',
  path: '/messages/settings',
  access: 'signed-in',
  summary: 'Turn the e-mails about unread messages on or off',
  body: messageSettingsSchema,
  response: lazySchema(() => envelope(messageSettingsSchema)),
  errors: [400, 401],
});

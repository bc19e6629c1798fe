/**
 * The conversation list: the same query the navbar's unread badge reads (`conversationsQuery`),
 * kept current by the live stream (`@campus/shared/live-events`), and opening the conversation
 * a link names (`/chat?product=…`, `?order=…`, `?seller=…`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import type { ConversationSubject } from '@campus/shared/federation';
import { messages } from '@campus/shared/endpoints';
import { conversationsQuery } from '@campus/shared/queries';
import type { Conversation } from '@campus/shared/schemas';

export function useConversations() {
  return useQuery(conversationsQuery());
}

type StartSubject = Exclude<ConversationSubject, { conversationId: string }>;

/**
 * POST /messages/conversations with the link's subject: the API answers the conversation that
 * exists, or a new one (listed only once it has a message: "created on the first message").
 */
export function useOpenConversation() {
  return useMutation({
    mutationFn: async (subject: StartSubject): Promise<Conversation> => (await call(messages.startConversation, { body: subject })).data,
  });
}

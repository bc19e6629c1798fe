/**
 * One conversation's messages as an infinite query paged backwards: the first page is the
 * newest (GET …/messages), each further page the one `before` the oldest seq held. The live
 * stream adds arriving messages to this cache (`withMessage` in @campus/shared/live-events),
 * so an open thread moves without asking the API again.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { messages } from '@campus/shared/endpoints';
import { withMessage, withRead, type ConversationList, type ThreadData, type ThreadPage } from '@campus/shared/live-events';
import { queryKeys } from '@campus/shared/query-keys';
import type { ChatMessage, Conversation, ReportReason } from '@campus/shared/schemas';

/** Messages per page (the API's default). */
export const THREAD_PAGE_SIZE = 30;

export function useThread(conversationId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages.thread(conversationId),
    queryFn: async ({ pageParam, signal }): Promise<ThreadPage> =>
      (await call(messages.listMessages, { params: { conversationId }, query: { before: pageParam, limit: THREAD_PAGE_SIZE } }, { signal }))
        .data,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasOlder && page.messages.length > 0 ? Math.min(...page.messages.map((m) => m.seq)) : undefined),
  });
}

/** The thread's messages oldest first (pages and the messages in them come newest first). */
export function threadMessages(data: { pages: readonly ThreadPage[] } | undefined): ChatMessage[] {
  if (!data) return [];
  const byId = new Map<string, ChatMessage>();
  for (const page of data.pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

export interface OutgoingMessage {
  conversationId: string;
  text: string;
  photos: readonly File[];
}

/** Sends one message; its answer joins the thread's cache and the list is read again. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, text, photos }: OutgoingMessage): Promise<ChatMessage> =>
      (await call(messages.sendMessage, { params: { conversationId }, fields: { text }, files: { photos } })).data,
    onSuccess: (message) => {
      client.setQueryData<ThreadData>(queryKeys.messages.thread(message.conversationId), (thread) =>
        thread ? withMessage(thread, message) : thread,
      );
      void client.invalidateQueries({ queryKey: queryKeys.messages.conversations() });
    },
  });
}

/** Marks the conversation read: its unread count and the total (the navbar's badge) drop at once. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: string) => (await call(messages.markRead, { params: { conversationId } })).data,
    onSuccess: ({ conversationId, unreadTotal }) => {
      client.setQueryData<ConversationList>(queryKeys.messages.conversations(), (list) =>
        list ? { unreadTotal, conversations: list.conversations.map((c) => (c.id === conversationId ? { ...c, unread: 0 } : c)) } : list,
      );
      client.setQueryData<ThreadData>(queryKeys.messages.thread(conversationId), (thread) =>
        thread
          ? {
              ...thread,
              pages: thread.pages.map((page) => ({ ...page, conversation: withRead(page.conversation, page.conversation.role, 0) })),
            }
          : thread,
      );
    },
  });
}

/** Block or unblock the other side; the thread and the list are read again (their `blocked`). */
export function useBlock(conversation: Pick<Conversation, 'id' | 'blocked'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (block: boolean) => {
      const endpoint = block ? messages.blockParticipant : messages.unblockParticipant;
      return (await call(endpoint, { params: { conversationId: conversation.id } })).message;
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.messages.thread(conversation.id) }),
        client.invalidateQueries({ queryKey: queryKeys.messages.conversations() }),
      ]),
  });
}

export interface ReportInput {
  conversationId: string;
  messageId?: string;
  reasonCode: ReportReason;
  reason: string;
}

/** Reports the conversation, or one message in it, to the campus team; answers the API's thanks. */
export function useReport() {
  return useMutation({
    mutationFn: async (input: ReportInput) => (await call(messages.report, { body: input })).message,
  });
}

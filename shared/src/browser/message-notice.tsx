/**
 * The small notice a message from the other side brings while the student is elsewhere on the
 * site (anywhere but /chat): who wrote, the start of the text, and a link to the conversation.
 * It listens to 'messages:received' (put on the bus by the live stream, `@campus/shared/live-events`)
 * and reads the sender's name from the page's cached conversation list when it has it (the page's
 * one query client: the shell's navbar sits outside any QueryClientProvider). The shell renders
 * it beside the navbar while someone is signed in.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { conversationHref, href } from '@campus/shared/federation';
import { eventBus } from '@campus/shared/event-bus';
import { getQueryClient } from '@campus/shared/query';
import { MESSAGES } from '@campus/shared/messages';
import { useSession } from '@campus/shared/session';
import { Box, CloseButton, HStack, Link, Stack, Text } from '@campus/shared/ui';
import type { ConversationList } from './live-events';
import { conversationsQuery } from '@campus/shared/queries';
import { queryKeys } from './query-keys';

/** How long a notice stays before it goes by itself. */
export const NOTICE_MS = 8000;

interface Notice {
  messageId: string;
  conversationId: string;
  title: string;
  preview: string;
}

const T = MESSAGES.messaging;

export function MessageNotice() {
  const userId = useSession((s) => s.user?.id);
  const { pathname } = useLocation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const onChat = pathname === href('chat');

  useEffect(
    () =>
      eventBus.on('messages:received', ({ conversationId, message }) => {
        // My own messages (sent from another tab) and the chat screen itself bring no notice.
        if (message.senderId === userId || onChat) return;
        const client = getQueryClient();
        const nameIn = (list: ConversationList | undefined) => {
          const conversation = list?.conversations.find((c) => c.id === conversationId);
          return conversation ? (conversation.role === 'buyer' ? conversation.store.name : conversation.buyer.name) : null;
        };
        const name = nameIn(client.getQueryData<ConversationList>(queryKeys.messages.conversations()));
        const preview = (message.text.trim() || (message.photos.length > 0 ? T.photoMessage : '')).slice(0, 120);
        setNotice({ messageId: message.id, conversationId, title: name ? T.newMessageFrom(name) : T.newMessage, preview });
        if (name) return;
        // A conversation new to this page: its sender's name comes with the list, being read again now.
        void client
          .fetchQuery(conversationsQuery())
          .then((list) => {
            const found = nameIn(list);
            if (found) setNotice((shown) => (shown?.messageId === message.id ? { ...shown, title: T.newMessageFrom(found) } : shown));
          })
          .catch(() => undefined);
      }),
    [userId, onChat],
  );

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    if (onChat) setNotice(null);
  }, [onChat]);

  return (
    <Box role="status" aria-live="polite" position="fixed" bottom="4" insetEnd="4" zIndex="toast" maxW="sm" w="calc(100% - 2rem)">
      {notice ? (
        <Box bg="bg.panel" borderWidth="1px" borderRadius="md" boxShadow="lg" p="3" data-testid="message-notice">
          <HStack align="start" gap="2">
            <Stack gap="1" flex="1" minW="0">
              <Text fontWeight="semibold">{notice.title}</Text>
              {notice.preview ? (
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {notice.preview}
                </Text>
              ) : null}
              <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium">
                <RouterLink to={conversationHref({ conversationId: notice.conversationId })} onClick={() => setNotice(null)}>
                  {T.openConversation}
                </RouterLink>
              </Link>
            </Stack>
            <CloseButton size="sm" aria-label={T.dismiss} onClick={() => setNotice(null)} />
          </HStack>
        </Box>
      ) : null}
    </Box>
  );
}

export default MessageNotice;

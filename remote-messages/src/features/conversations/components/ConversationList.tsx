/**
 * The conversation list: the other side's name (the store for a buyer, the buyer for a
 * store), the product's thumbnail, the last message, its time and an unread dot (never when
 * the last message is my own: lib/unread.ts). Each row is a link to the conversation, the
 * open one marked current.
 */
import { LuImage, LuPackage } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES } from '@campus/shared/messages';
import { lazyDateFormat, mediaUrl } from '@campus/shared/product-ui';
import type { Conversation } from '@campus/shared/schemas';
import { Box, Center, chakra, Flex, Image, Text, VisuallyHidden } from '@campus/shared/ui';
import { unreadOf } from '../lib/unread';

const T = MESSAGES.messaging;
const timeFormat = lazyDateFormat({ hour: '2-digit', minute: '2-digit' });
const dayFormat = lazyDateFormat({ day: 'numeric', month: 'short' });

/** Today's messages by their time, older ones by their day. */
export function shortTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dayFormat.format(date);
}

/** Who the conversation is with, from my side of it. */
export function otherSideName(conversation: Pick<Conversation, 'role' | 'buyer' | 'store'>): string {
  return conversation.role === 'buyer' ? conversation.store.name : conversation.buyer.name;
}

function lastMessageText(conversation: Conversation): string {
  const last = conversation.lastMessage;
  if (!last) return '';
  const text = last.text.trim() || (last.photos.length > 0 ? T.photoMessage : '');
  return last.from === conversation.role ? `${T.you}: ${text}` : text;
}

export interface ConversationListProps {
  conversations: readonly Conversation[];
  selectedId: string | null;
  /** The URL that opens a conversation (keeps the page's inbox). */
  linkTo: (conversationId: string) => string;
}

export function ConversationList({ conversations, selectedId, linkTo }: ConversationListProps) {
  return (
    <chakra.ul listStyleType="none" m="0" p="0" data-testid="conversation-list">
      {conversations.map((conversation) => {
        const current = conversation.id === selectedId;
        const unreadCount = unreadOf(conversation);
        const unread = unreadCount > 0;
        const thumbnail = mediaUrl(conversation.product?.thumbnailUrl);
        return (
          <chakra.li key={conversation.id} borderBottomWidth="1px">
            <RouterLink
              to={linkTo(conversation.id)}
              aria-current={current ? 'page' : undefined}
              data-testid={`conversation-${conversation.id}`}
              style={{ display: 'block', textDecoration: 'none', color: 'inherit' }}
            >
              <Flex gap="3" align="center" px="3" py="3" bg={current ? 'bg.muted' : undefined} _hover={{ bg: 'bg.subtle' }}>
                <Center w="12" h="12" flexShrink={0} borderRadius="md" overflow="hidden" bg="bg.muted" color="fg.muted">
                  {thumbnail ? (
                    <Image src={thumbnail} alt="" w="12" h="12" objectFit="cover" />
                  ) : conversation.product ? (
                    <LuImage aria-hidden="true" />
                  ) : (
                    <LuPackage aria-hidden="true" />
                  )}
                </Center>
                <Box flex="1" minW="0">
                  <Flex justify="space-between" gap="2" align="baseline">
                    <Text fontWeight={unread ? 'bold' : 'semibold'} truncate>
                      {otherSideName(conversation)}
                    </Text>
                    {conversation.lastMessage ? (
                      <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                        {shortTime(conversation.lastMessage.createdAt)}
                      </Text>
                    ) : null}
                  </Flex>
                  {conversation.product ? (
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {conversation.product.name}
                    </Text>
                  ) : null}
                  <Flex gap="2" align="center">
                    <Text fontSize="sm" color={unread ? 'fg' : 'fg.muted'} truncate flex="1">
                      {lastMessageText(conversation)}
                    </Text>
                    {unread ? (
                      <>
                        <Box
                          w="2.5"
                          h="2.5"
                          borderRadius="full"
                          bg="brand.solid"
                          flexShrink={0}
                          data-testid="unread-dot"
                          aria-hidden="true"
                        />
                        <VisuallyHidden>
                          {T.unreadDot}: {unreadCount}
                        </VisuallyHidden>
                      </>
                    ) : null}
                  </Flex>
                </Box>
              </Flex>
            </RouterLink>
          </chakra.li>
        );
      })}
    </chakra.ul>
  );
}

/**
 * One conversation: its header (who, about what, Block / Unblock, Report), the messages
 * oldest first with "Load earlier messages" above them, messages still on their way, and the
 * composer. New messages (from the live stream) are announced through the list's log role.
 * While the thread is open and the page visible, it is marked read, so the sender sees "Seen".
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LuArrowLeft, LuBan, LuFlag } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { messageOr } from '@campus/shared/api-client';
import { eventBus } from '@campus/shared/event-bus';
import { href } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import type { Conversation, ReportReason } from '@campus/shared/schemas';
import { Box, Button, chakra, ErrorPanel, Flex, Heading, HStack, IconButton, Link, Spinner, Text } from '@campus/shared/ui';
import { useOutbox } from '../api/use-outbox';
import { threadMessages, useBlock, useMarkRead, useReport, useThread } from '../api/use-thread';
import { previewUrl } from '../lib/previews';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { PhotoDialog, type OpenPhoto } from './PhotoDialog';
import { ReportDialog } from './ReportDialog';

const T = MESSAGES.messaging;

function otherSideName(conversation: Pick<Conversation, 'role' | 'buyer' | 'store'>): string {
  return conversation.role === 'buyer' ? conversation.store.name : conversation.buyer.name;
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Block / Report: an icon with its name on a phone (44 px, the names keep the row), icon and text from md. */
function HeaderAction({ label, icon, onClick, loading }: { label: string; icon: ReactNode; onClick: () => void; loading?: boolean }) {
  return (
    <Button
      size="xs"
      variant="ghost"
      aria-label={label}
      minW={{ base: '11', md: 'auto' }}
      minH={{ base: '11', md: 'auto' }}
      px={{ base: '0', md: '2' }}
      onClick={onClick}
      loading={loading}
    >
      {icon}
      <chakra.span hideBelow="md">{label}</chakra.span>
    </Button>
  );
}

export interface ThreadProps {
  conversationId: string;
  /** The conversation list's URL (the Back link on a phone). */
  listHref: string;
  /** The thread learnt which side of the conversation the student is on (the page's inbox follows it). */
  onRole?: (role: Conversation['role']) => void;
}

export function Thread({ conversationId, listHref, onRole }: ThreadProps) {
  const thread = useThread(conversationId);
  const outbox = useOutbox(conversationId);
  const markRead = useMarkRead();
  const report = useReport();
  const conversation = thread.data?.pages[0]?.conversation ?? null;
  const block = useBlock({ id: conversationId, blocked: conversation?.blocked ?? null });
  const messages = threadMessages(thread.data);
  const [photo, setPhoto] = useState<OpenPhoto | null>(null);
  const [reporting, setReporting] = useState<{ messageId?: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastSeenId = useRef<string | null>(null);
  const unreadWhileHidden = useRef(false);
  const { mutate: markReadNow } = markRead;

  const role = conversation?.role;
  useEffect(() => {
    if (role) onRole?.(role);
  }, [role, onRole]);

  // Mark read on opening (when there is something unread) and when the page becomes visible again.
  const unread = conversation?.unread ?? 0;
  useEffect(() => {
    if (unread > 0 && pageVisible()) markReadNow(conversationId);
    else if (unread > 0) unreadWhileHidden.current = true;
  }, [unread, conversationId, markReadNow]);

  useEffect(() => {
    const offMessage = eventBus.on('messages:received', ({ conversationId: id, message }) => {
      if (id !== conversationId || !role || message.from === role) return;
      if (pageVisible()) markReadNow(conversationId);
      else unreadWhileHidden.current = true;
    });
    const onVisibility = () => {
      if (pageVisible() && unreadWhileHidden.current) {
        unreadWhileHidden.current = false;
        markReadNow(conversationId);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      offMessage();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [conversationId, role, markReadNow]);

  // Keep the newest message in view when one arrives or is sent (not when earlier ones load above).
  // The messages' own box scrolls, never the page (scrollIntoView would move the page too, down to
  // the composer with the footer below it).
  const newestId = messages.at(-1)?.id ?? null;
  const pendingCount = outbox.pending.length;
  useEffect(() => {
    const box = scrollRef.current;
    if (box && (newestId !== lastSeenId.current || pendingCount > 0)) box.scrollTop = box.scrollHeight;
    lastSeenId.current = newestId;
  }, [newestId, pendingCount]);

  if (thread.isPending) {
    return (
      <Flex justify="center" py="10">
        <Spinner aria-label={T.messageLabel} />
      </Flex>
    );
  }
  if (thread.isError || !conversation) {
    return (
      <Box p="4">
        <ErrorPanel
          message={messageOr(thread.error, T.threadFailed)}
          action={
            <Button size="sm" onClick={() => void thread.refetch()}>
              {T.retry}
            </Button>
          }
        />
      </Box>
    );
  }

  const name = otherSideName(conversation);
  const myLast = [...messages].reverse().find((m) => m.from === conversation.role);
  const blockedReason = conversation.blocked === 'by-me' ? T.blockedByMe : conversation.blocked === 'by-them' ? T.blockedByThem : null;
  const headingId = `thread-${conversation.id}`;

  const sendReport = ({ reasonCode, reason }: { reasonCode: ReportReason; reason: string }) => {
    report.mutate(
      { conversationId: conversation.id, messageId: reporting?.messageId, reasonCode, reason },
      {
        onSuccess: (message) => {
          setReporting(null);
          setNotice(message);
        },
      },
    );
  };
  const toggleBlock = () => {
    block.mutate(conversation.blocked !== 'by-me', { onSuccess: (message) => setNotice(message) });
  };

  return (
    <Flex direction="column" h="full" minH="0" as="section" aria-labelledby={headingId}>
      {/* Who, then about what, on lines of their own beside Back and the actions (icons on a phone,
          so the names keep the row's width): the product's name up to two lines, whole in its link. */}
      <Flex align="center" gap="2" px={{ base: '1', md: '3' }} py="2" borderBottomWidth="1px">
        <IconButton
          asChild
          variant="ghost"
          size="sm"
          minW="11"
          minH="11"
          flexShrink={0}
          aria-label={T.backToList}
          display={{ base: 'inline-flex', md: 'none' }}
        >
          <RouterLink to={listHref}>
            <LuArrowLeft />
          </RouterLink>
        </IconButton>
        <Box flex="1" minW="0">
          <Heading as="h2" size="md" id={headingId} truncate title={name}>
            {name}
          </Heading>
          {conversation.product ? (
            <Link asChild fontSize="sm" color="fg.muted" lineClamp={2} wordBreak="break-word" title={conversation.product.name}>
              <RouterLink to={href('product', { slug: conversation.product.slug })} data-testid="thread-product">
                {T.aboutProduct(conversation.product.name)}
              </RouterLink>
            </Link>
          ) : conversation.orderId ? (
            <Text fontSize="sm" color="fg.muted">
              {T.aboutOrder}
            </Text>
          ) : null}
        </Box>
        <HStack gap="1" flexShrink={0} role="group" aria-label={T.conversationActions}>
          {conversation.blocked !== 'by-them' ? (
            <HeaderAction
              label={conversation.blocked === 'by-me' ? T.unblock : T.block}
              icon={<LuBan aria-hidden="true" />}
              onClick={toggleBlock}
              loading={block.isPending}
            />
          ) : null}
          <HeaderAction label={T.reportConversation} icon={<LuFlag aria-hidden="true" />} onClick={() => setReporting({})} />
        </HStack>
      </Flex>
      <Box role="status" aria-live="polite" px="3">
        {notice ? (
          <Text fontSize="sm" py="2" color="fg.muted">
            {notice}
          </Text>
        ) : null}
      </Box>
      <Box ref={scrollRef} flex="1" minH="0" overflowY="auto" overscrollBehavior="contain" px="3" py="3" data-testid="thread-messages">
        {thread.hasNextPage ? (
          <Flex justify="center" mb="3">
            <Button size="xs" variant="outline" onClick={() => void thread.fetchNextPage()} loading={thread.isFetchingNextPage}>
              {T.loadEarlier}
            </Button>
          </Flex>
        ) : null}
        {messages.length === 0 && outbox.pending.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6" data-testid="new-conversation">
            {T.newConversation}
          </Text>
        ) : null}
        <Box role="log" aria-label={T.messagesWith(name)}>
          <chakra.ol listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="3">
            {messages.map((message) => {
              const mine = message.from === conversation.role;
              return (
                <chakra.li key={message.id} data-testid="message">
                  <MessageBubble
                    mine={mine}
                    text={message.text}
                    photos={message.photos.map((p) => ({ key: p.id, thumbUrl: p.cardUrl, largeUrl: p.galleryUrl }))}
                    createdAt={message.createdAt}
                    safetyNotice={message.safetyNotice}
                    seen={mine && message.id === myLast?.id && conversation.otherReadSeq >= message.seq}
                    onOpenPhoto={setPhoto}
                    actions={
                      mine ? null : (
                        <Button size="2xs" variant="plain" color="fg.muted" onClick={() => setReporting({ messageId: message.id })}>
                          {T.reportMessage}
                        </Button>
                      )
                    }
                  />
                </chakra.li>
              );
            })}
            {outbox.pending.map((pending) => (
              <chakra.li key={pending.localId} data-testid="pending-message">
                <MessageBubble
                  mine
                  text={pending.text}
                  photos={pending.photos.map((file, i) => ({
                    key: `${pending.localId}-${i}`,
                    thumbUrl: previewUrl(file),
                    largeUrl: previewUrl(file),
                  }))}
                  status={pending.status}
                  error={pending.error}
                  onRetry={() => outbox.retry(pending.localId)}
                  onOpenPhoto={setPhoto}
                />
              </chakra.li>
            ))}
          </chakra.ol>
        </Box>
      </Box>
      <Composer onSend={outbox.submit} disabledReason={blockedReason} />
      <PhotoDialog photo={photo} onClose={() => setPhoto(null)} />
      <ReportDialog
        target={reporting ? (reporting.messageId ? 'message' : 'conversation') : null}
        busy={report.isPending}
        error={report.isError ? messageOr(report.error, T.reportFailed) : null}
        onSubmit={sendReport}
        onClose={() => {
          setReporting(null);
          report.reset();
        }}
      />
    </Flex>
  );
}

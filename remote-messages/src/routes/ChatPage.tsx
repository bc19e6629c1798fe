/**
 * /chat: the conversation list and the open conversation side by side; on a phone (below md)
 * two screens, the list, then the thread with Back. The student's own conversations as a buyer
 * ("Chat"), or, for a seller who came through Buyers (`?inbox=buyers`), the store's ("Buyers"); a
 * seller switches between the two above the list, each with its unread count (InboxSwitch).
 * `?c=<id>` opens a conversation; `?product=`, `?order=` and `?seller=` open (or start) the one
 * about that subject, then the URL names it by id so a reload or Back finds it again.
 */
import { useCallback, useEffect, useRef } from 'react';
import { LuMessagesSquare } from 'react-icons/lu';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messageOr } from '@campus/shared/api-client';
import {
  CONVERSATION_PARAMS,
  conversationHref,
  href,
  isSellerInboxSearch,
  SELLER_INBOX_PARAM,
  SELLER_INBOX_VALUE,
  sellerInboxHref,
} from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import type { Conversation } from '@campus/shared/schemas';
import { useSession } from '@campus/shared/session';
import {
  Box,
  Button,
  Center,
  Container,
  EmptyState,
  ErrorPanel,
  Flex,
  Grid,
  Heading,
  Spinner,
  Text,
  usePageTitle,
} from '@campus/shared/ui';
import { useConversations, useOpenConversation } from '../features/conversations/api/use-conversations';
import { ConversationList } from '../features/conversations/components/ConversationList';
import { InboxSwitch } from '../features/conversations/components/InboxSwitch';
import { unreadBySide } from '../features/conversations/lib/unread';
import { Thread } from '../features/thread/components/Thread';

const T = MESSAGES.messaging;
type Role = Conversation['role'];

/** The subject a link names (`?product=…`), if any. */
function subjectOf(params: URLSearchParams) {
  const productId = params.get(CONVERSATION_PARAMS.productId);
  if (productId) return { productId };
  const orderId = params.get(CONVERSATION_PARAMS.orderId);
  if (orderId) return { orderId };
  const sellerId = params.get(CONVERSATION_PARAMS.sellerId);
  if (sellerId) return { sellerId };
  return null;
}

/** A conversation's URL in the inbox of its side (the store's conversations under Buyers). */
function conversationLink(conversationId: string, role: Role): string {
  const url = conversationHref({ conversationId });
  return role === 'seller' ? `${url}&${SELLER_INBOX_PARAM}=${SELLER_INBOX_VALUE}` : url;
}

export default function ChatPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isSeller = useSession((s) => s.isSeller);
  const selectedId = params.get(CONVERSATION_PARAMS.conversationId);
  const subject = selectedId ? null : subjectOf(params);
  const role: Role = isSeller && isSellerInboxSearch(params.toString()) ? 'seller' : 'buyer';
  const title = role === 'seller' ? T.buyersTitle : T.chatTitle;
  usePageTitle(title);

  const list = useConversations();
  const open = useOpenConversation();
  const { mutate: openConversation } = open;
  const subjectKey = subject ? JSON.stringify(subject) : null;
  const opened = useRef<string | null>(null);

  useEffect(() => {
    if (!subject || !subjectKey || opened.current === subjectKey) return;
    opened.current = subjectKey;
    openConversation(subject, {
      onSuccess: (conversation) => navigate(conversationLink(conversation.id, conversation.role), { replace: true }),
    });
    // subjectKey stands for subject (a new object each render).
  }, [subjectKey, openConversation, navigate]);

  // A conversation opened by id (a notice's link) shows in the inbox of the side the student is on in it.
  const onRole = useCallback(
    (threadRole: Role) => {
      if (selectedId && threadRole !== role) navigate(conversationLink(selectedId, threadRole), { replace: true });
    },
    [selectedId, role, navigate],
  );

  const listHref = role === 'seller' ? sellerInboxHref() : href('chat');
  const threadShown = Boolean(selectedId || subject);
  const conversations = (list.data?.conversations ?? []).filter((c) => c.role === role);

  let listContent;
  if (list.isPending) {
    listContent = (
      <Center py="10">
        <Spinner aria-label={T.conversationsLabel} />
      </Center>
    );
  } else if (list.isError) {
    listContent = (
      <Box p="3">
        <ErrorPanel
          message={T.loadFailed}
          action={
            <Button size="sm" onClick={() => void list.refetch()}>
              {T.retry}
            </Button>
          }
        />
      </Box>
    );
  } else if (conversations.length === 0) {
    listContent = (
      <EmptyState
        icon={<LuMessagesSquare />}
        title={role === 'seller' ? T.noBuyerConversations : T.noConversations}
        description={role === 'seller' ? T.noBuyerConversationsHint : T.noConversationsHint}
      />
    );
  } else {
    listContent = <ConversationList conversations={conversations} selectedId={selectedId} linkTo={(id) => conversationLink(id, role)} />;
  }

  let threadContent;
  if (selectedId) {
    threadContent = <Thread key={selectedId} conversationId={selectedId} listHref={listHref} onRole={onRole} />;
  } else if (subject && open.isError) {
    threadContent = (
      <Box p="4" w="full">
        <ErrorPanel
          title={T.openFailed}
          message={messageOr(open.error, T.openFailed)}
          action={
            <Button
              size="sm"
              onClick={() => {
                opened.current = null;
                openConversation(subject, {
                  onSuccess: (conversation) => navigate(conversationLink(conversation.id, conversation.role), { replace: true }),
                });
              }}
            >
              {T.retry}
            </Button>
          }
        />
      </Box>
    );
  } else if (subject) {
    threadContent = (
      <Center py="10" w="full">
        <Spinner aria-label={T.messageLabel} />
      </Center>
    );
  } else {
    threadContent = (
      <Center w="full" p="6">
        <Text color="fg.muted">{T.pickConversation}</Text>
      </Center>
    );
  }

  return (
    // The page fills the screen below the navbar (4rem and its 1px border), the list or the thread scrolling
    // inside it. On a phone an open thread takes all of it: the composer at the bottom, the footer below the fold.
    <Container
      maxW="6xl"
      px={{ base: threadShown ? '0' : '2', md: '6' }}
      py={{ base: threadShown ? '0' : '4', md: '8' }}
      display="flex"
      flexDirection="column"
      gap={{ base: threadShown ? '0' : '3', md: '4' }}
      h={{ base: 'calc(100dvh - 4rem - 1px)', md: 'calc(100vh - 4rem - 1px)' }}
      minH="28rem"
      data-testid="chat-page"
    >
      <Heading as="h1" size="xl" px={{ base: '2', md: '0' }} srOnly={threadShown ? { base: true, md: false } : undefined}>
        {title}
      </Heading>
      {isSeller ? (
        <Box display={{ base: threadShown ? 'none' : 'block', md: 'block' }} maxW={{ md: '32rem' }}>
          <InboxSwitch current={role} unread={unreadBySide(list.data?.conversations ?? [])} />
        </Box>
      ) : null}
      <Grid
        templateColumns={{ base: '1fr', md: '20rem 1fr' }}
        flex="1"
        minH="0"
        borderWidth={{ base: threadShown ? '0' : '1px', md: '1px' }}
        borderRadius={{ base: threadShown ? 'none' : 'lg', md: 'lg' }}
        overflow="hidden"
      >
        <Box
          as="nav"
          aria-label={T.conversationsLabel}
          display={{ base: threadShown ? 'none' : 'block', md: 'block' }}
          borderEndWidth={{ md: '1px' }}
          overflowY="auto"
          minH="0"
        >
          {listContent}
        </Box>
        <Flex display={{ base: threadShown ? 'flex' : 'none', md: 'flex' }} minH="0" minW="0" direction="column">
          {threadContent}
        </Flex>
      </Grid>
    </Container>
  );
}

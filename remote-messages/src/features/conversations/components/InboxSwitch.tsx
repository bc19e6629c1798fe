/**
 * A store owner's two inboxes: My chats (their own conversations as a buyer, /chat) and My
 * store's chats (the store's, /chat?inbox=buyers), each with its unread count, so the navbar's
 * badge (the total of both) always leads to where the unread messages are. A student without a
 * store has one inbox and never sees it.
 */
import { Link as RouterLink } from 'react-router-dom';
import { href, sellerInboxHref } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import type { Conversation } from '@campus/shared/schemas';
import { Button, chakra, CountBadge, Flex, VisuallyHidden } from '@campus/shared/ui';

const T = MESSAGES.messaging;
type Side = Conversation['role'];

const INBOXES: ReadonlyArray<{ side: Side; label: string; to: () => string }> = [
  { side: 'buyer', label: T.myChats, to: () => href('chat') },
  { side: 'seller', label: T.myStoreChats, to: sellerInboxHref },
];

export interface InboxSwitchProps {
  current: Side;
  unread: Record<Side, number>;
}

export function InboxSwitch({ current, unread }: InboxSwitchProps) {
  return (
    <chakra.nav aria-label={T.inboxesLabel} data-testid="inbox-switch">
      <Flex gap="1" p="1" borderWidth="1px" borderRadius="lg" bg="bg.subtle">
        {INBOXES.map(({ side, label, to }) => {
          const selected = side === current;
          const count = unread[side];
          return (
            <Button
              key={side}
              asChild
              flex="1"
              minW="0"
              size="sm"
              // A thumb's 44 px on a phone.
              minH={{ base: '11', md: '9' }}
              variant={selected ? 'solid' : 'ghost'}
              colorPalette={selected ? 'brand' : 'gray'}
            >
              <RouterLink to={to()} aria-current={selected ? 'page' : undefined} data-testid={`inbox-${side}`}>
                <chakra.span truncate>{label}</chakra.span>
                {count > 0 ? (
                  <>
                    <CountBadge count={count} placement="inline" testId={`inbox-${side}-unread`} />
                    <VisuallyHidden> {T.unreadMessages(count)}</VisuallyHidden>
                  </>
                ) : null}
              </RouterLink>
            </Button>
          );
        })}
      </Flex>
    </chakra.nav>
  );
}

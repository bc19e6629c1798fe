import { LuMessagesSquare } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES } from '@campus/shared/messages';
import { Button, Container, EmptyState, usePageTitle } from '@campus/shared/ui';
import { href } from '@campus/shared/federation';

/** Spec section 1: the chat entry exists; messaging itself is coming soon. */
export function ChatPage() {
  usePageTitle('Chat');
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <EmptyState
        as="h1"
        icon={<LuMessagesSquare />}
        title={MESSAGES.messaging.comingSoon}
        description="Soon you will be able to message buyers and sellers right here. Until then, agree on pickup details when you meet on campus."
        action={
          <Button asChild colorPalette="brand">
            <RouterLink to={href('marketplace')}>Back to Marketplace</RouterLink>
          </Button>
        }
      />
    </Container>
  );
}

export default ChatPage;

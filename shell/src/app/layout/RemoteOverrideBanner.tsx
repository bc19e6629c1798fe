import { useState } from 'react';
import { clearRemoteOverrides, keptRemoteOverrides } from '@campus/shared/remote-overrides';
import { Box, Button, Container, Flex, Text } from '@campus/shared/ui';

/**
 * Says, on every page, which remotes this browser session runs from a preview build
 * (`?remoteOverride=…`), with a button back to the deployed ones. Nothing when there is none.
 */
export function RemoteOverrideBanner({ reload = () => location.reload() }: { reload?: () => void }) {
  // Read once: an override takes effect (or ends) only with a page load.
  const [overrides] = useState(() => (typeof sessionStorage === 'undefined' ? {} : keptRemoteOverrides(sessionStorage)));
  const entries = Object.entries(overrides);
  if (entries.length === 0) return null;
  return (
    <Box as="aside" aria-label="Preview remotes" bg="yellow.subtle" color="yellow.fg" borderBottomWidth="1px" py="2">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex gap="3" align="center" wrap="wrap" justify="space-between">
          <Text fontSize="sm" data-testid="remote-overrides">
            Preview in this tab: {entries.map(([name, url]) => `${name} from ${new URL(String(url)).origin}`).join(', ')}
          </Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              clearRemoteOverrides(sessionStorage);
              reload();
            }}
          >
            Use the deployed remotes
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}

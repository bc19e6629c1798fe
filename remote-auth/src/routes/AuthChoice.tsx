import { Link as RouterLink } from 'react-router-dom';
import { Button, Heading, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { href } from '@campus/shared/federation';

/** /auth: the choice between Sign In and Sign Up. */
export function AuthChoice() {
  usePageTitle('Sign In or Sign Up');
  return (
    <Stack gap={6}>
      <Stack gap={2}>
        <Heading as="h1" size="2xl">
          Welcome to Campus Marketplace
        </Heading>
        <Text color="fg.muted">Sign in to your account or create a new one.</Text>
      </Stack>
      <Stack gap={3}>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={href('login')}>Sign In</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand" size="lg">
          <RouterLink to={href('register')}>Sign Up</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}

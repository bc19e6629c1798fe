import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Heading, Text, usePageTitle, VStack } from '@campus/shared/ui';
import { href } from '@campus/shared/federation';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '16', md: '24' }}>
      <VStack gap="4" textAlign="center">
        <Text fontSize={{ base: '6xl', md: '8xl' }} fontWeight="black" color="brand.solid" lineHeight="1" data-testid="not-found-code">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={href('landing')}>Go home</RouterLink>
        </Button>
      </VStack>
    </Container>
  );
}

export default NotFoundPage;

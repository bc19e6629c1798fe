import { Container, Heading, Text } from '../chakra';
import { usePageTitle } from '../use-page-title';

/** An honest stand-in until this screen's issue is built: it names the screen and claims nothing more. */
export function UnderConstruction({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <Heading as="h1" size="2xl" mb="3">
        {title}
      </Heading>
      <Text color="fg.muted">This part of the marketplace is being built.</Text>
    </Container>
  );
}

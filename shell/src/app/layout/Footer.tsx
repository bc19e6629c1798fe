/**
 * Footer: newsletter box (required e-mail; nothing is sent, it is only
 * cleared — spec section 2), a Become a seller link and the tagline.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, chakra, Container, Field, Flex, HStack, Input, Link, SimpleGrid, Stack, Text } from '@campus/shared/ui';
import { getUniversity } from '@campus/shared/runtime-config';
import { Logo } from './Logo';
import { href } from '@campus/shared/federation';

export const FOOTER_TAGLINE = 'Buy and sell with fellow students — safely, on campus.';
// Spec section 2: nothing is sent, the box is only cleared, so the note must not claim a subscription.
export const NEWSLETTER_THANKS = 'Thanks! Campus deals by e-mail are coming soon.';

function Newsletter() {
  const [email, setEmail] = useState('');
  const [thanked, setThanked] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser already blocks an empty or malformed address; this guards programmatic submits.
    if (!inputRef.current?.checkValidity()) return;
    setEmail('');
    setThanked(true);
  };

  return (
    <chakra.form onSubmit={submit} aria-label="Newsletter" maxW="sm" w="full">
      <Field.Root required>
        <Field.Label color="fg">Get campus deals in your inbox</Field.Label>
        <HStack w="full" gap="2">
          <Input
            ref={inputRef}
            type="email"
            name="email"
            required
            placeholder={getUniversity().exampleEmail}
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setThanked(false);
            }}
            bg="bg"
          />
          <Button type="submit" colorPalette="brand" flexShrink={0}>
            Subscribe
          </Button>
        </HStack>
      </Field.Root>
      <Text role="status" aria-live="polite" mt="2" fontSize="sm" color="brand.fg" minH="5">
        {thanked ? NEWSLETTER_THANKS : ''}
      </Text>
    </chakra.form>
  );
}

const LINKS = [
  { label: 'Features', to: href('features') },
  { label: 'How it works', to: href('howItWorks') },
  { label: 'Products', to: href('productsOverview') },
  { label: 'Client Stories', to: href('clientStories') },
] as const;

export function Footer() {
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="10">
          <Stack gap="3">
            <Logo />
            <Text color="fg.muted" data-testid="footer-tagline">
              {FOOTER_TAGLINE}
            </Text>
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={href('onboarding')}>Become a seller</RouterLink>
            </Link>
          </Stack>
          <Stack as="nav" aria-label="Footer" gap="2">
            <Text fontWeight="semibold">Explore</Text>
            {LINKS.map((l) => (
              <Link asChild key={l.to} color="fg.muted">
                <RouterLink to={l.to}>{l.label}</RouterLink>
              </Link>
            ))}
          </Stack>
          <Newsletter />
        </SimpleGrid>
        <Flex mt="10" pt="6" borderTopWidth="1px" justify="space-between" gap="2" wrap="wrap" color="fg.muted" fontSize="sm">
          {/* The public pages' HTML is rendered at build time: a build from last year hydrates without a fuss. */}
          <Text suppressHydrationWarning>© {new Date().getFullYear()} Campus Marketplace</Text>
          <Text>Campus pickup · Pay by card or mobile money</Text>
        </Flex>
      </Container>
    </Box>
  );
}

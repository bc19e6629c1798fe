import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Container, Flex, Heading, SimpleGrid, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { PageHeader } from './PageHeader';
import { href } from '@campus/shared/federation';

const BUYER_STEPS = [
  {
    title: 'Create your account',
    text: 'Sign up with your university e-mail address and enter the 6-digit verification code we send you.',
  },
  { title: 'Browse and search', text: 'Search the marketplace, filter by category and price, and save favourites to your wishlist.' },
  { title: 'Add to cart and pay', text: 'Check out by card or mobile money. Payment happens in the app, never in cash up front.' },
  {
    title: 'Pick up on campus',
    text: 'Meet the seller at the agreed spot. When you have your item, give them your 6-digit completion code.',
  },
];

const SELLER_STEPS = [
  {
    title: 'Become a seller',
    text: 'From Sell in the menu, fill in three short steps: your store, your bank details and your pickup location.',
  },
  { title: 'List your products', text: 'Add up to four photos, a name, description, category, price and stock. Preview, then publish.' },
  { title: 'Handle orders', text: 'Confirm new orders, mark them as processing and arrange pickup with the buyer.' },
  { title: 'Get paid', text: 'Press Accept Order and enter the buyer’s completion code. That releases your payment.' },
];

function Steps({ title, steps }: { title: string; steps: { title: string; text: string }[] }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="2xl" mb="6">
        {title}
      </Heading>
      <Stack as="ol" gap="4" listStyleType="none" m="0" p="0">
        {steps.map((s, i) => (
          <Flex as="li" key={s.title} gap="4" p="5" borderWidth="1px" borderRadius="xl" bg="bg">
            <Flex
              w="9"
              h="9"
              borderRadius="full"
              bg="brand.solid"
              color="brand.contrast"
              align="center"
              justify="center"
              fontWeight="bold"
              flexShrink={0}
              aria-hidden="true"
            >
              {i + 1}
            </Flex>
            <Stack gap="1">
              <Heading as="h3" size="md">
                {s.title}
              </Heading>
              <Text color="fg.muted">{s.text}</Text>
            </Stack>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}

export function HowItWorksPage() {
  usePageTitle('How it works');
  return (
    <>
      <PageHeader eyebrow="How it works" title="From sign-up to pickup in minutes">
        Whether you are clearing out last semester’s textbooks or hunting for a cheap fan for your room, here is the whole journey.
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '12', lg: '10' }}>
          <Steps title="Buying" steps={BUYER_STEPS} />
          <Steps title="Selling" steps={SELLER_STEPS} />
        </SimpleGrid>
        <Flex justify="center" gap="3" wrap="wrap" mt="14">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={href('authChoice')}>Create Account</RouterLink>
          </Button>
          <Button asChild variant="outline" size="lg">
            <RouterLink to={href('marketplace')}>Explore Listings</RouterLink>
          </Button>
        </Flex>
      </Container>
    </>
  );
}

export default HowItWorksPage;

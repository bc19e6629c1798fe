import type { IconType } from 'react-icons';
import {
  LuChartColumn,
  LuCreditCard,
  LuHeart,
  LuKeyRound,
  LuLock,
  LuMapPin,
  LuMessagesSquare,
  LuSearch,
  LuShieldCheck,
  LuStore,
  LuTruck,
  LuUsers,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Container, Flex, Heading, SimpleGrid, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { IconTile } from './IconTile';
import { PageHeader } from './PageHeader';
import { href } from '@campus/shared/federation';

interface Group {
  title: string;
  features: { icon: IconType; title: string; text: string }[];
}

const GROUPS: Group[] = [
  {
    title: 'For buyers',
    features: [
      {
        icon: LuSearch,
        title: 'Search that keeps up',
        text: 'Suggestions appear while you type. Filter by category and price band (from under ₦10,000 to ₦40,000 and above) and sort by newest, price or rating.',
      },
      {
        icon: LuHeart,
        title: 'Wishlist',
        text: 'Tap the heart on any product to save it; tap again to remove it. Your list follows you to every device.',
      },
      {
        icon: LuCreditCard,
        title: 'One checkout, many sellers',
        text: 'Your cart groups items by seller. Check out everything at once by card or mobile money.',
      },
      {
        icon: LuKeyRound,
        title: 'Completion codes',
        text: 'After you pay you receive a 6-digit code. Give it to the seller only when you have your item — that is what releases their payment.',
      },
    ],
  },
  {
    title: 'For sellers',
    features: [
      {
        icon: LuStore,
        title: 'A catalogue in three steps',
        text: 'Name your store, describe it, add your bank details and pickup location. Your public catalogue link is ready to share immediately.',
      },
      {
        icon: LuChartColumn,
        title: 'Dashboard and analytics',
        text: 'Revenue, recent orders, customers and product performance in one place.',
      },
      {
        icon: LuUsers,
        title: 'Orders and customers',
        text: 'Confirm and process orders, see hostel, block and room for pickup, and keep track of returning customers.',
      },
      {
        icon: LuMessagesSquare,
        title: 'Buyers inbox',
        text: 'Questions from buyers land in one place so you can agree on pickup quickly.',
      },
    ],
  },
  {
    title: 'Trust and safety',
    features: [
      {
        icon: LuShieldCheck,
        title: 'Students only',
        text: 'Accounts require a university e-mail address and a verification code sent to it.',
      },
      {
        icon: LuLock,
        title: 'Payments in the app',
        text: 'Card payments go through a licensed payment provider; no cash changes hands before you see the item.',
      },
      { icon: LuMapPin, title: 'Campus pickup', text: 'Meet in busy, familiar places: your hall, faculty building or the library.' },
      {
        icon: LuTruck,
        title: 'Clear policies',
        text: 'Product pages show shipping, security and 30-day return notes so you know what to expect.',
      },
    ],
  },
];

export function FeaturesPage() {
  usePageTitle('Features');
  return (
    <>
      <PageHeader eyebrow="Features" title="Built for the way students trade">
        A verified student-only community, in-app payments by card and mobile money, peer messaging and real seller stats.
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
        <Stack gap={{ base: '12', md: '16' }}>
          {GROUPS.map((group) => (
            <Box as="section" key={group.title} aria-label={group.title}>
              <Heading as="h2" size="2xl" mb="6">
                {group.title}
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                {group.features.map((f) => (
                  <Flex key={f.title} gap="4" p="6" borderWidth="1px" borderRadius="xl" bg="bg">
                    <IconTile icon={f.icon} />
                    <Stack gap="1">
                      <Heading as="h3" size="md">
                        {f.title}
                      </Heading>
                      <Text color="fg.muted">{f.text}</Text>
                    </Stack>
                  </Flex>
                ))}
              </SimpleGrid>
            </Box>
          ))}
          <Flex justify="center" gap="3" wrap="wrap">
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to={href('authChoice')}>Create Account</RouterLink>
            </Button>
            <Button asChild variant="outline" size="lg">
              <RouterLink to={href('howItWorks')}>See how it works</RouterLink>
            </Button>
          </Flex>
        </Stack>
      </Container>
    </>
  );
}

export default FeaturesPage;

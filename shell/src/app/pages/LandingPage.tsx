/**
 * The landing page (spec section 1). It is on the first-paint path, so it
 * stays light: a handful of layout components, CSS gradients and inline
 * icons, no images.
 */
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import {
  LuArrowRight,
  LuBadgeCheck,
  LuChartColumn,
  LuCreditCard,
  LuHeart,
  LuKeyRound,
  LuMapPin,
  LuMessagesSquare,
  LuSearch,
  LuShieldCheck,
  LuSmartphone,
  LuStore,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, chakra, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { getUniversity } from '@campus/shared/runtime-config';
import { href } from '@campus/shared/federation';
import { IconTile } from './IconTile';

/** A stylised product card drawn with CSS: the hero's picture without an image request. */
function MockCard({ name, price, tone, seller }: { name: string; price: string; tone: string; seller: string }) {
  return (
    <Box bg="bg" borderRadius="xl" boxShadow="lg" p="3" borderWidth="1px">
      <Box
        h={{ base: '20', md: '24' }}
        borderRadius="lg"
        bgImage={`linear-gradient(135deg, var(--chakra-colors-${tone}-200), var(--chakra-colors-${tone}-500))`}
      />
      <Text mt="2" fontWeight="semibold" fontSize="sm" truncate>
        {name}
      </Text>
      <HStack justify="space-between" fontSize="xs" color="fg.muted">
        <chakra.span>{seller}</chakra.span>
        <chakra.span color="brand.fg" fontWeight="bold">
          {price}
        </chakra.span>
      </HStack>
    </Box>
  );
}

function Hero() {
  const university = getUniversity().name;
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientVia="teal.50"
      gradientTo="bg"
      overflow="hidden"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '24' }}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '16' }} alignItems="center">
          <Stack gap="6">
            <HStack
              alignSelf="flex-start"
              gap="2"
              px="3"
              py="1"
              borderRadius="full"
              bg="bg"
              borderWidth="1px"
              fontSize="sm"
              color="brand.fg"
              fontWeight="medium"
            >
              <LuBadgeCheck aria-hidden="true" />
              <chakra.span>Only for verified students of {university}</chakra.span>
            </HStack>
            <Heading id="hero-title" as="h1" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.05" letterSpacing="tight">
              Buy and sell on campus, <chakra.span color="brand.solid">student to student.</chakra.span>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              Textbooks, gadgets, clothes and everything in between — from people on your campus. Pay in the app by card or mobile money,
              chat with the seller and pick up on campus.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild colorPalette="brand" size="lg">
                <RouterLink to={href('authChoice')}>
                  Create Account <LuArrowRight aria-hidden="true" />
                </RouterLink>
              </Button>
              <Button asChild variant="outline" size="lg" bg="bg">
                <RouterLink to={href('marketplace')}>Explore Listings</RouterLink>
              </Button>
            </Stack>
            <HStack gap={{ base: '4', md: '6' }} wrap="wrap" color="fg.muted" fontSize="sm">
              <HStack gap="1.5">
                <LuShieldCheck aria-hidden="true" /> <chakra.span>University e-mail verified</chakra.span>
              </HStack>
              <HStack gap="1.5">
                <LuCreditCard aria-hidden="true" /> <chakra.span>Card &amp; mobile money</chakra.span>
              </HStack>
              <HStack gap="1.5">
                <LuMapPin aria-hidden="true" /> <chakra.span>Campus pickup</chakra.span>
              </HStack>
            </HStack>
          </Stack>
          <Box position="relative" aria-hidden="true" display={{ base: 'none', sm: 'block' }}>
            <Box
              position="absolute"
              inset="-10"
              bgGradient="to-tr"
              gradientFrom="brand.200"
              gradientTo="teal.100"
              borderRadius="full"
              filter="blur(60px)"
              opacity="0.6"
            />
            <SimpleGrid position="relative" columns={2} gap="4" transform={{ lg: 'rotate(-3deg)' }}>
              <MockCard name="Engineering Maths, 9th ed." price="₦6,500.00" tone="orange" seller="Tobi's Books" />
              <Box mt="8">
                <MockCard name="Wireless earbuds" price="₦18,000.00" tone="purple" seller="Ada Gadgets" />
              </Box>
              <MockCard name="Hall-week hoodie" price="₦9,500.00" tone="blue" seller="Kemi Threads" />
              <Box mt="8" bg="bg" borderRadius="xl" boxShadow="lg" p="4" borderWidth="1px">
                <Text fontSize="xs" color="fg.muted">
                  This month
                </Text>
                <Text fontWeight="bold" fontSize="xl">
                  ₦184,500.00
                </Text>
                <Text fontSize="xs" color="brand.fg">
                  ▲ 23 orders · 17 customers
                </Text>
              </Box>
            </SimpleGrid>
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

interface Highlight {
  icon: IconType;
  eyebrow: string;
  title: string;
  text: string;
  points: string[];
}

const HIGHLIGHTS: Highlight[] = [
  {
    icon: LuShieldCheck,
    eyebrow: 'Verified community',
    title: 'Every account belongs to a student',
    text: 'Sign-up needs your university e-mail and a 6-digit code sent to it. Strangers from outside campus cannot list, buy or message.',
    points: ['University e-mail only', 'E-mail verification code', 'Real names on every store'],
  },
  {
    icon: LuCreditCard,
    eyebrow: 'In-app payments',
    title: 'Pay by card or mobile money, safely',
    text: 'Checkout happens in the app through our card payment partner. The seller is paid when you hand over your 6-digit completion code at pickup — not before.',
    points: ['Pay by card', 'Mobile money', 'Completion code releases payment'],
  },
  {
    icon: LuMessagesSquare,
    eyebrow: 'Peer messaging',
    title: 'Talk to the seller before you meet',
    text: 'Ask about condition, agree on a pickup spot by the library or your hall, and keep every conversation in one place.',
    points: ['Message from any product page', 'Buyers inbox for sellers', 'No phone numbers needed'],
  },
  {
    icon: LuChartColumn,
    eyebrow: 'Seller stats',
    title: 'Run your side hustle like a shop',
    text: 'Your dashboard shows revenue, recent orders, customers and how your products perform, plus a public catalogue link to share in your class group.',
    points: ['Revenue and orders at a glance', 'Customer list', 'Shareable catalogue link'],
  },
];

function Highlights() {
  return (
    <Box as="section" aria-labelledby="features-title" py={{ base: '14', md: '24' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb={{ base: '10', md: '16' }}>
          <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" fontSize="sm">
            Why students use it
          </Text>
          <Heading id="features-title" as="h2" fontSize={{ base: '3xl', md: '4xl' }} lineHeight="1.2">
            A marketplace that knows your campus
          </Heading>
        </Stack>
        <Stack gap={{ base: '12', md: '20' }}>
          {HIGHLIGHTS.map((h, i) => (
            <SimpleGrid key={h.title} columns={{ base: 1, md: 2 }} gap={{ base: '6', md: '14' }} alignItems="center">
              <Stack gap="4" order={{ md: i % 2 === 0 ? 0 : 1 }}>
                <HStack gap="3">
                  <IconTile icon={h.icon} />
                  <Text color="brand.fg" fontWeight="semibold">
                    {h.eyebrow}
                  </Text>
                </HStack>
                <Heading as="h3" fontSize={{ base: '2xl', md: '3xl' }}>
                  {h.title}
                </Heading>
                <Text color="fg.muted" fontSize="lg">
                  {h.text}
                </Text>
              </Stack>
              <Box
                borderRadius="2xl"
                p={{ base: '6', md: '8' }}
                bgGradient="to-br"
                gradientFrom="brand.600"
                gradientTo="teal.600"
                color="white"
                boxShadow="xl"
              >
                <Stack as="ul" gap="3" listStyleType="none" m="0">
                  {h.points.map((p) => (
                    <HStack as="li" key={p} gap="3" fontWeight="medium" fontSize={{ base: 'md', md: 'lg' }}>
                      <LuBadgeCheck aria-hidden="true" />
                      <chakra.span>{p}</chakra.span>
                    </HStack>
                  ))}
                </Stack>
              </Box>
            </SimpleGrid>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}

export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Sign up with your university e-mail',
    text: 'Create an account, enter the 6-digit code we e-mail you, and you are part of a students-only marketplace.',
  },
  {
    title: 'Find it — or list it',
    text: 'Search and filter by category and price, save favourites to your wishlist, or open your own catalogue in three steps.',
  },
  {
    title: 'Pay in the app, pick up on campus',
    text: 'Pay by card or mobile money, meet the seller on campus and give them your completion code to release their payment.',
  },
] as const;

function HowItWorks() {
  return (
    <Box as="section" aria-labelledby="how-title" bg="bg.subtle" py={{ base: '14', md: '24' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Heading
          id="how-title"
          as="h2"
          fontSize={{ base: '3xl', md: '4xl' }}
          lineHeight="1.2"
          textAlign="center"
          mb={{ base: '8', md: '12' }}
        >
          How it works
        </Heading>
        <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none" m="0" p="0">
          {HOW_IT_WORKS_STEPS.map((step, i) => (
            <Stack as="li" key={step.title} gap="3" bg="bg" p="6" borderRadius="xl" borderWidth="1px">
              <Flex
                w="10"
                h="10"
                borderRadius="full"
                bg="brand.solid"
                color="brand.contrast"
                align="center"
                justify="center"
                fontWeight="bold"
                aria-hidden="true"
              >
                {i + 1}
              </Flex>
              <Heading as="h3" size="lg">
                <chakra.span srOnly>Step {i + 1}: </chakra.span>
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

const CORE_FEATURES: { icon: IconType; title: string; text: string }[] = [
  { icon: LuSearch, title: 'Fast search', text: 'Results as you type, with category, price band and sort filters.' },
  { icon: LuHeart, title: 'Wishlist & cart', text: 'Save things for later and check out items from several sellers at once.' },
  { icon: LuStore, title: 'Your own catalogue', text: 'A store page with your cover, description and a link to share anywhere.' },
  { icon: LuKeyRound, title: 'Completion codes', text: 'A 6-digit code per order: the seller is paid only when you have your item.' },
  { icon: LuSmartphone, title: 'Mobile money', text: 'No card? Pay from your mobile money wallet in the same checkout.' },
  { icon: LuMapPin, title: 'Campus pickup', text: 'No delivery fees: meet at your hall, faculty or the library.' },
];

function CoreFeatures() {
  return (
    <Box as="section" aria-labelledby="core-title" py={{ base: '14', md: '24' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Heading
          id="core-title"
          as="h2"
          fontSize={{ base: '3xl', md: '4xl' }}
          lineHeight="1.2"
          textAlign="center"
          mb={{ base: '8', md: '12' }}
        >
          Everything you need to trade on campus
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {CORE_FEATURES.map((f) => (
            <Stack
              key={f.title}
              gap="3"
              p="6"
              borderRadius="xl"
              borderWidth="1px"
              bg="bg"
              transition="box-shadow 0.2s"
              _hover={{ boxShadow: 'md' }}
            >
              <IconTile icon={f.icon} />
              <Heading as="h3" size="md">
                {f.title}
              </Heading>
              <Text color="fg.muted">{f.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function CallToAction({ children }: { children?: ReactNode }) {
  return (
    <Box as="section" aria-labelledby="cta-title" px={{ base: '4', md: '6' }} pb={{ base: '14', md: '24' }}>
      <Container
        maxW="5xl"
        borderRadius="3xl"
        bgGradient="to-r"
        gradientFrom="brand.700"
        gradientTo="teal.600"
        color="white"
        py={{ base: '10', md: '14' }}
        px={{ base: '6', md: '12' }}
        textAlign="center"
      >
        <Heading id="cta-title" as="h2" fontSize={{ base: '2xl', md: '4xl' }}>
          Got something your classmates need?
        </Heading>
        <Text mt="3" fontSize={{ base: 'md', md: 'lg' }} opacity={0.9}>
          Open a catalogue in three steps and start selling this week.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center" mt="6">
          <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
            <RouterLink to={href('onboarding')}>Start selling</RouterLink>
          </Button>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

export function LandingPage() {
  usePageTitle('Buy and sell with fellow students');
  return (
    <>
      <Hero />
      <Highlights />
      <HowItWorks />
      <CoreFeatures />
      <CallToAction>
        <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
          <RouterLink to={href('marketplace')}>Browse listings</RouterLink>
        </Button>
      </CallToAction>
    </>
  );
}

export default LandingPage;

import { LuQuote } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, chakra, Container, Flex, SimpleGrid, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { PageHeader } from './PageHeader';
import { href } from '@campus/shared/federation';

const STORIES = [
  {
    name: 'Chiamaka',
    role: '300L Pharmacy · buyer',
    quote:
      'I got all my second-semester texts for less than half the bookshop price, and picked them up in front of my hostel the same evening.',
  },
  {
    name: 'Tunde',
    role: '400L Computer Science · seller',
    quote:
      'I fix and resell phones. The dashboard shows which models sell fastest, and the completion code means nobody argues about payment.',
  },
  {
    name: 'Aisha',
    role: '200L Mass Communication · seller',
    quote: 'I shared my catalogue link in three class groups and had twelve orders for my bead bracelets in the first week.',
  },
  {
    name: 'Emeka',
    role: '100L Mechanical Engineering · buyer',
    quote: 'As a fresher I did not know anyone. Knowing every seller is a verified student made me comfortable buying a used laptop.',
  },
  {
    name: 'Fatima',
    role: '500L Architecture · seller',
    quote: 'Before graduating I sold my drawing table, lamp and fan in two days. Paying by mobile money made it easy for the juniors.',
  },
  {
    name: 'Kelechi',
    role: '300L Economics · buyer',
    quote: 'The price filters are great. I set ₦10,000 to ₦19,999 and found exactly the earbuds I wanted from someone in my faculty.',
  },
];

export function ClientStoriesPage() {
  usePageTitle('Client Stories');
  return (
    <>
      <PageHeader eyebrow="Client Stories" title="Students buying from students">
        A few words from the buyers and sellers who use the marketplace every week.
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
          {STORIES.map((s) => (
            <chakra.figure
              key={s.name}
              m="0"
              p="6"
              borderWidth="1px"
              borderRadius="xl"
              bg="bg"
              display="flex"
              flexDirection="column"
              gap="4"
            >
              <Box color="brand.solid" fontSize="2xl" aria-hidden="true">
                <LuQuote />
              </Box>
              <chakra.blockquote m="0" flex="1">
                <Text fontSize="lg">“{s.quote}”</Text>
              </chakra.blockquote>
              <chakra.figcaption>
                <Stack gap="0">
                  <Text fontWeight="semibold">{s.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {s.role}
                  </Text>
                </Stack>
              </chakra.figcaption>
            </chakra.figure>
          ))}
        </SimpleGrid>
        <Flex justify="center" mt="12">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={href('authChoice')}>Join them — Create Account</RouterLink>
          </Button>
        </Flex>
      </Container>
    </>
  );
}

export default ClientStoriesPage;

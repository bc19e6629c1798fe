import type { IconType } from 'react-icons';
import { LuBookOpen, LuHeadphones, LuLaptop, LuPackage, LuShirt, LuSparkles } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Flex, Heading, SimpleGrid, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { IconTile } from './IconTile';
import { PageHeader } from './PageHeader';
import { href } from '@campus/shared/federation';

const CATEGORIES: { icon: IconType; title: string; text: string; examples: string }[] = [
  {
    icon: LuBookOpen,
    title: 'Books',
    text: 'Course texts, past questions and novels passed from one year to the next.',
    examples: 'Textbooks · Lab manuals · Study guides',
  },
  {
    icon: LuLaptop,
    title: 'Electronics',
    text: 'Laptops, phones, chargers and the extension box every room needs.',
    examples: 'Phones · Laptops · Power banks',
  },
  {
    icon: LuShirt,
    title: 'Clothing',
    text: 'Faculty week shirts, thrift finds and clothes from student designers.',
    examples: 'Hoodies · Native wear · Sneakers',
  },
  {
    icon: LuHeadphones,
    title: 'Accessories',
    text: 'Earbuds, bags, watches and small things that make campus life easier.',
    examples: 'Earbuds · Backpacks · Jewellery',
  },
  {
    icon: LuPackage,
    title: 'Room essentials',
    text: 'Fans, kettles, mattresses and storage from students moving out.',
    examples: 'Fans · Buckets · Shelves',
  },
  {
    icon: LuSparkles,
    title: 'Student-made',
    text: 'Snacks, hair and beauty, art and services from classmates with side hustles.',
    examples: 'Baked goods · Hair · Prints',
  },
];

export function ProductsPage() {
  usePageTitle('Products');
  return (
    <>
      <PageHeader eyebrow="Products" title="What students sell here">
        Prices in naira, pickup on campus. Sign in to search live listings, filter by category and price, and see each seller’s catalogue.
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {CATEGORIES.map((c) => (
            <Stack key={c.title} as="section" aria-label={c.title} gap="3" p="6" borderWidth="1px" borderRadius="xl" bg="bg">
              <IconTile icon={c.icon} />
              <Heading as="h2" size="lg">
                {c.title}
              </Heading>
              <Text color="fg.muted">{c.text}</Text>
              <Text fontSize="sm" color="brand.fg" fontWeight="medium">
                {c.examples}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Flex justify="center" mt="12">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={href('marketplace')}>Explore Listings</RouterLink>
          </Button>
        </Flex>
      </Container>
    </>
  );
}

export default ProductsPage;

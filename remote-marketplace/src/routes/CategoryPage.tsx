import { CATEGORY_SORTS, SORT_LABELS, type CategorySort } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { useSession } from '@campus/shared/session';
import {
  Button,
  Container,
  EmptyState,
  ErrorPanel,
  Flex,
  Heading,
  HStack,
  PageSpinner,
  Stack,
  Text,
  Wrap,
  usePageTitle,
} from '@campus/shared/ui';
import { useState } from 'react';
import { LuPackageOpen, LuRotateCcw } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LabelledSelect } from '../components/LabelledSelect';
import { BackToMarketplace, MarketplaceCrumbs } from '../components/MarketplaceNav';
import { ProductLayout } from '../components/ProductLayout';
import { ViewToggle, type ViewMode } from '../components/ViewToggle';
import { CategoryNotFoundError, useCategoryPage } from '../features/category/api/resolve-category';
import { sortProducts } from '../features/category/hooks/sort-products';
import { useCategories } from '../features/category/api/categories';
import { CategoryProductCard } from '../features/category/components/CategoryProductCard';
import { renderProductActions } from './parts/ProductActions';
import { href } from '@campus/shared/federation';

const SORT_OPTIONS = CATEGORY_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));

/** Other categories as chips, so a visitor can hop between them. */
function CategoryChips({ currentId }: { currentId: string }) {
  const loaded = useCategories();
  if (!loaded || loaded.source === 'fallback') return null;
  const chips = [{ id: 'all', name: 'All' }, ...loaded.categories];
  return (
    <Wrap gap="2" as="nav" aria-label="Categories">
      {chips.map((c) => (
        <Button
          key={c.id}
          asChild
          size="xs"
          borderRadius="full"
          variant={c.id === currentId ? 'solid' : 'outline'}
          colorPalette={c.id === currentId ? 'brand' : 'gray'}
        >
          <RouterLink to={href('category', { categoryId: c.id })} aria-current={c.id === currentId ? 'page' : undefined}>
            {c.name}
          </RouterLink>
        </Button>
      ))}
    </Wrap>
  );
}

/** /category/{categoryId}: an id, a name in any case, or 'all'. */
export default function CategoryPage() {
  const { categoryId = '' } = useParams();
  const [sort, setSort] = useState<CategorySort>('relevance');
  const [view, setView] = useState<ViewMode>('grid');
  const ownSellerId = useSession((s) => s.seller?.id);
  const result = useCategoryPage(categoryId);
  const notFound = result.isError && result.error instanceof CategoryNotFoundError;
  usePageTitle(notFound ? MESSAGES.categories.notFoundTitle : (result.data?.name ?? 'Category'));

  if (result.isError) {
    return (
      <Container maxW="3xl" py="10">
        <MarketplaceCrumbs trail={[{ label: notFound ? MESSAGES.categories.notFoundTitle : 'Category' }]} />
        {notFound ? (
          <Heading as="h1" size="xl" mb="4">
            {MESSAGES.categories.notFoundTitle}
          </Heading>
        ) : null}
        <ErrorPanel
          message={notFound ? MESSAGES.categories.notFound(categoryId) : MESSAGES.categories.dataFailed}
          action={
            <HStack gap="2">
              {notFound ? null : (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => void result.refetch()}>
                  <LuRotateCcw /> Try again
                </Button>
              )}
              <BackToMarketplace />
            </HStack>
          }
        />
      </Container>
    );
  }
  if (!result.data) return <PageSpinner label="Loading category" />;

  const category = result.data;
  const products = sortProducts(category.products, sort);
  return (
    <Container maxW="7xl" py={{ base: '4', md: '8' }}>
      <MarketplaceCrumbs trail={[{ label: category.name }]} />
      <Stack gap="5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {category.name}
        </Heading>
        <CategoryChips currentId={category.id} />
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text color="fg.muted" data-testid="result-count">
            {products.length} {products.length === 1 ? 'product' : 'products'}
          </Text>
          <HStack gap="3">
            <LabelledSelect
              label="Sort by"
              hideLabel
              minW="44"
              value={sort}
              options={SORT_OPTIONS}
              onChange={(v) => setSort(v as CategorySort)}
            />
            <ViewToggle value={view} onChange={setView} />
          </HStack>
        </Flex>
        {products.length === 0 ? (
          <EmptyState
            icon={<LuPackageOpen />}
            title={MESSAGES.products.noneAvailable}
            description="Nothing is listed in this category yet."
          />
        ) : (
          <ProductLayout view={view} label={`${category.name} products`}>
            {products.map((p) => (
              <CategoryProductCard
                key={p.id}
                product={p}
                view={view}
                ownSellerId={ownSellerId}
                categoryName={category.id === 'all' ? undefined : category.name}
                renderActions={renderProductActions}
              />
            ))}
          </ProductLayout>
        )}
      </Stack>
    </Container>
  );
}

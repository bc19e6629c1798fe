import {
  PRICE_BANDS,
  PRODUCT_CONDITIONS,
  SORT_LABELS,
  MARKETPLACE_SORTS,
  type MarketplaceSort,
  type PriceBandId,
  type ProductCondition,
} from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { useSession } from '@campus/shared/session';
import { Box, Button, Container, EmptyState, ErrorPanel, Flex, Grid, Heading, HStack, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { memo, useDeferredValue, useState } from 'react';
import { LuPackageSearch, LuRotateCcw } from 'react-icons/lu';
import { LabelledSelect } from '../components/LabelledSelect';
import { Pagination } from '../components/Pagination';
import { ProductLayout, ProductLayoutSkeleton } from '../components/ProductLayout';
import { ViewToggle, type ViewMode } from '../components/ViewToggle';
import { useCategories } from '../features/category/api/categories';
import { useSearchResults, type ProductHit } from '../features/search/api/search-products';
import { useMarketplaceParams } from '../features/search/hooks/use-marketplace-params';
import { ProductHitCard } from '../features/search/components/ProductHitCard';
import { renderLazyProductActions } from './parts/LazyProductActions';
import { SearchBox } from '../features/search/components/SearchBox';
import { useMainContentShown } from '../lib/use-main-content-shown';

const SORT_OPTIONS = MARKETPLACE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));
const PRICE_OPTIONS = PRICE_BANDS.map((b) => ({ value: b.id, label: b.label }));
const CONDITION_OPTIONS = [{ value: '', label: 'Any condition' }, ...PRODUCT_CONDITIONS.map((c) => ({ value: c.id, label: c.label }))];

/** One page of results; memoised, so a render that leaves the hits alone (the categories' answer, say) stops here. */
const ResultsGrid = memo(function ResultsGrid({
  products,
  view,
  ownSellerId,
}: {
  products: readonly ProductHit[];
  view: ViewMode;
  ownSellerId: string | undefined;
}) {
  return (
    <ProductLayout view={view} label="Products">
      {products.map((hit) => (
        <ProductHitCard key={hit.objectID} hit={hit} view={view} ownSellerId={ownSellerId} renderActions={renderLazyProductActions} />
      ))}
    </ProductLayout>
  );
});

/** /marketplace: hero search, filters, sort, grid/list, paginated results. */
export default function MarketplacePage() {
  const { params, update, clearAll } = useMarketplaceParams();
  const [view, setView] = useState<ViewMode>('grid');
  const ownSellerId = useSession((s) => s.seller?.id);
  // Keyed by every search parameter; the previous page stays on screen while the next one loads.
  const results = useSearchResults(params);
  // A page of cards is the screen's largest render. It takes each answer as a transition, which React
  // renders in slices between frames, so a slow phone stays responsive (docs/performance.md,
  // "Answers rendered in slices"). The render that carries the answer stops at the memoised grid.
  const data = useDeferredValue(results.data);
  // Until the grid shows the latest answer, the results read as loading (what the journeys wait on).
  const updating = results.isFetching || data !== results.data;
  // The categories filter's list (and the API client it needs) loads after the first results, and
  // so does the shell's secondary work (the navbar's counts).
  const firstResultsShown = data !== undefined || results.isError;
  const categories = useCategories({ enabled: firstResultsShown });
  useMainContentShown(firstResultsShown);
  usePageTitle(params.query ? `Search: ${params.query}` : 'Marketplace');

  const filtered =
    params.category !== '' || params.priceBand !== 'all' || params.condition !== '' || params.sort !== 'relevance' || params.query !== '';
  const categoryOptions = [
    { value: '', label: 'All Categories' },
    ...(categories?.categories ?? []).map((c) => ({ value: c.name, label: c.name })),
    // A category from a shared link that the list does not (yet) hold stays selectable.
    ...(params.category && !categories?.categories.some((c) => c.name === params.category)
      ? [{ value: params.category, label: params.category }]
      : []),
  ];

  const changePage = (page: number) => {
    update({ page });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  let body;
  if (results.isError) {
    body = (
      <ErrorPanel
        message={params.query ? MESSAGES.products.searchFailed : MESSAGES.products.loadFailed}
        action={
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => void results.refetch()}>
            <LuRotateCcw /> Try again
          </Button>
        }
      />
    );
  } else if (!data) {
    body = <ProductLayoutSkeleton />;
  } else if (data.products.length === 0) {
    body = (
      <EmptyState
        icon={<LuPackageSearch />}
        title={data.query ? MESSAGES.products.noneForQuery(data.query) : MESSAGES.products.noneAvailable}
        description={filtered ? 'Try another word, or clear the filters.' : undefined}
        action={
          filtered ? (
            <Button size="sm" variant="outline" onClick={clearAll}>
              Clear All
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <ResultsGrid products={data.products} view={view} ownSellerId={ownSellerId} />
        <Pagination page={data.pagination.currentPage} totalPages={data.pagination.totalPages} onChange={changePage} />
      </>
    );
  }

  return (
    <Box>
      <Box
        as="section"
        aria-labelledby="marketplace-title"
        bgGradient="to-br"
        gradientFrom="brand.700"
        gradientTo="brand.500"
        color="white"
        py={{ base: '8', md: '16' }}
        px="4"
        textAlign="center"
      >
        <Heading id="marketplace-title" as="h1" size={{ base: '2xl', md: '4xl' }} mb="2">
          Find it on campus
        </Heading>
        <Text mb="6" opacity={0.9}>
          Buy from and sell to fellow students. Pick up on campus.
        </Text>
        <SearchBox query={params.query} onQueryChange={(query, options) => update({ query }, options)} />
      </Box>

      <Container maxW="7xl" py="6">
        <Grid templateColumns={{ base: '1fr', lg: '240px 1fr' }} gap="6" alignItems="start">
          <Stack
            as="aside"
            aria-label="Filters"
            gap={{ base: '2', lg: '4' }}
            p={{ base: '3', lg: '4' }}
            borderWidth="1px"
            borderRadius="lg"
            position={{ lg: 'sticky' }}
            top="4"
          >
            <Flex justify="space-between" align="center">
              <Heading as="h2" size="sm">
                Filters
              </Heading>
              <Button size="xs" variant="ghost" colorPalette="brand" onClick={clearAll} disabled={!filtered}>
                Clear All
              </Button>
            </Flex>
            {/* Side by side on phones, so the results start higher up the screen. */}
            <Grid templateColumns={{ base: '1fr 1fr', lg: '1fr' }} gap="3">
              <LabelledSelect
                label="Category"
                value={params.category}
                options={categoryOptions}
                onChange={(category) => update({ category })}
              />
              <LabelledSelect
                label="Price range"
                value={params.priceBand}
                options={PRICE_OPTIONS}
                onChange={(price) => update({ priceBand: price as PriceBandId })}
              />
              <LabelledSelect
                label="Condition"
                value={params.condition}
                options={CONDITION_OPTIONS}
                onChange={(condition) => update({ condition: condition as ProductCondition | '' })}
              />
            </Grid>
          </Stack>

          <Stack gap="4" minW="0">
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              {/* A line of its own on phones, loading or not: "Loading products..." is wider than "61 products",
                  and the row below must not move up when the count arrives (no layout shift). */}
              <Text color="fg.muted" aria-live="polite" data-testid="result-count" flexBasis={{ base: 'full', sm: 'auto' }}>
                {data
                  ? `${data.pagination.totalItems} ${data.pagination.totalItems === 1 ? 'product' : 'products'}`
                  : 'Loading products...'}
              </Text>
              <HStack gap="3">
                <LabelledSelect
                  label="Sort by"
                  hideLabel
                  minW="44"
                  value={params.sort}
                  options={SORT_OPTIONS}
                  onChange={(sort) => update({ sort: sort as MarketplaceSort })}
                />
                <ViewToggle value={view} onChange={setView} />
              </HStack>
            </Flex>
            <Box
              data-testid="search-results"
              data-query={data?.query ?? ''}
              data-state={updating ? 'loading' : results.isError ? 'error' : 'success'}
              aria-busy={updating}
              opacity={updating && data ? 0.6 : 1}
              transition="opacity 0.15s"
            >
              {body}
            </Box>
          </Stack>
        </Grid>
      </Container>
    </Box>
  );
}

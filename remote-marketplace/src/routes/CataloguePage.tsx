import { messageOr } from '@campus/shared/api-client';
import { CATALOGUE_PLACEHOLDERS, CATALOGUE_SORTS, SEARCH_DEBOUNCE_MS, SORT_LABELS, type CatalogueSort } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { useSession } from '@campus/shared/session';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Container,
  EmptyState,
  ErrorPanel,
  Flex,
  Heading,
  HStack,
  Input,
  PageSpinner,
  SimpleGrid,
  Stack,
  Text,
  Wrap,
  usePageTitle,
} from '@campus/shared/ui';
import { StarRating, lazyDateFormat, mediaUrl } from '@campus/shared/product-ui';
import { useEffect, useState } from 'react';
import { LuMapPin, LuMessageCircle, LuPackageOpen, LuSearch } from 'react-icons/lu';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { conversationHref, href } from '@campus/shared/federation';
import { useDebouncedValue } from '@campus/shared/use-debounced-value';
import { LabelledSelect } from '../components/LabelledSelect';
import { BackToMarketplace } from '../components/MarketplaceNav';
import { useNotice } from '../components/Notice';
import { Pagination } from '../components/Pagination';
import { ProductLayout } from '../components/ProductLayout';
import { ViewToggle, type ViewMode } from '../components/ViewToggle';
import { CategoryProductCard } from '../features/category/components/CategoryProductCard';
import { renderProductActions } from './parts/ProductActions';
import { useSellerCatalogue, type CatalogueQuery, type SellerCatalogue } from '../features/catalogue/api/get-seller-catalogue';
import { RATING_COMING_SOON, RateSeller } from '../features/catalogue/components/RateSeller';
import { ReportButton } from '../features/report/components/ReportButton';
import { ShareButton } from '../components/ShareButton';

const SORT_OPTIONS = CATALOGUE_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }));
const SELLER_NOT_FOUND_FALLBACK = 'This seller does not exist or the store could not be loaded.';
const monthYear = lazyDateFormat({ month: 'long', year: 'numeric' });

/**
 * Real figures where the API has them; the spec's placeholders (section 9) only
 * where it has none. The API always knows when the store opened, so Member Since
 * is always real; the placeholder month is kept in constants for the spec's sake.
 */
export function catalogueStats(store: SellerCatalogue) {
  // The API answers 0 for a store nobody has rated: that is "no data", not a real 0.
  const rated = store.averageRating > 0;
  return {
    rating: rated ? store.averageRating : CATALOGUE_PLACEHOLDERS.rating,
    products: store._count.products,
    responseTime: CATALOGUE_PLACEHOLDERS.responseTime,
    memberSince: monthYear.format(new Date(store.createdAt)),
    // Spec section 9: the sales count is not tracked yet and shows 0.
    sales: 0,
  };
}

const isCatalogueSort = (value: string | null): value is CatalogueSort => (CATALOGUE_SORTS as readonly string[]).includes(value ?? '');

/**
 * What the visitor asked of the store's list, kept in the address (?q=&category=&sort=&page=)
 * so Back from a product returns to the same page and a filtered link can be shared.
 */
function useCatalogueQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = searchParams.get('sort');
  const query: CatalogueQuery = {
    q: searchParams.get('q') ?? '',
    category: searchParams.get('category') ?? '',
    sort: isCatalogueSort(sort) ? sort : 'newest',
    page: Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1),
  };
  /** Any change but the page's own starts again at page 1. */
  const update = (changes: Partial<CatalogueQuery>) => {
    const next = { ...query, page: 1, ...changes };
    const params = new URLSearchParams();
    if (next.q) params.set('q', next.q);
    if (next.category) params.set('category', next.category);
    if (next.sort !== 'newest') params.set('sort', next.sort);
    if (next.page > 1) params.set('page', String(next.page));
    setSearchParams(params, { replace: changes.page === undefined });
  };
  return { query, update };
}

/** /seller/{sellerId}/catalogue: the public store (spec sections 2 and 6); the API pages, searches, filters and sorts its products. */
export default function CataloguePage() {
  const { sellerId = '' } = useParams();
  const { query, update } = useCatalogueQuery();
  // The store and its header stay on screen while the next page or filter loads.
  const result = useSellerCatalogue(sellerId, query);
  usePageTitle(result.isError ? MESSAGES.seller.notFoundTitle : (result.data?.catalogueName ?? 'Store'));

  if (result.isError) {
    return (
      <Container maxW="3xl" py="10">
        <Heading as="h1" size="xl" mb="4">
          {MESSAGES.seller.notFoundTitle}
        </Heading>
        <ErrorPanel message={messageOr(result.error, SELLER_NOT_FOUND_FALLBACK)} action={<BackToMarketplace />} />
      </Container>
    );
  }
  // A previous store's data is no placeholder for another store.
  if (!result.data || result.data.id !== sellerId) return <PageSpinner label="Loading store" />;
  return <CatalogueView store={result.data} sellerId={sellerId} query={query} update={update} updating={result.isPlaceholderData} />;
}

interface CatalogueViewProps {
  store: SellerCatalogue;
  sellerId: string;
  query: CatalogueQuery;
  update: (changes: Partial<CatalogueQuery>) => void;
  updating: boolean;
}

function CatalogueView({ store, sellerId, query, update, updating }: CatalogueViewProps) {
  const isOwner = useSession((s) => s.seller?.id === sellerId);
  const [notice, showNotice] = useNotice();
  const [view, setView] = useState<ViewMode>('grid');
  // The box answers every keystroke; the request waits until typing pauses.
  const [search, setSearch] = useState(query.q);
  const typed = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (typed !== query.q) update({ q: typed });
    // Only a pause in typing sends a new search (`update` and `query` change with every answer).
  }, [typed]);
  const stats = catalogueStats(store);
  const sellerName = store.user.name || store.user.firstName;
  // The API may send the store picture as the cover too: that square image stays the avatar, the banner stays brand-coloured.
  const cover = store.catalogueCover && store.catalogueCover !== store.cataloguePicture ? mediaUrl(store.catalogueCover) : undefined;
  const picture = mediaUrl(store.cataloguePicture ?? store.user.profilePicture);
  const products = store.products;
  const changePage = (page: number) => {
    update({ page });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const statItems = [
    { label: 'Products', value: String(stats.products) },
    { label: 'Response Time', value: stats.responseTime },
    { label: 'Member Since', value: stats.memberSince },
  ];

  return (
    <Box>
      <Box
        h={{ base: '32', md: '56' }}
        bgGradient="to-r"
        gradientFrom="brand.700"
        gradientTo="brand.400"
        bgImage={cover ? `url("${encodeURI(cover)}")` : undefined}
        bgSize="cover"
        bgRepeat="no-repeat"
        bgPos="center"
        role={cover ? 'img' : undefined}
        aria-label={cover ? `${store.catalogueName} cover` : undefined}
        data-testid="catalogue-cover"
      />
      <Container maxW="7xl">
        <Flex
          direction={{ base: 'column', md: 'row' }}
          gap="5"
          mt={{ base: '-10', md: '-14' }}
          align={{ base: 'flex-start', md: 'flex-end' }}
        >
          <Avatar.Root
            size="2xl"
            borderWidth="4px"
            borderColor="bg"
            bg="brand.100"
            color="brand.800"
            w={{ base: '20', md: '28' }}
            h={{ base: '20', md: '28' }}
          >
            <Avatar.Fallback name={store.catalogueName} />
            {picture ? <Avatar.Image src={picture} alt="" /> : null}
          </Avatar.Root>
          <Stack gap="1" flex="1" pb="1">
            <HStack gap="2" wrap="wrap">
              <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
                {store.catalogueName}
              </Heading>
              {isOwner ? (
                <Badge colorPalette="brand" variant="subtle">
                  Your store
                </Badge>
              ) : null}
            </HStack>
            {sellerName ? <Text color="fg.muted">by {sellerName}</Text> : null}
            <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted">
              <HStack gap="1" data-testid="catalogue-rating">
                <StarRating value={stats.rating} size="xs" />
                <Text as="span">{stats.rating.toFixed(1)}</Text>
              </HStack>
              <Text as="span">{stats.sales} sales</Text>
              {store.location ? (
                <HStack as="span" gap="1">
                  <LuMapPin aria-hidden="true" /> {store.location}
                </HStack>
              ) : null}
            </HStack>
          </Stack>
          <Stack gap="2" align={{ base: 'flex-start', md: 'flex-end' }}>
            {/* The owner cannot message their own store (the API refuses it) nor rate it; they can share it. */}
            {isOwner ? null : (
              <>
                <Button asChild colorPalette="brand">
                  <RouterLink to={conversationHref({ sellerId })}>
                    <LuMessageCircle /> Message Seller
                  </RouterLink>
                </Button>
                <RateSeller onRate={() => showNotice(RATING_COMING_SOON)} />
                <ReportButton target={{ kind: 'store', sellerId }} what="store" />
              </>
            )}
            <ShareButton
              path={href('catalogue', { sellerId })}
              title={store.catalogueName}
              text={`${store.catalogueName} on Campus Marketplace:`}
              what="store"
            />
          </Stack>
        </Flex>
        {notice ? <Box mt="4">{notice}</Box> : null}

        {store.storeDescription ? (
          <Text mt="5" maxW="3xl" color="fg.muted" whiteSpace="pre-line">
            {store.storeDescription}
          </Text>
        ) : null}

        <SimpleGrid as="dl" columns={3} gap={{ base: '2', md: '3' }} mt="6">
          {statItems.map((s) => (
            <Box key={s.label} borderWidth="1px" borderRadius="lg" p={{ base: '2', md: '4' }} textAlign="center">
              <Text as="dt" fontSize={{ base: 'xs', md: 'sm' }} color="fg.muted">
                {s.label}
              </Text>
              <Text as="dd" fontWeight="bold" fontSize={{ base: 'sm', md: 'lg' }}>
                {s.value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>

        <Stack gap="4" mt="8" mb="10">
          <Flex gap="3" wrap="wrap" align="center" justify="space-between">
            <Box position="relative" flex="1" minW="56" maxW="md">
              <Box
                position="absolute"
                insetStart="3"
                top="50%"
                transform="translateY(-50%)"
                color="fg.muted"
                pointerEvents="none"
                zIndex="1"
              >
                <LuSearch aria-hidden="true" />
              </Box>
              <Input
                ps="9"
                size="sm"
                type="search"
                aria-label="Search this store"
                placeholder="Search this store"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
            </Box>
            <HStack gap="3">
              <LabelledSelect
                label="Sort by"
                hideLabel
                minW="44"
                value={query.sort}
                options={SORT_OPTIONS}
                onChange={(v) => isCatalogueSort(v) && update({ sort: v })}
              />
              <ViewToggle value={view} onChange={setView} />
            </HStack>
          </Flex>
          {store.categories.length > 0 ? (
            <Wrap gap="2" role="group" aria-label="Filter by category">
              {[{ id: '', name: 'All' }, ...store.categories].map((c) => (
                <Button
                  key={c.id || 'all'}
                  size="xs"
                  borderRadius="full"
                  variant={query.category === c.id ? 'solid' : 'outline'}
                  colorPalette={query.category === c.id ? 'brand' : 'gray'}
                  aria-pressed={query.category === c.id}
                  onClick={() => update({ category: c.id })}
                >
                  {c.name}
                </Button>
              ))}
            </Wrap>
          ) : null}

          {store._count.products === 0 ? (
            <EmptyState
              icon={<LuPackageOpen />}
              title={MESSAGES.products.noneAvailable}
              description={isOwner ? 'Add your first product to fill your store.' : 'This store has not listed anything yet.'}
            />
          ) : products.length === 0 && !updating ? (
            <EmptyState
              icon={<LuSearch />}
              title={query.q ? MESSAGES.products.noneForQuery(query.q) : 'No products in this category'}
              action={
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setSearch('');
                    update({ q: '', category: '' });
                  }}
                >
                  Show all products
                </Button>
              }
            />
          ) : (
            <Box aria-busy={updating} opacity={updating ? 0.6 : 1} transition="opacity 0.2s">
              <ProductLayout view={view} label={`${store.catalogueName} products`}>
                {products.map((p) => (
                  <CategoryProductCard
                    key={p.id}
                    product={p}
                    view={view}
                    ownSellerId={undefined}
                    showActions={!isOwner}
                    categoryName={p.category?.name}
                    renderActions={renderProductActions}
                  />
                ))}
              </ProductLayout>
              <Pagination page={store.pagination.currentPage} totalPages={store.pagination.totalPages} onChange={changePage} />
            </Box>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

import { readApiError } from '@campus/shared/api-error';
import { MESSAGES } from '@campus/shared/messages';
import { useSession } from '@campus/shared/session';
import {
  Badge,
  Box,
  Button,
  Container,
  ErrorPanel,
  Grid,
  Heading,
  HStack,
  Link,
  PageSpinner,
  Stack,
  Text,
  chakra,
  usePageTitle,
} from '@campus/shared/ui';
import { conditionLabel } from '@campus/shared/constants';
import { formatNaira } from '@campus/shared/money';
import { Price, StarRating, stockLevel, stockText } from '@campus/shared/product-ui';
import { LuMessageCircle, LuStore } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { BackToMarketplace, MarketplaceCrumbs } from '../components/MarketplaceNav';
import { useProduct, type ProductDetail } from '../features/product/api/get-product';
import { useRecordProductView } from '../features/product/api/record-view';
import { ImageGallery } from '../features/product/components/ImageGallery';
import { ProductNotes } from '../features/product/components/ProductNotes';
import { ProductTabs } from '../features/product/components/ProductTabs';
import { ShareButton } from '../components/ShareButton';
import { conversationHref, href } from '@campus/shared/federation';
import { useMainContentShown } from '../lib/use-main-content-shown';
import { lazy, memo, Suspense, useDeferredValue } from 'react';

/*
 * The buttons that change something (cart, wishlist, report) need the API caller, the contract's
 * schemas and the form kit: their chunks load beside the page instead of before it. A page sent
 * with the product drawn keeps the server's buttons (drawn disabled: no cart is read on the
 * server) until these are in and hydrated, so none is ever live-looking before it can act.
 */
const CartButton = lazy(() =>
  import(/* webpackChunkName: "product-actions" */ '../features/cart-buttons/components/CartButton').then((m) => ({
    default: m.CartButton,
  })),
);
const WishlistButton = lazy(() =>
  import(/* webpackChunkName: "product-actions" */ '../features/wishlist-buttons/components/WishlistButton').then((m) => ({
    default: m.WishlistButton,
  })),
);
const ReportButton = lazy(() =>
  import(/* webpackChunkName: "report" */ '../features/report/components/ReportButton').then((m) => ({ default: m.ReportButton })),
);

// Text on white at 4.5:1 or more (WCAG AA): orange.600 was 3.55:1, orange.700 is 5.2:1.
const STOCK_COLOR = { out: 'red.600', low: 'orange.700', plenty: 'green.700' } as const;

/** /product/{slug}: a slug or an id (spec section 2). */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const product = useProduct(slug);
  // The product's answer reaches React through useSyncExternalStore, which renders it in one task
  // (223-246 ms, the page's longest: cold cache, CPU 4x, benchmark index about 1,333). Taken as a
  // deferred value, React renders the detail as a transition, in slices between frames; the
  // server's copy stays shown meanwhile (docs/performance.md, "The theme's tokens built by the
  // build, and the product's answer in slices").
  const data = useDeferredValue(product.data);
  usePageTitle(data?.name ?? 'Product');
  useMainContentShown(data !== undefined || product.isError);

  if (product.isError) {
    const notFound = readApiError(product.error).status === 404;
    return (
      <Container maxW="3xl" py="10">
        <ErrorPanel
          message={notFound ? MESSAGES.products.notFound : MESSAGES.products.detailFailed}
          action={<BackToMarketplace size="md" />}
        />
      </Container>
    );
  }
  if (!data) return <PageSpinner label="Loading product" />;
  return <ProductDetailView product={data} />;
}

/** Memoised: the render that carries the answer (the deferred one still holds the last) stops here. */
const ProductDetailView = memo(function ProductDetailView({ product }: { product: ProductDetail }) {
  const ownSellerId = useSession((s) => s.seller?.id);
  const isOwn = product.seller.id === ownSellerId;
  useRecordProductView(product.id, isOwn);
  const level = stockLevel(product.stockQuantity);
  const storeHref = href('catalogue', { sellerId: product.seller.id });

  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }}>
      <MarketplaceCrumbs
        mb="6"
        trail={[{ label: product.category.name, to: href('category', { categoryId: product.category.id }) }, { label: product.name }]}
      />

      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: '6', md: '10' }} alignItems="start">
        <ImageGallery images={product.imageUrls} name={product.name} />

        <Stack gap="4">
          <Link asChild alignSelf="flex-start">
            <RouterLink to={href('category', { categoryId: product.category.id })}>
              <Badge colorPalette="brand" variant="subtle">
                {product.category.name}
              </Badge>
            </RouterLink>
          </Link>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            {product.name}
          </Heading>
          {product.totalRatings > 0 ? <StarRating value={product.averageRating} count={product.totalRatings} /> : null}
          <Price value={product.price} original={product.originalPrice ?? null} size="xl" />
          <Text fontWeight="medium" color={STOCK_COLOR[level]} data-testid="stock-text">
            {stockText(product.stockQuantity)}
          </Text>
          {product.condition ? (
            <Text data-testid="product-condition">
              <chakra.span fontWeight="semibold">Condition:</chakra.span> {conditionLabel(product.condition)}
            </Text>
          ) : null}
          <Text color="fg.muted" whiteSpace="pre-line">
            {product.description}
          </Text>

          {isOwn ? (
            <Text fontSize="sm" color="fg.muted">
              This is your product.
            </Text>
          ) : (
            <HStack gap="3" align="flex-start" maxW="md">
              <Suspense fallback={null}>
                <CartButton productId={product.id} productName={product.name} stockQuantity={product.stockQuantity} size="lg" />
                <WishlistButton productId={product.id} productName={product.name} size="lg" />
              </Suspense>
            </HStack>
          )}

          <ShareButton
            path={href('product', { slug: product.slug || product.id })}
            title={product.name}
            text={`${product.name}, ${formatNaira(product.price)} on Campus Marketplace:`}
            what="product"
          />

          <Box as="section" aria-labelledby="about-seller" borderWidth="1px" borderRadius="lg" p="4">
            <Heading as="h2" id="about-seller" size="sm" mb="1">
              About Seller
            </Heading>
            <Text mb="3">{product.seller.catalogueName}</Text>
            <HStack gap="2" wrap="wrap">
              <Button asChild size="sm" colorPalette="brand" variant="outline">
                <RouterLink to={storeHref}>
                  <LuStore /> View Store
                </RouterLink>
              </Button>
              {/* The API refuses a conversation with one's own store. */}
              {isOwn ? null : (
                <Button asChild size="sm" variant="ghost">
                  <RouterLink to={conversationHref({ productId: product.id })}>
                    <LuMessageCircle /> Message
                  </RouterLink>
                </Button>
              )}
              {isOwn ? null : (
                <Suspense fallback={null}>
                  <ReportButton target={{ kind: 'listing', productId: product.id }} what="listing" />
                </Suspense>
              )}
            </HStack>
          </Box>

          <ProductNotes price={product.price} />
        </Stack>
      </Grid>

      <Box mt="10">
        <ProductTabs product={product} />
      </Box>
    </Container>
  );
});

import { Link as RouterLink } from 'react-router-dom';
import { LuHeart, LuShoppingCart, LuTrash2 } from 'react-icons/lu';
import { href } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import { PRODUCT_GRID_COLUMNS, PRODUCT_GRID_GAP, ProductCard } from '@campus/shared/product-ui';
import { Button, Container, EmptyState, ErrorPanel, Heading, PageSpinner, SimpleGrid, Stack, usePageTitle } from '@campus/shared/ui';
import { ShoppingLink } from '../components/ShoppingLink';
import { useWishlistActions } from '../features/wishlist/api/use-wishlist-actions';
import { useWishlistProducts } from '../features/wishlist/api/use-wishlist-products';

export const WISHLIST_LOAD_FAILED = 'Failed to load your wishlist. Please try again.';

/** /wishlist (spec section 2): a product grid with Add to Cart and Remove on each. */
export default function WishlistPage() {
  usePageTitle('Wishlist');
  // The same query as the navbar badge and the marketplace's hearts.
  const wishlist = useWishlistProducts();
  const actions = useWishlistActions();

  let body;
  if (wishlist.isPending) {
    body = <PageSpinner label="Loading your wishlist" minH="40" />;
  } else if (wishlist.isError) {
    body = (
      <ErrorPanel
        message={WISHLIST_LOAD_FAILED}
        action={
          <Button size="sm" variant="outline" onClick={() => void wishlist.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (wishlist.data.length === 0) {
    body = (
      <EmptyState
        icon={<LuHeart />}
        title={MESSAGES.wishlist.empty}
        action={
          <ShoppingLink colorPalette="brand" variant="solid">
            Start Shopping
          </ShoppingLink>
        }
      />
    );
  } else {
    body = (
      <SimpleGrid
        as="ul"
        // The page is the screen's width (no filters beside it): a fourth column on wide screens.
        templateColumns={{ ...PRODUCT_GRID_COLUMNS, xl: 'repeat(4, minmax(0, 1fr))' }}
        gap={PRODUCT_GRID_GAP}
        listStyleType="none"
        aria-label="Your wishlist"
      >
        {wishlist.data.map((p) => {
          const busy = actions.busy === p.id;
          return (
            <li key={p.id}>
              <ProductCard
                href={href('product', { slug: p.slug || p.id })}
                name={p.name}
                imageAlt={p.name}
                imageUrl={p.imageUrls[0] ?? null}
                price={p.price}
                originalPrice={p.originalPrice}
                sellerName={p.seller.catalogueName}
                sellerHref={href('catalogue', { sellerId: p.seller.id })}
                stockQuantity={p.stockQuantity}
                condition={p.condition}
                actions={
                  <Stack direction="row" gap="2" w="full" flexWrap="wrap">
                    {p.stockQuantity <= 0 ? (
                      <Button size="sm" flex="1" disabled variant="subtle">
                        Out of Stock
                      </Button>
                    ) : actions.inCart(p.id) ? (
                      <Button asChild size="sm" flex="1" variant="outline" aria-label={`In Cart: view cart (${p.name})`}>
                        <RouterLink to={href('cart')}>In Cart</RouterLink>
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        flex="1"
                        colorPalette="brand"
                        aria-label={`Add to Cart: ${p.name}`}
                        disabled={busy || actions.cartLoading}
                        loading={busy}
                        onClick={() => actions.addToCart(p.id)}
                      >
                        <LuShoppingCart aria-hidden="true" /> Add to Cart
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Remove ${p.name}`}
                      disabled={busy}
                      onClick={() => actions.remove(p.id)}
                    >
                      <LuTrash2 aria-hidden="true" /> Remove
                    </Button>
                  </Stack>
                }
              />
            </li>
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: 4, md: 8 }} px={{ base: 3, md: 6 }}>
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Wishlist
        </Heading>
        {actions.error ? <ErrorPanel message={actions.error} /> : null}
        {body}
      </Stack>
    </Container>
  );
}

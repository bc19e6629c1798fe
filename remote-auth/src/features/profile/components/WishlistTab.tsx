import { MESSAGES } from '@campus/shared/messages';
import { Button, EmptyState, ErrorPanel, PageSpinner, SimpleGrid } from '@campus/shared/ui';
import { PRODUCT_GRID_COLUMNS, PRODUCT_GRID_GAP, ProductCard, mediaUrl } from '@campus/shared/product-ui';
import { href } from '@campus/shared/federation';
import { useWishlistProducts } from '../api/use-wishlist-products';

/** The profile's Wishlist tab: the student's real wishlist from the API, each product linking to its page. */
export function WishlistTab() {
  // The same wishlist query the navbar badge and the marketplace's hearts read (spec: cached 2 minutes).
  const wishlist = useWishlistProducts();
  const load = () => void wishlist.refetch();

  if (wishlist.isPending) return <PageSpinner label="Loading your wishlist" minH="40" />;
  if (wishlist.isError) {
    return (
      <ErrorPanel
        message={MESSAGES.profile.loadFailed}
        action={
          <Button size="sm" variant="outline" onClick={load}>
            Try again
          </Button>
        }
      />
    );
  }
  if (wishlist.data.length === 0) return <EmptyState title={MESSAGES.wishlist.empty} />;
  return (
    <SimpleGrid templateColumns={PRODUCT_GRID_COLUMNS} gap={PRODUCT_GRID_GAP} as="ul" aria-label="Your wishlist" listStyleType="none">
      {wishlist.data.map((p) => (
        <li key={p.id}>
          <ProductCard
            href={href('product', { slug: p.slug || p.id })}
            name={p.name}
            imageAlt={p.name}
            imageUrl={mediaUrl(p.imageUrls[0])}
            price={p.price}
            sellerName={p.seller.catalogueName}
            sellerHref={href('catalogue', { sellerId: p.seller.id })}
            stockQuantity={p.stockQuantity}
            condition={p.condition}
          />
        </li>
      ))}
    </SimpleGrid>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { MESSAGES } from '@campus/shared/messages';
import type { Product } from '@campus/shared/schemas';
import { Button, EmptyState, ErrorPanel, PageSpinner, ProductCard, SimpleGrid, mediaUrl } from '@campus/shared/ui';
import { getWishlistProducts } from '../api';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; products: Product[] };

/** The profile's Wishlist tab: the student's real wishlist (issue 3), each product linking to its page. */
export function WishlistTab() {
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    getWishlistProducts()
      .then((products) => setState({ status: 'ready', products }))
      .catch(() => setState({ status: 'error' }));
  }, []);
  useEffect(load, [load]);

  if (state.status === 'loading') return <PageSpinner label="Loading your wishlist" minH="40" />;
  if (state.status === 'error') {
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
  if (state.products.length === 0) return <EmptyState title={MESSAGES.wishlist.empty} />;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" as="ul" aria-label="Your wishlist" listStyleType="none">
      {state.products.map((p) => (
        <li key={p.id}>
          <ProductCard
            href={`/product/${p.slug || p.id}`}
            name={p.name}
            imageAlt={p.name}
            imageUrl={mediaUrl(p.imageUrls[0])}
            price={p.price}
            sellerName={p.seller.catalogueName}
            sellerHref={`/seller/${p.seller.id}/catalogue`}
            stockQuantity={p.stockQuantity}
          />
        </li>
      ))}
    </SimpleGrid>
  );
}

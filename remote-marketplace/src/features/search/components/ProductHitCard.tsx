import { chakra } from '@campus/shared/ui';
import { ProductCard } from '@campus/shared/product-ui';
import type { ViewMode } from '../../../components/ViewToggle';
import { Highlight, highlightedValue } from '../../../lib/highlight';
import type { ProductHit } from '../../search/api/search-products';
import { href } from '@campus/shared/federation';
import type { RenderActions } from '../../../components/product-actions-slot';

/** A search hit as a card: highlighted name, seller link, and the screen's buttons unless it is the viewer's own product. */
export function ProductHitCard({
  hit,
  view,
  ownSellerId,
  renderActions,
}: {
  hit: ProductHit;
  view: ViewMode;
  ownSellerId: string | undefined;
  renderActions?: RenderActions;
}) {
  const id = hit.productId || hit.objectID;
  return (
    <chakra.li>
      <ProductCard
        layout={view}
        href={href('product', { slug: hit.slug || id })}
        name={<Highlight value={highlightedValue(hit, 'name')} fallback={hit.name} />}
        imageAlt={hit.name}
        imageUrl={hit.imageUrls[0]}
        price={hit.price}
        stockQuantity={hit.stockQuantity}
        condition={hit.condition}
        categoryName={hit.categoryName}
        description={<Highlight value={highlightedValue(hit, 'description')} fallback={hit.description} />}
        sellerName={<Highlight value={highlightedValue(hit, 'sellerName')} fallback={hit.sellerName} />}
        sellerHref={href('catalogue', { sellerId: hit.sellerId })}
        rating={{ value: hit.averageRating, count: hit.totalRatings }}
        actions={
          hit.sellerId === ownSellerId
            ? undefined
            : renderActions?.({ productId: id, productName: hit.name, stockQuantity: hit.stockQuantity })
        }
      />
    </chakra.li>
  );
}

import { chakra } from '@campus/shared/ui';
import { ProductCard } from '@campus/shared/product-ui';
import type { RenderActions } from '../../../components/product-actions-slot';
import type { ViewMode } from '../../../components/ViewToggle';
import type { CategoryProduct } from '../../category/api/get-category';
import { href } from '@campus/shared/federation';

/** A product from the API as a card, with the screen's buttons (`renderActions`); the viewer's own products get none. */
export function CategoryProductCard(props: {
  product: CategoryProduct;
  view: ViewMode;
  ownSellerId: string | undefined;
  showActions?: boolean;
  categoryName?: string;
  renderActions?: RenderActions;
}) {
  const { product, view, ownSellerId, showActions = true, categoryName, renderActions } = props;
  const sellerId = product.seller?.id;
  const canBuy = showActions && (sellerId === undefined || sellerId !== ownSellerId);
  return (
    <chakra.li>
      <ProductCard
        layout={view}
        href={href('product', { slug: product.slug || product.id })}
        name={product.name}
        imageAlt={product.name}
        imageUrl={product.imageUrls[0]}
        price={product.price}
        originalPrice={product.originalPrice ?? null}
        stockQuantity={product.stockQuantity}
        condition={product.condition}
        description={product.description}
        categoryName={categoryName}
        sellerName={product.seller?.catalogueName}
        sellerHref={sellerId ? href('catalogue', { sellerId }) : undefined}
        rating={product.totalRatings ? { value: product.averageRating ?? 0, count: product.totalRatings } : undefined}
        actions={
          canBuy ? renderActions?.({ productId: product.id, productName: product.name, stockQuantity: product.stockQuantity }) : undefined
        }
      />
    </chakra.li>
  );
}

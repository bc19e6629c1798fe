/**
 * Product-facing components (card, price, stars, photo URLs), shared as their own
 * federation module `@campus/shared/product-ui` so the landing page, which shows no
 * product, does not download them with the design system. They take Chakra from
 * `@campus/shared/ui` by package name: one Chakra, one theme, page-wide.
 */
export { Price, type PriceProps } from './Price';
export { StarRating, type StarRatingProps } from './StarRating';
export {
  FIRST_SCREEN_CARDS,
  PRODUCT_GRID_COLUMNS,
  PRODUCT_GRID_GAP,
  ProductCard,
  ProductCardList,
  stockLevel,
  stockText,
  type ProductCardProps,
  type StockLevel,
} from './ProductCard';
export { mediaUrl } from './media-url';
export { lazyDateFormat } from './date-format';
export { BuyerOrderCard, buyerStatusColor, COMPLETION_CODE_HINT, type BuyerOrderCardProps } from './BuyerOrderCard';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { DisputeThread, disputeStatusText, type DisputeThreadProps } from './DisputeThread';

/** Entity types, inferred from the wire schemas so the two can never drift. */
export type {
  User,
  SellerSummary,
  Category,
  Rating,
  Product,
  CartItem,
  Cart,
  WishlistEntry,
  Order,
  SearchRecord,
} from '../schemas/entities';
export type { OrderStatus, MarketplaceSort, CategorySort, CatalogueSort, PriceBandId } from '../constants';
export type { Pagination, ErrorBody, Envelope, PagedEnvelope } from '../http';
export type { AppEvents, AppEventName } from '../events';

/** Business constants and limits of spec section 9. */

export const API_BASE_PATH = '/api/v1';
export const API_TIMEOUT_MS = 10_000;
export const MULTIPART_TIMEOUT_MS = 30_000;

export const CART_CACHE_MS = 2 * 60_000;
export const WISHLIST_CACHE_MS = 2 * 60_000;
export const CATEGORY_CACHE_MS = 5 * 60_000;

export const COMPLETION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

export const BADGE_COUNT_CAP = 99;

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 150;
export const SEARCH_CATEGORY_HITS = 1000;
export const CURRENCY = 'NGN';

/** Price filter bands in naira; `max` is inclusive, `undefined` means open-ended. */
export const PRICE_BANDS = [
  { id: 'all', label: 'All Price' },
  { id: '0-9999.99', label: '₦0 - ₦9,999.99', min: 0, max: 9999.99 },
  { id: '10000-19999.99', label: '₦10,000 - ₦19,999.99', min: 10000, max: 19999.99 },
  { id: '20000-29999.99', label: '₦20,000 - ₦29,999.99', min: 20000, max: 29999.99 },
  { id: '30000-39999.99', label: '₦30,000 - ₦39,999.99', min: 30000, max: 39999.99 },
  { id: '40000+', label: '₦40,000 and above', min: 40000 },
] as const satisfies ReadonlyArray<{ id: string; label: string; min?: number; max?: number }>;
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];

/**
 * A listing's condition, as students say it: what a buyer of second-hand goods
 * asks first. The ids are stored, indexed and filtered; never add one in place
 * (an older remote refuses an unknown value in an answer).
 */
export const PRODUCT_CONDITIONS = [
  { id: 'new', label: 'New' },
  { id: 'fairly-used', label: 'Fairly used' },
  { id: 'used', label: 'Used' },
] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number]['id'];
export const PRODUCT_CONDITION_IDS = PRODUCT_CONDITIONS.map((c) => c.id) as [ProductCondition, ...ProductCondition[]];

export function isProductCondition(value: unknown): value is ProductCondition {
  return PRODUCT_CONDITIONS.some((c) => c.id === value);
}

export function conditionLabel(condition: ProductCondition): string {
  return PRODUCT_CONDITIONS.find((c) => c.id === condition)?.label ?? condition;
}

export const FREE_SHIPPING_THRESHOLD_NAIRA = 50_000;
export const RETURN_POLICY_DAYS = 30;

export const MAX_PRODUCT_PHOTOS = 4;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The photo types every picker offers (its `accept`): what the API's photo pipeline takes (it checks the content too). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const STOCK_MIN = 0;
/** Stock below this shows as Draft in the seller list (0 is Out of Stock). */
export const LOW_STOCK_THRESHOLD = 10;

export const DASHBOARD_RECENT_ORDERS = 5;
export const DASHBOARD_PRODUCTS = 4;
/** Products per page of a public catalogue: fills 1, 2 or 3 grid columns evenly (the answer is paged). */
export const CATALOGUE_PAGE_SIZE = 24;
export const COPY_LINK_CONFIRM_MS = 2000;
export const SETTINGS_MESSAGE_MS = 5000;
export const REDIRECT_AFTER_VERIFY_MS = 1500;
export const REDIRECT_AFTER_RESET_MS = 2000;
export const REDIRECT_AFTER_EDIT_PRODUCT_MS = 2000;

export const MARKETPLACE_SORTS = ['relevance', 'newest', 'oldest', 'price-low', 'price-high', 'rating'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];
export const CATEGORY_SORTS = ['relevance', 'price-low', 'price-high', 'name', 'newest'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
export const CATALOGUE_SORTS = ['newest', 'oldest', 'price-low', 'price-high', 'rating'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const SORT_LABELS: Record<MarketplaceSort | CategorySort | CatalogueSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  oldest: 'Oldest',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  rating: 'Rating',
  name: 'Name',
};

/** Bank list of the seller onboarding form (13). */
export const ONBOARDING_BANKS = [
  'Access Bank',
  'GTBank',
  'First Bank',
  'UBA',
  'Zenith Bank',
  'Fidelity Bank',
  'Sterling Bank',
  'Stanbic IBTC',
  'Union Bank',
  'Wema Bank',
  'Kuda Bank',
  'Opay',
  'PalmPay',
] as const;

/** Bank list of the seller settings Payments tab (24). */
export const SETTINGS_BANKS = [
  'Access Bank',
  'Citibank',
  'Diamond Bank',
  'Ecobank',
  'Fidelity Bank',
  'First Bank',
  'First City Monument Bank',
  'Guaranty Trust Bank',
  'Heritage Bank',
  'Keystone Bank',
  'Kuda Bank',
  'Opay',
  'PalmPay',
  'Polaris Bank',
  'Providus Bank',
  'Stanbic IBTC Bank',
  'Standard Chartered Bank',
  'Sterling Bank',
  'Union Bank',
  'United Bank For Africa',
  'Unity Bank',
  'VBank',
  'Wema Bank',
  'Zenith Bank',
] as const;

/**
 * Banks a buyer can name for a refund (the seller Payments tab's list) with the
 * code Paystack's bank list (GET /bank) gives each: the refund account form
 * sends the code, and the API checks it against Paystack's live list.
 */
export const REFUND_BANKS: ReadonlyArray<{ name: (typeof SETTINGS_BANKS)[number]; code: string }> = [
  { name: 'Access Bank', code: '044' },
  { name: 'Citibank', code: '023' },
  { name: 'Diamond Bank', code: '063' },
  { name: 'Ecobank', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank', code: '011' },
  { name: 'First City Monument Bank', code: '214' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Heritage Bank', code: '030' },
  { name: 'Keystone Bank', code: '082' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Opay', code: '999992' },
  { name: 'PalmPay', code: '999991' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'Providus Bank', code: '101' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Standard Chartered Bank', code: '068' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'Union Bank', code: '032' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Unity Bank', code: '215' },
  { name: 'VBank', code: '566' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
];

/** Used when the category fetch fails and nothing is cached (spec section 8). */
export const FALLBACK_CATEGORIES = ['Electronics', 'Clothing', 'Books', 'Accessories'] as const;

/** Placeholder values on the public catalogue, only where no real figure exists. */
export const CATALOGUE_PLACEHOLDERS = {
  rating: 4.7,
  responseTime: 'under 1 hour',
  memberSince: 'January 2022',
} as const;

export const ORDER_STATUSES = ['PENDING', 'PROCESSING', 'CONFIRMED', 'DELIVERED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DEFAULT_ROLE_LABEL = 'Customer';

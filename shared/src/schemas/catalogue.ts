/**
 * Catalogue requests and answers (spec sections 3, 5, 7): seller onboarding
 * and settings, product forms, cart and wishlist bodies, and the shapes the
 * catalogue endpoints answer. The same objects check a form in a remote and
 * the request in the API.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { MESSAGES } from '../messages';
import { ONBOARDING_BANKS, PRODUCT_CONDITION_IDS, SETTINGS_BANKS, STOCK_MIN } from '../constants';
import { toKobo } from '../money';
import { paginationSchema } from '../http';
import { categorySchema, productSummarySchema, sellerSummarySchema } from './entities';
import { visibleName } from './names';

/** Highest price a listing may carry (₦10,000,000): guards against typos of extra zeros. */
export const MAX_PRICE_KOBO = 1_000_000_000;
export const MAX_STOCK = 100_000;
export const MAX_CART_QUANTITY = 1000;

const required = (max: number) => z.string().trim().min(1, { message: MESSAGES.validation.fillAllRequiredFields }).max(max);
/** A store's or a product's name: required, and nothing invisible in it (names.ts). */
const requiredName = (max: number) => visibleName(required(max));
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional());

export const phoneNumberSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\+?\d[\d\s-]{6,18}\d$/, { message: 'Please enter a valid phone number' }),
);
export const accountNumberSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{10}$/, { message: 'Account number must be 10 digits' }),
);

const ALL_BANKS = [...new Set<string>([...ONBOARDING_BANKS, ...SETTINGS_BANKS])];

/** POST /sellers/register (multipart text fields; cataloguePicture is the optional file). */
export const sellerRegisterBodySchema = lazySchema(() =>
  z.object({
    catalogueName: requiredName(80),
    bankName: z.enum(ONBOARDING_BANKS, { message: 'Please choose a bank from the list' }),
    accountNumber: accountNumberSchema,
    accountName: required(120),
    phoneNumber: phoneNumberSchema,
    location: required(120),
    storeDescription: optionalText(1000),
    whatsappNumber: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), phoneNumberSchema.optional()),
  }),
);
export type SellerRegisterBody = z.infer<typeof sellerRegisterBodySchema>;

/**
 * POST /sellers/account-check: a payout account to look up with the bank before it is saved (onboarding's
 * payout step), so the student sees the name the bank gives before the store keeps it.
 */
export const bankAccountCheckBodySchema = lazySchema(() =>
  z.object({
    bankName: z.string().refine((b) => ALL_BANKS.includes(b), { message: 'Please choose a bank from the list' }),
    accountNumber: accountNumberSchema,
  }),
);
export type BankAccountCheckBody = z.infer<typeof bankAccountCheckBodySchema>;

/** The account as the bank knows it: the name payouts go to (what registration and the Payments settings keep). */
export const bankAccountCheckSchema = lazySchema(() => z.object({ accountName: z.string() }));
export type BankAccountCheck = z.infer<typeof bankAccountCheckSchema>;

/** The Become a seller form: the request's fields, and a store description is required there (spec section 5). */
export const sellerOnboardingFormSchema = lazySchema(() => sellerRegisterBodySchema.extend({ storeDescription: required(1000) }));

/** PUT /sellers/{id}, Store Info tab. */
export const sellerStoreUpdateSchema = lazySchema(() =>
  z.object({
    catalogueName: requiredName(80),
    storeDescription: optionalText(1000),
    phoneNumber: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), phoneNumberSchema.optional()),
    whatsappNumber: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), phoneNumberSchema.optional()),
    location: optionalText(120),
  }),
);
export type SellerStoreUpdate = z.infer<typeof sellerStoreUpdateSchema>;

/**
 * PUT /sellers/{id}, Payments tab (the settings bank list; onboarding names stay
 * valid). The current password is asked again: a session left open must not be
 * enough to send a store's money elsewhere.
 */
export const sellerPaymentUpdateSchema = lazySchema(() =>
  z.object({
    bankName: z.string().refine((b) => ALL_BANKS.includes(b), { message: 'Please choose a bank from the list' }),
    accountNumber: accountNumberSchema,
    accountName: required(120),
    currentPassword: z
      .string({ message: MESSAGES.seller.currentPasswordRequired })
      .min(1, { message: MESSAGES.seller.currentPasswordRequired })
      .max(200),
  }),
);
export type SellerPaymentUpdate = z.infer<typeof sellerPaymentUpdateSchema>;

/** A naira amount as typed ("12,500.50") or sent (12500.5), turned into kobo. */
export const priceKoboSchema = lazySchema(() =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    try {
      const kobo = toKobo(value);
      if (kobo <= 0 || kobo > MAX_PRICE_KOBO) throw new RangeError('out of range');
      return kobo;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid price' });
      return z.NEVER;
    }
  }),
);

const stockSchema = lazySchema(() =>
  z.preprocess(
    // Digits only: Number() would also read "0x10" as 16 and "1e3" as 1000.
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ message: 'Stock quantity must be a whole number' })
      .int({ message: 'Stock quantity must be a whole number' })
      .min(STOCK_MIN, { message: 'Stock quantity cannot be negative' })
      .max(MAX_STOCK),
  ),
);

/** POST /sellers/{id}/catalogue text fields (the photos travel as `files`). */
export const productCreateFieldsSchema = lazySchema(() =>
  z.object({
    name: requiredName(120),
    description: required(2000),
    price: priceKoboSchema,
    stockQuantity: stockSchema,
    categoryId: required(100),
    /** Optional for the API (a listing from an older form has none); the seller's form asks for it. */
    condition: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(PRODUCT_CONDITION_IDS, { message: 'Please choose the condition' }).optional(),
    ),
  }),
);
export type ProductCreateFields = z.infer<typeof productCreateFieldsSchema>;

/** PUT /sellers/{productId}/catalogue: only the fields given change. */
export const productUpdateFieldsSchema = lazySchema(() => productCreateFieldsSchema.partial());
export type ProductUpdateFields = z.infer<typeof productUpdateFieldsSchema>;

const quantitySchema = lazySchema(() =>
  z
    .number({ message: 'Quantity must be a whole number' })
    .int({ message: 'Quantity must be a whole number' })
    .min(1, { message: 'Quantity must be at least 1' })
    .max(MAX_CART_QUANTITY, { message: MESSAGES.cart.quantityMax(MAX_CART_QUANTITY) }),
);

export const cartAddBodySchema = lazySchema(() =>
  z.object({
    items: z
      .array(z.object({ productId: z.string().min(1).max(100), quantity: quantitySchema }))
      .min(1)
      .max(50),
    cartId: z.string().max(100).optional(),
  }),
);
export type CartAddBody = z.infer<typeof cartAddBodySchema>;

export const cartItemUpdateBodySchema = lazySchema(() => z.object({ quantity: quantitySchema }));
export type CartItemUpdateBody = z.infer<typeof cartItemUpdateBodySchema>;

export const wishlistAddBodySchema = lazySchema(() => z.object({ productId: z.string().min(1).max(100) }));
export type WishlistAddBody = z.infer<typeof wishlistAddBodySchema>;

/** GET /seller/profile and the seller answers: the store with its owner's id. */
export const sellerProfileSchema = lazySchema(() =>
  sellerSummarySchema.extend({
    userId: z.string(),
    averageRating: z.number(),
    productCount: z.number().int(),
  }),
);
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** GET /sellers/{id}/catalogue: the public store page (bank details are not part of it). */
export const sellerCatalogueSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    catalogueName: z.string(),
    catalogueCover: z.string().nullable(),
    cataloguePicture: z.string().nullable(),
    storeDescription: z.string().nullable(),
    location: z.string(),
    createdAt: z.string(),
    averageRating: z.number(),
    user: z.object({ name: z.string(), firstName: z.string(), profilePicture: z.string().nullable() }),
    _count: z.object({ products: z.number().int() }),
    /** One page of the store's products, as the query asked; a list carries no reviews (the product page has them). */
    products: z.array(productSummarySchema),
    pagination: paginationSchema,
    /** The store's categories with how many of its products each holds (the category chips), whatever the query. */
    categories: z.array(categorySchema.extend({ productCount: z.number().int() })),
  }),
);
export type SellerCatalogue = z.infer<typeof sellerCatalogueSchema>;

export const categoryWithProductsSchema = lazySchema(() => categorySchema.extend({ products: z.array(productSummarySchema) }));
export type CategoryWithProducts = z.infer<typeof categoryWithProductsSchema>;

/** GET /search/config: what the browser's algoliasearch client needs (a search-only key). */
export const searchClientConfigSchema = lazySchema(() =>
  z.object({
    appId: z.string(),
    apiKey: z.string(),
    indexName: z.string(),
    hosts: z.array(z.object({ url: z.string(), protocol: z.enum(['http', 'https']) })).optional(),
  }),
);
export type SearchClientConfig = z.infer<typeof searchClientConfigSchema>;

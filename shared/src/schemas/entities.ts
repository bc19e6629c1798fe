/**
 * Entities of spec section 3 as they cross the wire. Prices are the spec's
 * numeric strings with 2 decimals; times are ISO 8601 UTC; ids are opaque strings.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { ORDER_STATUSES, PRODUCT_CONDITION_IDS } from '../constants';

const isoDate = lazySchema(() => z.string());
const price = lazySchema(() => z.string().regex(/^\d+\.\d{2}$/));

/** New, fairly used or used (constants' PRODUCT_CONDITIONS). */
export const productConditionSchema = lazySchema(() => z.enum(PRODUCT_CONDITION_IDS));

export const sellerSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    catalogueName: z.string(),
    storeDescription: z.string().nullable(),
    bankName: z.string(),
    accountNumber: z.string(),
    accountName: z.string(),
    phoneNumber: z.string(),
    whatsappNumber: z.string().nullable(),
    location: z.string(),
    cataloguePicture: z.string().nullable(),
    catalogueCover: z.string().nullable(),
    createdAt: isoDate,
  }),
);
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

export const userSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    displayName: z.string().nullable(),
    email: z.string(),
    role: z.string(),
    profilePicture: z.string().nullable(),
    emailVerified: z.boolean(),
    isSeller: z.boolean(),
    sellerCompleted: z.boolean(),
    seller: sellerSummarySchema.nullable(),
    cart: z.object({ id: z.string() }).nullable(),
    /** An operator of the campus team (the operations console at /ops). */
    isOperator: z.boolean().optional(),
    createdAt: isoDate,
  }),
);
export type User = z.infer<typeof userSchema>;

export const categorySchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }));
export type Category = z.infer<typeof categorySchema>;

export const ratingSchema = lazySchema(() =>
  z.object({
    rating: z.number(),
    review: z.string().nullable(),
    createdAt: isoDate,
    user: z.object({ firstName: z.string() }),
  }),
);
export type Rating = z.infer<typeof ratingSchema>;

export const productSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    price,
    originalPrice: price.nullable(),
    stockQuantity: z.number().int(),
    inStock: z.boolean(),
    /** Null on listings made before sellers were asked; absent from an API older than @campus/shared 1.5. */
    condition: productConditionSchema.nullable().optional(),
    categoryId: z.string(),
    category: categorySchema,
    imageUrls: z.array(z.string()),
    seller: z.object({ id: z.string(), catalogueName: z.string() }),
    ratings: z.array(ratingSchema),
    averageRating: z.number(),
    totalRatings: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);
export type Product = z.infer<typeof productSchema>;

/** A product in a list: everything but its reviews, which only the product's own page shows. */
export const productSummarySchema = lazySchema(() => productSchema.omit({ ratings: true }));
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const cartItemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    quantity: z.number().int(),
    productId: z.string(),
    cartId: z.string(),
    product: z.object({
      name: z.string(),
      price,
      imageUrls: z.array(z.string()),
      stockQuantity: z.number().int(),
      slug: z.string(),
    }),
  }),
);
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = lazySchema(() =>
  z.object({
    cartId: z.string().nullable(),
    sellers: z.array(z.object({ sellerId: z.string(), catalogueName: z.string(), items: z.array(cartItemSchema) })),
    totals: z.object({ totalItems: z.number().int(), totalPrice: price }),
  }),
);
export type Cart = z.infer<typeof cartSchema>;

export const wishlistEntrySchema = lazySchema(() => z.object({ productId: z.string(), product: productSchema.optional() }));
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

export const orderStatusSchema = lazySchema(() => z.enum(ORDER_STATUSES));

/**
 * A dispute on an accepted order the buyer says never came right (opened 14
 * days after payment instead of a refund): the money stays held until the
 * campus team decides. Its statements are the buyer's and the seller's words
 * (the seller's with up to 4 photos), oldest first.
 */
export const DISPUTE_STATUSES = ['open', 'refunded', 'part-refunded', 'released'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const disputeStatementSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    author: z.enum(['buyer', 'seller']),
    text: z.string(),
    /** The photos' gallery URLs (the seller's evidence). */
    imageUrls: z.array(z.string()),
    createdAt: isoDate,
  }),
);
export type DisputeStatement = z.infer<typeof disputeStatementSchema>;

export const disputeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    /** The buyer's reason for opening it. */
    reason: z.string(),
    openedAt: isoDate,
    decidedAt: isoDate.nullable(),
    /** What went back to the buyer once decided (the whole total, a part, or 0.00 when released). */
    refunded: price.nullable(),
    /** The campus team's reason for its decision. */
    decisionNote: z.string().nullable(),
    statements: z.array(disputeStatementSchema),
  }),
);
export type Dispute = z.infer<typeof disputeSchema>;

export const orderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    orderCode: z.string(),
    settlementCode: z.string().nullable(),
    userId: z.string(),
    hostelName: z.string().nullable(),
    blockNumber: z.string().nullable(),
    roomNo: z.string().nullable(),
    orderStatus: orderStatusSchema,
    totalPrice: price,
    createdAt: isoDate,
    orderItems: z.array(
      z.object({
        id: z.string(),
        quantity: z.number().int(),
        price,
        product: z.object({ id: z.string(), name: z.string(), slug: z.string(), imageUrls: z.array(z.string()) }),
      }),
    ),
    /** Present once the buyer opened a dispute on the order (the status values above are unchanged by it). */
    dispute: disputeSchema.optional(),
  }),
);
export type Order = z.infer<typeof orderSchema>;

/** The search index record of spec section 3. */
export const searchRecordSchema = lazySchema(() =>
  z.object({
    objectID: z.string(),
    productId: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    price: z.number(),
    stockQuantity: z.number().int(),
    categoryId: z.string(),
    categoryName: z.string(),
    sellerId: z.string(),
    sellerName: z.string(),
    imageUrls: z.array(z.string()),
    createdAt: z.number(),
    updatedAt: z.number(),
    averageRating: z.number(),
    totalRatings: z.number().int(),
    inStock: z.boolean(),
    /** Absent on listings whose seller has not said (and on records indexed before it was asked). */
    condition: productConditionSchema.optional(),
  }),
);
export type SearchRecord = z.infer<typeof searchRecordSchema>;

/**
 * Ownership checks of the seller routes. They run before any upload is read
 * or stored, so a refused request changes nothing at all.
 */
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@campus/shared/messages';
import type { DbOrTx } from '../db/client';
import { products, sellers, type ProductRow, type SellerRow } from '../db/schema';
import { forbidden, notFound } from '../http/errors';

export async function ownedSeller(db: DbOrTx, sellerId: string, userId: string): Promise<SellerRow> {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  if (!row) throw notFound(MESSAGES.validation.sellerInfoNotFound);
  if (row.userId !== userId) throw forbidden(MESSAGES.generic.forbidden);
  return row;
}

export async function ownedProduct(db: DbOrTx, productId: string, userId: string): Promise<{ product: ProductRow; seller: SellerRow }> {
  const [row] = await db
    .select({ product: products, seller: sellers })
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) throw notFound(MESSAGES.products.notFound);
  if (row.seller.userId !== userId) throw forbidden(MESSAGES.generic.forbidden);
  return row;
}

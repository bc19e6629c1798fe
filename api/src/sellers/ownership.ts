/**
 * Ownership checks of the seller routes. They run before any upload is read
 * or stored, so a refused request changes nothing at all.
 */
import { MESSAGES } from '@campus/shared/messages';
import type { DbOrTx } from '../db/client';
import type { ProductRow, SellerRow } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { productWithSeller, sellerById } from './repository';

export async function ownedSeller(db: DbOrTx, sellerId: string, userId: string): Promise<SellerRow> {
  const row = await sellerById(db, sellerId);
  if (!row) throw notFound(MESSAGES.validation.sellerInfoNotFound);
  if (row.userId !== userId) throw forbidden(MESSAGES.generic.forbidden);
  return row;
}

export async function ownedProduct(db: DbOrTx, productId: string, userId: string): Promise<{ product: ProductRow; seller: SellerRow }> {
  const row = await productWithSeller(db, productId);
  if (!row) throw notFound(MESSAGES.products.notFound);
  if (row.seller.userId !== userId) throw forbidden(MESSAGES.generic.forbidden);
  return row;
}

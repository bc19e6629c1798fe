/** Ratings from real purchases: one per DELIVERED order item, then the product's rating summary is refreshed. */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@campus/shared/messages';
import type { Rating } from '@campus/shared/schemas';
import type { Db } from '../../db/client';
import { conflict, forbidden } from '../../lib/domain-errors';
import { refreshRatingSummary } from '../../products';
import { firstNameOf, insertRating, lockRatableItems } from './repository';

/**
 * A rating from a real purchase: the buyer's DELIVERED order item of this
 * product (the one named, else the oldest not yet rated), once per item.
 */
export async function rateOrderItem(
  db: Db,
  buyerId: string,
  productId: string,
  input: { rating: number; review?: string | undefined; orderItemId?: string | undefined },
  now: Date,
): Promise<Rating> {
  return db.transaction(async (tx) => {
    const candidates = await lockRatableItems(tx, buyerId, productId, input.orderItemId);
    if (candidates.length === 0) throw forbidden(MESSAGES.ratings.notPurchased);
    const unrated = candidates.find((c) => c.rated === null);
    if (!unrated) throw conflict(MESSAGES.ratings.alreadyRated);
    const row = await insertRating(tx, {
      id: randomUUID(),
      productId,
      userId: buyerId,
      rating: input.rating,
      review: input.review ?? null,
      orderItemId: unrated.itemId,
      createdAt: now,
    });
    if (!row) throw conflict(MESSAGES.ratings.alreadyRated);
    await refreshRatingSummary(tx, productId);
    const firstName = await firstNameOf(tx, buyerId);
    return { rating: row.rating, review: row.review, createdAt: row.createdAt.toISOString(), user: { firstName: firstName ?? '' } };
  });
}

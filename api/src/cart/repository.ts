/**
 * The cart: one per user, items grouped by seller on the way out. Every
 * quantity is checked against the product's current stock here, whatever the
 * browser believed, and a seller can never put their own product in a cart.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { MESSAGES } from '@campus/shared/messages';
import { MAX_CART_QUANTITY, type Cart, type CartItem } from '@campus/shared/schemas';
import type { Db, DbOrTx } from '../db/client';
import { cartItems, carts, products, sellers, type ProductRow } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { toDecimal } from '../products';

export async function cartIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  return row?.id ?? null;
}

async function ensureCart(db: DbOrTx, userId: string, now: Date): Promise<string> {
  await db.insert(carts).values({ id: randomUUID(), userId, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const id = await cartIdOf(db, userId);
  if (!id) throw new Error('cart could not be created');
  return id;
}

/** The checks every quantity change passes: the product is someone else's and has the stock. */
async function checkQuantity(db: DbOrTx, userId: string, product: ProductRow, quantity: number): Promise<void> {
  const [seller] = await db.select({ userId: sellers.userId }).from(sellers).where(eq(sellers.id, product.sellerId)).limit(1);
  if (seller?.userId === userId) throw forbidden(MESSAGES.cart.ownProduct);
  if (product.stockQuantity <= 0) throw badRequest(MESSAGES.cart.outOfStock(product.name));
  if (quantity > product.stockQuantity) throw badRequest(MESSAGES.cart.aboveStock(product.name, product.stockQuantity));
}

export async function cartView(db: DbOrTx, userId: string): Promise<Cart> {
  const cartId = await cartIdOf(db, userId);
  if (!cartId) return { cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } };
  const rows = await db
    .select({ item: cartItems, product: products, catalogueName: sellers.catalogueName })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const groups = new Map<string, { sellerId: string; catalogueName: string; items: CartItem[] }>();
  let totalItems = 0;
  let totalKobo = 0;
  for (const { item, product, catalogueName } of rows) {
    const group = groups.get(product.sellerId) ?? { sellerId: product.sellerId, catalogueName, items: [] };
    group.items.push({
      id: item.id,
      quantity: item.quantity,
      productId: product.id,
      cartId,
      product: {
        name: product.name,
        price: toDecimal(product.priceKobo),
        imageUrls: product.photos.map((p) => p.cardUrl),
        stockQuantity: product.stockQuantity,
        slug: product.slug,
      },
    });
    groups.set(product.sellerId, group);
    totalItems += item.quantity;
    totalKobo += item.quantity * product.priceKobo;
  }
  return { cartId, sellers: [...groups.values()], totals: { totalItems, totalPrice: toDecimal(totalKobo) } };
}

export async function addToCart(
  db: Db,
  userId: string,
  items: ReadonlyArray<{ productId: string; quantity: number }>,
  claimedCartId: string | undefined,
  now: Date,
): Promise<void> {
  if (claimedCartId) {
    const [claimed] = await db.select({ userId: carts.userId }).from(carts).where(eq(carts.id, claimedCartId)).limit(1);
    // An unknown id is a browser's temporary cart: ignored. Someone else's cart: refused.
    if (claimed && claimed.userId !== userId) throw forbidden(MESSAGES.cart.notYourCart);
  }
  // Same product twice in one request counts once, with the quantities added.
  const wanted = new Map<string, number>();
  for (const i of items) wanted.set(i.productId, (wanted.get(i.productId) ?? 0) + i.quantity);
  await db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(products)
      // A listing an operator hid (or whose owner is suspended) cannot be added: not found.
      .where(and(inArray(products.id, [...wanted.keys()]), isNull(products.hiddenReason)));
    const byId = new Map(found.map((p) => [p.id, p]));
    const cartId = await ensureCart(tx, userId, now);
    // One add at a time per cart: without the row lock, parallel adds read the same
    // quantities and the last write wins (3 + 3 + 3 onto 1 ended at 4 on PostgreSQL).
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
    const existing = await tx.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    const have = new Map(existing.map((i) => [i.productId, i]));
    for (const [productId, quantity] of wanted) {
      const product = byId.get(productId);
      if (!product) throw notFound(MESSAGES.products.notFound);
      const current = have.get(productId);
      const total = (current?.quantity ?? 0) + quantity;
      if (total > MAX_CART_QUANTITY) throw badRequest(MESSAGES.cart.aboveCartMaximum(product.name, MAX_CART_QUANTITY));
      await checkQuantity(tx, userId, product, total);
      if (current) {
        await tx.update(cartItems).set({ quantity: total }).where(eq(cartItems.id, current.id));
      } else {
        await tx.insert(cartItems).values({ id: randomUUID(), cartId, productId, quantity, createdAt: now });
      }
    }
    await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
  });
}

/** The item, if it is in this user's cart; another user's item is refused without a change. */
async function ownItem(db: DbOrTx, userId: string, itemId: string) {
  const [row] = await db
    .select({ item: cartItems, owner: carts.userId, product: products })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.id, itemId))
    .limit(1);
  if (!row) throw notFound(MESSAGES.cart.itemNotFound);
  if (row.owner !== userId) throw forbidden(MESSAGES.cart.notYourCart);
  return row;
}

export async function updateCartItem(db: DbOrTx, userId: string, itemId: string, quantity: number): Promise<void> {
  const { item, product } = await ownItem(db, userId, itemId);
  await checkQuantity(db, userId, product, quantity);
  await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, item.id));
}

export async function removeCartItem(db: DbOrTx, userId: string, itemId: string): Promise<void> {
  const { item } = await ownItem(db, userId, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, item.id));
}

export async function clearCart(db: DbOrTx, userId: string): Promise<void> {
  const cartId = await cartIdOf(db, userId);
  if (cartId) await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}

/** Takes bought units out of the buyer's cart line (more of the product added to the cart since stays). */
export async function removeBoughtFromCart(tx: DbOrTx, cartId: string, productId: string, quantity: number): Promise<void> {
  const line = and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId));
  await tx.delete(cartItems).where(and(line, lte(cartItems.quantity, quantity)));
  await tx
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} - ${quantity}` })
    .where(line);
}

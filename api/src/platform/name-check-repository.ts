/** The names the start-up check reads (every person's, store's and product's); the store-name keys it fills in are the sellers domain's to write. */
import type { DbOrTx } from '../db/client';
import { products, sellers, users } from '../db/schema';

export function peopleNames(db: DbOrTx) {
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName }).from(users);
}

export function storeNames(db: DbOrTx) {
  return db
    .select({ id: sellers.id, name: sellers.catalogueName, skeleton: sellers.catalogueNameSkeleton, createdAt: sellers.createdAt })
    .from(sellers)
    .orderBy(sellers.createdAt, sellers.id);
}

export function productNames(db: DbOrTx) {
  return db.select({ id: products.id, name: products.name }).from(products);
}

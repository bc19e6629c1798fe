/** The wishlist domain's table (api/src/wishlist writes it). */
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './columns';
import { products } from './products';

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

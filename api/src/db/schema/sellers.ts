/** The sellers domain's table (api/src/sellers writes it): a student's store. */
import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts, type PhotoRef } from './columns';

export const sellers = pgTable(
  'sellers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogueName: text('catalogue_name').notNull(),
    /**
     * The name as it looks (sellers/store-names.ts: Unicode's confusable skeleton, case and spaces
     * folded): unique, so no store can take a name that passes for another's. Null on a store whose
     * name looked like an older store's before names were compared (reported at start, never changed).
     */
    catalogueNameSkeleton: text('catalogue_name_skeleton'),
    storeDescription: text('store_description'),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /**
     * Where payouts go, as the bank confirmed it when the account was saved:
     * Paystack's bank code and the holder's name the bank gave. Null on stores
     * saved before they were kept: the first payout derives and stores them.
     */
    bankCode: text('bank_code'),
    bankAccountName: text('bank_account_name'),
    /** When the payout account last changed (null: never since the store opened); payouts wait 24 hours after it. */
    bankAccountChangedAt: ts('bank_account_changed_at'),
    phoneNumber: text('phone_number').notNull(),
    whatsappNumber: text('whatsapp_number'),
    location: text('location').notNull(),
    picture: jsonb('picture').$type<PhotoRef>(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  // One store per user, enforced by the database as well as the route.
  (t) => [uniqueIndex('sellers_user_id_key').on(t.userId), uniqueIndex('sellers_catalogue_name_skeleton_key').on(t.catalogueNameSkeleton)],
);

export type SellerRow = typeof sellers.$inferSelect;

/**
 * The whole database schema for drizzle (queries and migrations) and for the repositories.
 * One file per owner, named after the domain folder that writes its tables (scripts/table-owners.mjs
 * checks that only that folder's repositories write them); columns.ts holds the column types
 * all of them use. Files import each other's tables one way only (for foreign keys):
 * accounts <- sellers, categories <- products <- cart, wishlist, money <- messages, ops.
 */
export * from './accounts';
export * from './sellers';
export * from './categories';
export * from './products';
export * from './cart';
export * from './wishlist';
export * from './search';
export * from './money';
export * from './messages';
export * from './ops';
export * from './limits';
export * from './db';
export * from './platform';
export type { PhotoRef } from './columns';

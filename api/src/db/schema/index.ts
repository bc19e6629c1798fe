/**
 * The whole database schema, one file per area, for drizzle (queries and
 * migrations) and for the repositories. Areas import each other's tables
 * one way only: accounts <- catalogue <- orders <- disputes.
 */
export * from './accounts';
export * from './catalogue';
export * from './orders';
export * from './disputes';
export * from './limits';
export * from './messages';
export * from './ops';
export * from './impressions';
export * from './test-support';

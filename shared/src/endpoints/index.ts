/**
 * Every /api/v1 endpoint, by domain. `ENDPOINTS` lists them all: the API
 * checks that each has exactly one route, and the browser test fake answers
 * them by name. A new endpoint goes in its domain's file and in this list.
 */
import * as accounts from './accounts';
import * as cart from './cart';
import * as categories from './categories';
import * as messages from './messages';
import * as ops from './ops';
import * as orders from './orders';
import * as payments from './payments';
import * as platform from './platform';
import * as products from './products';
import * as sellers from './sellers';
import * as wishlist from './wishlist';
import { isEndpointDefinition, type EndpointDefinition } from './define';

export { accounts, cart, categories, messages, ops, orders, payments, platform, products, sellers, wishlist };
export * from './define';
export { INDEX_SORTS, REPLICA_SORTS, SORT_TO_INDEX, indexForSort, replicaName, type IndexSort, type ReplicaSort } from './platform';

function endpointsOf(domain: Record<string, unknown>): EndpointDefinition[] {
  return Object.values(domain).filter(isEndpointDefinition);
}

export const ENDPOINTS: readonly EndpointDefinition[] = [
  accounts,
  sellers,
  products,
  categories,
  cart,
  wishlist,
  payments,
  orders,
  platform,
  messages,
  ops,
].flatMap(endpointsOf);

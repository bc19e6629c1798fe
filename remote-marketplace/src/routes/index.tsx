/**
 * The marketplace remote's screens, one per screen id of the federation
 * contract (`REMOTES.remoteMarketplace`). Each screen is its own chunk, so
 * /marketplace loads only what it shows.
 */
import { lazy } from 'react';
import type { ScreenMap } from '@campus/shared/remote-routes';

export const MARKETPLACE_SCREENS: ScreenMap<'remoteMarketplace'> = {
  marketplace: lazy(() => import(/* webpackChunkName: "marketplace" */ './MarketplacePage')),
  product: lazy(() => import(/* webpackChunkName: "product" */ './ProductPage')),
  category: lazy(() => import(/* webpackChunkName: "category" */ './CategoryPage')),
  catalogue: lazy(() => import(/* webpackChunkName: "catalogue" */ './CataloguePage')),
};

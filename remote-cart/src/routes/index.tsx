/**
 * The cart remote's screens, one per screen id of the federation contract
 * (`REMOTES.remoteCart`). Each screen is its own chunk.
 */
import { lazy } from 'react';
import type { ScreenMap } from '@campus/shared/remote-routes';

export const CART_SCREENS: ScreenMap<'remoteCart'> = {
  cart: lazy(() => import(/* webpackChunkName: "cart" */ './CartPage')),
  wishlist: lazy(() => import(/* webpackChunkName: "wishlist" */ './WishlistPage')),
  checkoutCallback: lazy(() => import(/* webpackChunkName: "payment-return" */ './PaymentReturnPage')),
};

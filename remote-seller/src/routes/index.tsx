/**
 * The seller remote's screens, one per screen id of the federation contract
 * (`REMOTES.remoteSeller`). Each screen is its own chunk, so a page loads only
 * what it shows. Seller pages get their h1 title from the seller chrome.
 */
import { lazy } from 'react';
import type { ScreenMap } from '@campus/shared/remote-routes';
import { REMOTES } from '@campus/shared/federation';
import { Text } from '@campus/shared/ui';
import { SellerPage } from '../components/SellerPage';

export function sellerTitle(id: string): string {
  const screen = REMOTES.remoteSeller.screens.find((s) => s.id === id);
  return screen && 'seller' in screen ? screen.seller.title : 'Seller';
}

/** Screens still to be built: they say so, and claim nothing more. */
const notYetBuilt = (id: string) =>
  function NotYetBuilt() {
    return (
      <SellerPage title={sellerTitle(id)}>
        <Text color="fg.muted">This part of the back office is being built.</Text>
      </SellerPage>
    );
  };

export const SELLER_SCREENS: ScreenMap<'remoteSeller'> = {
  onboarding: lazy(() => import(/* webpackChunkName: "onboarding" */ './OnboardingPage')),
  dashboard: lazy(() => import(/* webpackChunkName: "dashboard" */ './DashboardPage')),
  products: lazy(() => import(/* webpackChunkName: "products" */ './ProductsPage')),
  addProduct: lazy(() => import(/* webpackChunkName: "add-product" */ './AddProductPage')),
  editProduct: lazy(() => import(/* webpackChunkName: "edit-product" */ './EditProductPage')),
  productDetails: lazy(() => import(/* webpackChunkName: "product-details" */ './ProductDetailsPage')),
  orders: lazy(() => import(/* webpackChunkName: "orders" */ './OrdersPage')),
  customers: notYetBuilt('customers'),
  analytics: notYetBuilt('analytics'),
  settings: lazy(() => import(/* webpackChunkName: "settings" */ './SettingsPage')),
};

/**
 * The seller remote's screens, one per screen id of the federation contract
 * (`REMOTES.remoteSeller`). Each screen is its own chunk, so a page loads only
 * what it shows (the Analytics chunk alone carries the chart library). Seller
 * pages get their h1 title from the seller chrome.
 */
import { lazy } from 'react';
import type { ScreenMap } from '@campus/shared/remote-routes';

export const SELLER_SCREENS: ScreenMap<'remoteSeller'> = {
  onboarding: lazy(() => import(/* webpackChunkName: "onboarding" */ './OnboardingPage')),
  dashboard: lazy(() => import(/* webpackChunkName: "dashboard" */ './DashboardPage')),
  products: lazy(() => import(/* webpackChunkName: "products" */ './ProductsPage')),
  addProduct: lazy(() => import(/* webpackChunkName: "add-product" */ './AddProductPage')),
  editProduct: lazy(() => import(/* webpackChunkName: "edit-product" */ './EditProductPage')),
  productDetails: lazy(() => import(/* webpackChunkName: "product-details" */ './ProductDetailsPage')),
  orders: lazy(() => import(/* webpackChunkName: "orders" */ './OrdersPage')),
  customers: lazy(() => import(/* webpackChunkName: "customers" */ './CustomersPage')),
  analytics: lazy(() => import(/* webpackChunkName: "analytics" */ './AnalyticsPage')),
  settings: lazy(() => import(/* webpackChunkName: "settings" */ './SettingsPage')),
};

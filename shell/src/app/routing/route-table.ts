/**
 * The route table, in one place: every path, who renders it (a remote or a
 * shell page) and who may see it (spec section 2). App routes are built from
 * these lists; the navbar and seller chrome read them too.
 */
import { matchPath } from 'react-router-dom';
import type { RemoteName } from '@campus/shared/runtime-config';

/**
 * 'has-token' is the profile page's own rule (spec section 2: "The profile page
 * redirects to /auth when there is no token"), where other signed-in pages go to /login.
 */
export type Access = 'public' | 'guest-only' | 'signed-in' | 'has-token' | 'seller';

export interface RemoteRouteGroup {
  remote: RemoteName;
  access: Access;
  /** Absolute path patterns the remote's own <Routes> also declares. */
  paths: readonly string[];
  /** Seller back-office pages get the seller-mode chrome. */
  sellerChrome?: boolean;
}

export const REMOTE_ROUTE_GROUPS: readonly RemoteRouteGroup[] = [
  { remote: 'remoteAuth', access: 'guest-only', paths: ['/auth', '/login', '/register'] },
  { remote: 'remoteAuth', access: 'public', paths: ['/verify', '/forgot-password', '/reset-password'] },
  { remote: 'remoteAuth', access: 'has-token', paths: ['/profile'] },
  {
    remote: 'remoteMarketplace',
    access: 'signed-in',
    paths: ['/marketplace', '/product/:slug', '/category/:categoryId', '/seller/:sellerId/catalogue'],
  },
  { remote: 'remoteCart', access: 'signed-in', paths: ['/cart', '/wishlist', '/checkout/callback'] },
  { remote: 'remoteSeller', access: 'signed-in', paths: ['/seller/onboarding'] },
  {
    remote: 'remoteSeller',
    access: 'seller',
    sellerChrome: true,
    paths: [
      '/seller/dashboard',
      '/seller/products',
      '/seller/products/add',
      '/seller/products/edit/:productId',
      '/seller/products/:id',
      '/seller/orders',
      '/seller/customers',
      '/seller/analytics',
      '/seller/settings',
    ],
  },
];

export type ShellPageId = 'landing' | 'features' | 'how-it-works' | 'products' | 'client-stories' | 'chat';

export interface ShellPageRoute {
  path: string;
  page: ShellPageId;
  access: Access;
}

export const SHELL_PAGES: readonly ShellPageRoute[] = [
  { path: '/', page: 'landing', access: 'public' },
  { path: '/features', page: 'features', access: 'public' },
  { path: '/how-it-works', page: 'how-it-works', access: 'public' },
  { path: '/products', page: 'products', access: 'public' },
  { path: '/client-stories', page: 'client-stories', access: 'public' },
  { path: '/chat', page: 'chat', access: 'signed-in' },
];

export interface SellerPage {
  path: string;
  title: string;
  /** Listed in the seller side menu (pages that need an id are not). */
  inMenu: boolean;
}

/** Most specific first: matchPath('/seller/products/:id') would also match /add. */
export const SELLER_PAGES: readonly SellerPage[] = [
  { path: '/seller/dashboard', title: 'Dashboard', inMenu: true },
  { path: '/seller/products', title: 'Products', inMenu: true },
  { path: '/seller/products/add', title: 'Add Product', inMenu: true },
  { path: '/seller/products/edit/:productId', title: 'Edit Product', inMenu: false },
  { path: '/seller/products/:id', title: 'Product Details', inMenu: false },
  { path: '/seller/orders', title: 'Orders', inMenu: true },
  { path: '/seller/customers', title: 'Customers', inMenu: true },
  { path: '/seller/analytics', title: 'Analytics', inMenu: true },
  { path: '/seller/settings', title: 'Settings', inMenu: true },
];

/**
 * Spec section 2: seller-mode chrome belongs to paths under /seller/ other
 * than /seller/onboarding and any path containing /catalogue — and, so a
 * mistyped /seller/... URL gets the plain 404, only to known seller pages.
 */
export function isSellerModePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!path.startsWith('/seller/') || path === '/seller/onboarding' || path.includes('/catalogue')) return false;
  return findSellerPage(path) !== undefined;
}

export function findSellerPage(pathname: string): SellerPage | undefined {
  const exact = SELLER_PAGES.filter((p) => !p.path.includes(':')).find((p) => matchPath(p.path, pathname));
  return exact ?? SELLER_PAGES.find((p) => matchPath(p.path, pathname));
}

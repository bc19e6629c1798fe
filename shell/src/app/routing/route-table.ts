/**
 * The route table: every path, who renders it (a remote or a shell page) and
 * who may see it (spec section 2). The remotes' paths, access and seller pages
 * come from the federation contract (`@campus/shared/federation`); the shell's
 * own pages are listed here. App routes are built from these lists; the navbar
 * and seller chrome read them too.
 */
import { matchPath } from 'react-router-dom';
import { href, REMOTE_NAMES, REMOTES, type RemoteName, type RouteAccess, type ScreenContract } from '@campus/shared/federation';

export type Access = RouteAccess;

export interface RemoteRouteGroup {
  remote: RemoteName;
  access: Access;
  /** Absolute path patterns the remote's own <Routes> also declares (from the federation contract). */
  paths: readonly string[];
  /** Seller back-office pages get the seller-mode chrome. */
  sellerChrome: boolean;
}

/**
 * The remotes' screens from the federation contract, grouped by remote, access
 * and chrome (in contract order): one guarded layout route per group.
 */
export const REMOTE_ROUTE_GROUPS: readonly RemoteRouteGroup[] = REMOTE_NAMES.flatMap((remote) => {
  const groups: RemoteRouteGroup[] = [];
  for (const screen of REMOTES[remote].screens as readonly ScreenContract[]) {
    const sellerChrome = screen.seller !== undefined;
    const group = groups.find((g) => g.access === screen.access && g.sellerChrome === sellerChrome);
    if (group) group.paths = [...group.paths, screen.path];
    else groups.push({ remote, access: screen.access, paths: [screen.path], sellerChrome });
  }
  return groups;
});

export type ShellPageId = 'landing' | 'features' | 'how-it-works' | 'products' | 'client-stories';

export interface ShellPageRoute {
  path: string;
  page: ShellPageId;
  access: Access;
}

export const SHELL_PAGES: readonly ShellPageRoute[] = [
  { path: href('landing'), page: 'landing', access: 'public' },
  { path: href('features'), page: 'features', access: 'public' },
  { path: href('howItWorks'), page: 'how-it-works', access: 'public' },
  { path: href('productsOverview'), page: 'products', access: 'public' },
  { path: href('clientStories'), page: 'client-stories', access: 'public' },
];

export interface SellerPage {
  /** The screen id in the federation contract. */
  id: SellerScreenId;
  path: string;
  title: string;
  /** Listed in the seller side menu (pages that need an id are not). */
  inMenu: boolean;
}

type SellerScreen = Extract<(typeof REMOTES)['remoteSeller']['screens'][number], { seller: object }>;
export type SellerScreenId = SellerScreen['id'];

/** The seller back-office pages of the contract (most specific first, as listed there). */
export const SELLER_PAGES: readonly SellerPage[] = REMOTES.remoteSeller.screens
  .filter((screen): screen is SellerScreen => 'seller' in screen)
  .map((screen) => ({ id: screen.id, path: screen.path, title: screen.seller.title, inMenu: screen.seller.menu }));

/**
 * Spec section 2: seller-mode chrome belongs to paths under /seller/ other
 * than /seller/onboarding and any path containing /catalogue — and, so a
 * mistyped /seller/... URL gets the plain 404, only to known seller pages.
 */
export function isSellerModePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!path.startsWith('/seller/') || path === href('onboarding') || path.includes('/catalogue')) return false;
  return findSellerPage(path) !== undefined;
}

export function findSellerPage(pathname: string): SellerPage | undefined {
  const exact = SELLER_PAGES.filter((p) => !p.path.includes(':')).find((p) => matchPath(p.path, pathname));
  return exact ?? SELLER_PAGES.find((p) => matchPath(p.path, pathname));
}

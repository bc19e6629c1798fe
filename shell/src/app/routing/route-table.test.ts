import { matchPath } from 'react-router-dom';
import { REMOTE_NAMES, REMOTES, type ScreenContract } from '@campus/shared/federation';
import { findSellerPage, isSellerModePath, REMOTE_ROUTE_GROUPS, SELLER_PAGES, SHELL_PAGES } from './route-table';

describe('isSellerModePath (spec section 2: seller-mode chrome)', () => {
  it.each([
    '/seller/dashboard',
    '/seller/products',
    '/seller/products/add',
    '/seller/products/edit/p1',
    '/seller/products/p1',
    '/seller/orders',
    '/seller/customers',
    '/seller/analytics',
    '/seller/settings',
    '/seller/orders/',
  ])('%s is in seller mode', (path) => expect(isSellerModePath(path)).toBe(true));

  it.each([
    '/seller/onboarding',
    '/seller/s1/catalogue',
    '/seller/dashboard/catalogue',
    '/marketplace',
    '/',
    '/seller',
    '/seller/unknown-page',
    '/chat',
  ])('%s is not', (path) => expect(isSellerModePath(path)).toBe(false));
});

describe('findSellerPage', () => {
  it.each([
    ['/seller/products/add', 'Add Product'],
    ['/seller/products/edit/42', 'Edit Product'],
    ['/seller/products/42', 'Product Details'],
    ['/seller/products', 'Products'],
    ['/seller/settings', 'Settings'],
  ])('%s is titled %s', (path, title) => expect(findSellerPage(path)?.title).toBe(title));
});

describe('the route table', () => {
  const all = [...SHELL_PAGES.map((p) => p.path), ...REMOTE_ROUTE_GROUPS.flatMap((g) => g.paths)];

  it('declares every path once', () => {
    expect(new Set(all).size).toBe(all.length);
  });

  it.each([
    ['/auth', 'remoteAuth', 'guest-only'],
    ['/register', 'remoteAuth', 'guest-only'],
    ['/reset-password', 'remoteAuth', 'public'],
    ['/profile', 'remoteAuth', 'has-token'],
    ['/product/kettle', 'remoteMarketplace', 'signed-in'],
    ['/seller/abc/catalogue', 'remoteMarketplace', 'signed-in'],
    ['/checkout/callback', 'remoteCart', 'signed-in'],
    ['/seller/onboarding', 'remoteSeller', 'signed-in'],
    ['/seller/products/edit/9', 'remoteSeller', 'seller'],
    ['/chat', 'remoteMessages', 'signed-in'],
    ['/ops', 'remoteOps', 'operator'],
    ['/ops/disputes', 'remoteOps', 'operator'],
  ])('%s belongs to %s with access %s', (path, remote, access) => {
    const group = REMOTE_ROUTE_GROUPS.find((g) => g.paths.some((p) => matchPath(p, path)));
    expect(group).toMatchObject({ remote, access });
  });
});

describe('the route table is the federation contract: every remote screen routed once', () => {
  const screens = REMOTE_NAMES.flatMap((remote) =>
    (REMOTES[remote].screens as readonly ScreenContract[]).map((screen) => ({ remote, screen })),
  );

  it('routes every screen of every remote exactly once, with its access and chrome', () => {
    for (const { remote, screen } of screens) {
      const groups = REMOTE_ROUTE_GROUPS.filter((g) => g.paths.includes(screen.path));
      expect(groups).toHaveLength(1);
      expect(groups[0]).toMatchObject({ remote, access: screen.access, sellerChrome: screen.seller !== undefined });
    }
    expect(REMOTE_ROUTE_GROUPS.flatMap((g) => g.paths)).toHaveLength(screens.length);
  });

  it('takes the seller pages, titles and menu entries from the contract', () => {
    const sellerScreens = screens.filter(({ screen }) => screen.seller);
    expect(SELLER_PAGES.map((p) => [p.path, p.title, p.inMenu])).toEqual(
      sellerScreens.map(({ screen }) => [screen.path, screen.seller?.title, screen.seller?.menu]),
    );
  });
});

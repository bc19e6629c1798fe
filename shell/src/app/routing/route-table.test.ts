import { matchPath } from 'react-router-dom';
import { findSellerPage, isSellerModePath, REMOTE_ROUTE_GROUPS, SHELL_PAGES } from './route-table';

describe('isSellerModePath (spec section 2: seller-mode chrome)', () => {
  it.each(['/seller/dashboard', '/seller/products', '/seller/products/add', '/seller/products/edit/p1', '/seller/products/p1', '/seller/orders', '/seller/customers', '/seller/analytics', '/seller/settings', '/seller/orders/'])(
    '%s is in seller mode',
    (path) => expect(isSellerModePath(path)).toBe(true),
  );

  it.each(['/seller/onboarding', '/seller/s1/catalogue', '/seller/dashboard/catalogue', '/marketplace', '/', '/seller', '/seller/unknown-page', '/chat'])(
    '%s is not',
    (path) => expect(isSellerModePath(path)).toBe(false),
  );
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
  ])('%s belongs to %s with access %s', (path, remote, access) => {
    const group = REMOTE_ROUTE_GROUPS.find((g) => g.paths.some((p) => matchPath(p, path)));
    expect(group).toMatchObject({ remote, access });
  });
});

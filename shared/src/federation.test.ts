import {
  afterSignInPath,
  conversationHref,
  href,
  REMOTE_NAMES,
  REMOTES,
  RETURN_PARAM,
  returnPathFrom,
  safeReturnPath,
  SHELL_SCREENS,
  withReturnPath,
} from './federation';

describe('href', () => {
  it('gives the contract path of a screen without params', () => {
    expect(href('cart')).toBe('/cart');
    expect(href('addProduct')).toBe('/seller/products/add');
    expect(href('landing')).toBe('/');
    expect(href('checkoutCallback')).toBe('/checkout/callback');
  });

  it('fills and encodes the params of a screen', () => {
    expect(href('product', { slug: 'red shoes/2' })).toBe('/product/red%20shoes%2F2');
    expect(href('catalogue', { sellerId: 's1' })).toBe('/seller/s1/catalogue');
    expect(href('editProduct', { productId: 'p1' })).toBe('/seller/products/edit/p1');
  });

  it('names every screen once, so a name means one path', () => {
    const ids = [...REMOTE_NAMES.flatMap((r) => REMOTES[r].screens.map((s) => s.id)), ...SHELL_SCREENS.map((s) => s.id)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('checks screen names and params at compile time', () => {
    // @ts-expect-error: no such screen
    expect(() => href('nowhere')).toThrow();
    // @ts-expect-error: the product screen needs its slug
    href('product');
    // @ts-expect-error: the catalogue's param is sellerId
    href('catalogue', { id: 's1' });
  });
});

describe('conversationHref', () => {
  it('names the subject of the conversation in one query parameter of /chat', () => {
    expect(conversationHref({ productId: 'p 1' })).toBe('/chat?product=p%201');
    expect(conversationHref({ orderId: 'o1' })).toBe('/chat?order=o1');
    expect(conversationHref({ sellerId: 's1' })).toBe('/chat?seller=s1');
    expect(conversationHref({ conversationId: 'c1' })).toBe('/chat?c=c1');
  });
});

describe('the return path after signing in', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/product/red-shoes')).toBe('/product/red-shoes');
    expect(safeReturnPath('/seller/s1/catalogue?q=lamp&page=2')).toBe('/seller/s1/catalogue?q=lamp&page=2');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    '//evil.com',
    '//evil.com/product/x',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'https://evil.com/product/x',
    'http:/evil.com',
    'javascript:alert(1)',
    'product/x',
    '',
    '/\tevil.com',
    '/\n/evil.com',
    ' /product/x',
    '/login',
    '/login?next=%2Fcart',
    '/register/',
    '/auth',
  ])('refuses %j (another origin, not a path, or an auth page)', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string, and very long text', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(['/cart'])).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2048)}`)).toBeNull();
  });

  it('reads it from the query, encoded, and falls back to /marketplace', () => {
    const search = `?${RETURN_PARAM}=${encodeURIComponent('/product/a?x=1&y=2')}`;
    expect(returnPathFrom(search)).toBe('/product/a?x=1&y=2');
    expect(afterSignInPath(search)).toBe('/product/a?x=1&y=2');
    expect(afterSignInPath('')).toBe('/marketplace');
    expect(afterSignInPath('?next=%2F%2Fevil.com')).toBe('/marketplace');
    expect(afterSignInPath('?next=https%3A%2F%2Fevil.com')).toBe('/marketplace');
  });

  it('writes it into an auth link only when it is safe', () => {
    expect(withReturnPath('/login', '/product/a?x=1')).toBe('/login?next=%2Fproduct%2Fa%3Fx%3D1');
    expect(withReturnPath('/login', '//evil.com')).toBe('/login');
    expect(withReturnPath('/register', null)).toBe('/register');
  });
});

import { conversationHref, href, REMOTE_NAMES, REMOTES, SHELL_SCREENS } from './federation';

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

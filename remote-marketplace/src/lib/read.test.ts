import { readCart } from '@campus/shared/get-cart';
import { readCategories } from '../features/category/api/get-categories';
import { readWishlistIds } from '@campus/shared/get-wishlist';
import { makeCart } from '../test/fixtures';

describe('answer readers of the /marketplace route', () => {
  it('reads a cart and refuses one without totals', () => {
    const cart = makeCart([{ id: 'i1', productId: 'p1', quantity: 2 }]);
    expect(readCart({ data: cart })).toEqual(cart);
    expect(() => readCart({ data: { sellers: [] } })).toThrow('Unexpected answer');
    expect(() => readCart({ data: { ...cart, sellers: [{ sellerId: 's', items: [{ id: 1 }] }] } })).toThrow('item.id');
  });

  it('reads wishlist ids from productId or product.id, in data or bare', () => {
    expect(readWishlistIds({ data: [{ productId: 'a' }, { product: { id: 'b' } }, { other: 1 }] })).toEqual(['a', 'b']);
    expect(readWishlistIds([{ productId: 'c' }])).toEqual(['c']);
    expect(() => readWishlistIds({ data: 'nope' })).toThrow('not a list');
  });

  it('reads categories from data or a bare list', () => {
    expect(readCategories({ data: [{ id: 'c1', name: 'Books', extra: true }] })).toEqual([{ id: 'c1', name: 'Books' }]);
    expect(readCategories([{ id: 'c2', name: 'Shoes' }])).toEqual([{ id: 'c2', name: 'Shoes' }]);
    expect(() => readCategories([{ id: 2 }])).toThrow('category.id');
  });
});

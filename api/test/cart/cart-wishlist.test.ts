/** Cart and wishlist (spec sections 3, 4, 7, 8): stock limits, own products, ownership, texts. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { MAX_CART_QUANTITY, cartSchema, userSchema } from '@campus/shared/schemas';
import { get, onPostgres, post, signedIn } from '../helpers';
import { catalogueTestApp, createProduct, send, sellerAccount, type ProductOut } from '../catalogue-helpers';

let app: FastifyInstance;
let seller: Awaited<ReturnType<typeof sellerAccount>>;
let calculator: ProductOut;
let textbook: ProductOut;
let otherStoreItem: ProductOut;

beforeAll(async () => {
  app = await catalogueTestApp();
  seller = await sellerAccount(app);
  calculator = await createProduct(app, seller.token, seller.sellerId, { price: '12500.50', stockQuantity: '5' });
  textbook = await createProduct(app, seller.token, seller.sellerId, {
    name: 'Organic chemistry textbook',
    price: '7999.99',
    stockQuantity: '2',
    categoryId: 'books',
  });
  const second = await sellerAccount(app, { catalogueName: 'Hall Snacks' });
  otherStoreItem = await createProduct(app, second.token, second.sellerId, {
    name: 'Indomie carton',
    price: '9800',
    stockQuantity: '10',
    categoryId: 'food-snacks',
  });
});
afterAll(async () => {
  await app.close();
});

const cartOf = async (token: string) => cartSchema.parse((await get(app, '/cart', token)).body.data);

describe('cart', () => {
  it('starts empty, groups items by seller and totals in kobo-exact naira', async () => {
    const { token } = await signedIn(app);
    expect(await cartOf(token)).toEqual({ cartId: null, sellers: [], totals: { totalItems: 0, totalPrice: '0.00' } });
    const added = await post(
      app,
      '/cart/add',
      {
        items: [
          { productId: calculator.id, quantity: 2 },
          { productId: otherStoreItem.id, quantity: 1 },
        ],
      },
      token,
    );
    expect(added.status).toBe(200);
    const cart = cartSchema.parse(added.body.data);
    expect(cart.sellers).toHaveLength(2);
    expect(cart.totals).toEqual({ totalItems: 3, totalPrice: '34801.00' });
    const item = cart.sellers.find((g) => g.sellerId === seller.sellerId)?.items[0];
    expect(item).toMatchObject({
      quantity: 2,
      productId: calculator.id,
      cartId: cart.cartId,
      product: { name: calculator.name, price: '12500.50' },
    });
    const me = userSchema.parse((await get(app, '/auth/me', token)).body.data);
    expect(me.cart?.id).toBe(cart.cartId);

    // Adding again adds up.
    const again = cartSchema.parse(
      (await post(app, '/cart/add', { items: [{ productId: calculator.id, quantity: 1 }], cartId: cart.cartId ?? undefined }, token)).body
        .data,
    );
    expect(again.totals.totalItems).toBe(4);
  });

  it('refuses quantities above stock, out-of-stock products and unknown products, changing nothing', async () => {
    const { token } = await signedIn(app);
    const above = await post(app, '/cart/add', { items: [{ productId: textbook.id, quantity: 3 }] }, token);
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(MESSAGES.cart.aboveStock(textbook.name, 2));
    await post(app, '/cart/add', { items: [{ productId: textbook.id, quantity: 2 }] }, token);
    const onTop = await post(app, '/cart/add', { items: [{ productId: textbook.id, quantity: 1 }] }, token);
    expect(onTop.status).toBe(400);
    const cart = await cartOf(token);
    const itemId = cart.sellers[0]?.items[0]?.id ?? '';
    const patch = await send(app, 'PATCH', `/cart/item/update/${itemId}`, token, { quantity: 3 });
    expect(patch.status).toBe(400);
    expect((await send(app, 'PATCH', `/cart/item/update/${itemId}`, token, { quantity: 0 })).status).toBe(400);
    expect((await send(app, 'PATCH', `/cart/item/update/${itemId}`, token, { quantity: 1.5 })).status).toBe(400);
    expect((await cartOf(token)).totals.totalItems).toBe(2);
    expect((await post(app, '/cart/add', { items: [{ productId: 'nope', quantity: 1 }] }, token)).status).toBe(404);

    const soldOut = await createProduct(app, seller.token, seller.sellerId, { name: 'Sold out lamp', stockQuantity: '0' });
    const out = await post(app, '/cart/add', { items: [{ productId: soldOut.id, quantity: 1 }] }, token);
    expect(out.status).toBe(400);
    expect(out.body.message).toBe(MESSAGES.cart.outOfStock('Sold out lamp'));
  });

  it('keeps every quantity when adds run in parallel (one add at a time per cart)', async () => {
    const { token } = await signedIn(app);
    const roomy = await createProduct(app, seller.token, seller.sellerId, { name: 'Graph paper pad', stockQuantity: '100' });
    expect((await post(app, '/cart/add', { items: [{ productId: roomy.id, quantity: 1 }] }, token)).status).toBe(200);
    const adds = await Promise.all(
      Array.from({ length: 5 }, () => post(app, '/cart/add', { items: [{ productId: roomy.id, quantity: 3 }] }, token)),
    );
    expect(adds.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await cartOf(token)).totals.totalItems).toBe(16);
  });

  (onPostgres ? it : it.skip)('never passes the stock when parallel adds race (PostgreSQL)', async () => {
    const { token } = await signedIn(app);
    const scarce = await createProduct(app, seller.token, seller.sellerId, { name: 'Last few markers', stockQuantity: '6' });
    const adds = await Promise.all(
      Array.from({ length: 4 }, () => post(app, '/cart/add', { items: [{ productId: scarce.id, quantity: 2 }] }, token)),
    );
    expect(adds.filter((r) => r.status === 200)).toHaveLength(3);
    expect(adds.filter((r) => r.status === 400)).toHaveLength(1);
    expect((await cartOf(token)).totals.totalItems).toBe(6);
  });

  it('caps the summed quantity of one product at MAX_CART_QUANTITY, with clear texts', async () => {
    const { token } = await signedIn(app);
    const bulk = await createProduct(app, seller.token, seller.sellerId, { name: 'Printer paper ream', stockQuantity: '5000' });
    expect((await post(app, '/cart/add', { items: [{ productId: bulk.id, quantity: MAX_CART_QUANTITY }] }, token)).status).toBe(200);
    const more = await post(app, '/cart/add', { items: [{ productId: bulk.id, quantity: 1 }] }, token);
    expect(more.status).toBe(400);
    expect(more.body.message).toBe(MESSAGES.cart.aboveCartMaximum(bulk.name, MAX_CART_QUANTITY));
    expect((await cartOf(token)).totals.totalItems).toBe(MAX_CART_QUANTITY);

    const tooMany = await post(app, '/cart/add', { items: [{ productId: bulk.id, quantity: MAX_CART_QUANTITY + 1 }] }, token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(MESSAGES.cart.quantityMax(MAX_CART_QUANTITY));
    const itemId = (await cartOf(token)).sellers[0]?.items[0]?.id ?? '';
    const fraction = await send(app, 'PATCH', `/cart/item/update/${itemId}`, token, { quantity: 1.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toBe('Quantity must be a whole number');
    const text = await send(app, 'PATCH', `/cart/item/update/${itemId}`, token, { quantity: 'two' });
    expect(text.body.message).toBe('Quantity must be a whole number');
    const missing = await send(app, 'PATCH', `/cart/item/update/${itemId}`, token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('quantity is required');
  });

  it("refuses a seller's own product", async () => {
    const res = await post(app, '/cart/add', { items: [{ productId: calculator.id, quantity: 1 }] }, seller.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.cart.ownProduct);
    expect((await cartOf(seller.token)).totals.totalItems).toBe(0);
  });

  it("keeps users out of each other's carts: no reads, no changes", async () => {
    const ada = await signedIn(app);
    const bola = await signedIn(app);
    const adaCart = cartSchema.parse(
      (await post(app, '/cart/add', { items: [{ productId: calculator.id, quantity: 1 }] }, ada.token)).body.data,
    );
    const adaItem = adaCart.sellers[0]?.items[0]?.id ?? '';

    // Bola sees only her own (empty) cart, and cannot touch Ada's item or cart.
    expect((await cartOf(bola.token)).cartId).toBeNull();
    expect((await send(app, 'PATCH', `/cart/item/update/${adaItem}`, bola.token, { quantity: 2 })).status).toBe(403);
    expect((await send(app, 'DELETE', `/cart/item/remove/${adaItem}`, bola.token)).status).toBe(403);
    const claim = await post(
      app,
      '/cart/add',
      { items: [{ productId: textbook.id, quantity: 1 }], cartId: adaCart.cartId ?? '' },
      bola.token,
    );
    expect(claim.status).toBe(403);
    await send(app, 'DELETE', '/cart/clear', bola.token);
    expect(await cartOf(ada.token)).toEqual(adaCart);
    expect((await get(app, '/cart')).status).toBe(401);

    // Ada can change, remove and clear her own.
    expect(
      cartSchema.parse((await send(app, 'PATCH', `/cart/item/update/${adaItem}`, ada.token, { quantity: 3 })).body.data).totals.totalItems,
    ).toBe(3);
    expect(cartSchema.parse((await send(app, 'DELETE', `/cart/item/remove/${adaItem}`, ada.token)).body.data).totals.totalItems).toBe(0);
    await post(app, '/cart/add', { items: [{ productId: textbook.id, quantity: 1 }] }, ada.token);
    const cleared = await send(app, 'DELETE', '/cart/clear', ada.token);
    expect(cartSchema.parse(cleared.body.data).totals).toEqual({ totalItems: 0, totalPrice: '0.00' });
  });
});

describe('wishlist', () => {
  it('adds, lists and removes, with the spec 400 texts', async () => {
    const { token } = await signedIn(app);
    expect((await get(app, '/wishlist', token)).body.data).toEqual([]);
    expect((await post(app, '/wishlist/add', { productId: calculator.id }, token)).status).toBe(201);
    const twice = await post(app, '/wishlist/add', { productId: calculator.id }, token);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MESSAGES.wishlist.alreadyIn);
    expect(twice.body.message).toContain('already in your wishlist');

    const list = (await get(app, '/wishlist', token)).body.data as Array<{ productId: string; product?: { name: string } }>;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ productId: calculator.id, product: { name: calculator.name } });

    expect((await send(app, 'DELETE', `/wishlist/remove/${calculator.id}`, token)).status).toBe(200);
    // Add takes a slug or an id, and so does remove.
    expect((await post(app, '/wishlist/add', { productId: calculator.slug }, token)).status).toBe(201);
    expect((await send(app, 'DELETE', `/wishlist/remove/${calculator.slug}`, token)).status).toBe(200);
    const absent = await send(app, 'DELETE', `/wishlist/remove/${calculator.id}`, token);
    expect(absent.status).toBe(400);
    expect(absent.body.message).toContain('not in your wishlist');
    expect((await post(app, '/wishlist/add', { productId: 'nope' }, token)).status).toBe(404);
    expect((await get(app, '/wishlist')).status).toBe(401);
  });

  it("is per user: one user's wishlist never shows in another's", async () => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    await post(app, '/wishlist/add', { productId: textbook.id }, a.token);
    expect((await get(app, '/wishlist', b.token)).body.data).toEqual([]);
    expect((await send(app, 'DELETE', `/wishlist/remove/${textbook.id}`, b.token)).status).toBe(400);
    expect((await get(app, '/wishlist', a.token)).body.data).toHaveLength(1);
  });
});

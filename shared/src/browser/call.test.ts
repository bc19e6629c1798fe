import { accounts, cart, categories, products, sellers } from '../endpoints';
import { fakeApi, makeCart, makeCategory, makeProduct, makeUser, type FakeApi } from '../testing';
import { call, UnexpectedAnswerError } from './call';

let api: FakeApi;
const lampFields = { name: 'Lamp', description: 'A desk lamp', price: '1200.50', stockQuantity: 3, categoryId: 'c1' };
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => api.restore());

describe('call(endpoint, input)', () => {
  it('fills and encodes path parameters and answers the validated body', async () => {
    api.ok(products.getProduct, makeProduct({ slug: 'a b' }));
    const answer = await call(products.getProduct, { params: { slug: 'a b' } });
    expect(api.requests[0]?.url).toBe('/products/a%20b');
    expect(api.requests[0]?.params).toEqual({ slug: 'a b' });
    expect(answer.data.slug).toBe('a b');
  });

  it('sends the JSON body and the query string', async () => {
    api.ok(cart.addToCart, makeCart([{ id: 'i1', productId: 'p1', quantity: 1 }]));
    await call(cart.addToCart, { body: { items: [{ productId: 'p1', quantity: 1 }] } });
    expect(api.calls(cart.addToCart)[0]?.body).toEqual({ items: [{ productId: 'p1', quantity: 1 }] });

    api.on(products.listProducts, {
      status: 200,
      body: { data: [], pagination: { currentPage: 2, totalPages: 2, totalItems: 11, itemsPerPage: 10 } },
    });
    await call(products.listProducts, { query: { page: 2 } });
    expect(api.calls(products.listProducts)[0]?.query).toEqual({ page: 2 });
  });

  it('refuses an answer of the wrong shape', async () => {
    api.on(accounts.me, { status: 200, body: { data: { id: 1 } } });
    await expect(call(accounts.me)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('reads a bare list where the spec allows one (categories: "read from data or a bare list")', async () => {
    api.on(categories.listCategories, { status: 200, body: [makeCategory()] });
    await expect(call(categories.listCategories)).resolves.toEqual({ data: [makeCategory()] });
  });

  it('builds the multipart body from the typed fields and files the endpoint declares', async () => {
    const picture = new File(['png'], 'store.png', { type: 'image/png' });
    api.on(sellers.updateStore, { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'x' } });
    await expect(
      call(sellers.updateStore, {
        params: { id: 's1' },
        fields: { catalogueName: 'Ada Gadgets', storeDescription: '', whatsappNumber: null, location: undefined },
        files: { cataloguePicture: picture },
      }),
    ).rejects.toThrow();
    const body = api.calls(sellers.updateStore)[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()]).toEqual(['catalogueName', 'storeDescription', 'cataloguePicture']);
    expect(form.get('catalogueName')).toBe('Ada Gadgets');
    expect(form.get('storeDescription')).toBe('');
    expect(form.get('cataloguePicture')).toBe(picture);
  });

  it('sends every file of a multi-file field under its name, numbers as text', async () => {
    api.ok(sellers.createProduct, makeProduct());
    const photos = [new File(['a'], 'a.png'), new File(['b'], 'b.png')];
    await call(sellers.createProduct, { params: { id: 's1' }, fields: lampFields, files: { files: photos } });
    const form = api.calls(sellers.createProduct)[0]?.body as FormData;
    expect(form.getAll('files')).toEqual(photos);
    expect(form.get('stockQuantity')).toBe('3');
    expect(form.get('price')).toBe('1200.50');
  });

  it('refuses a file field the endpoint does not declare', async () => {
    const files = { photos: new File(['a'], 'a.png') } as unknown as { files: File };
    await expect(call(sellers.createProduct, { params: { id: 's1' }, fields: lampFields, files })).rejects.toThrow(
      'declares no file field "photos"',
    );
  });

  it("reports a multipart call's upload progress as a fraction (0..1), skipping events without a total", async () => {
    const seen: number[] = [];
    api.on(sellers.createProduct, (request) => {
      request.onUploadProgress?.({ loaded: 10 });
      request.onUploadProgress?.({ loaded: 25, total: 100 });
      request.onUploadProgress?.({ loaded: 100, total: 100 });
      return { status: 201, body: { data: makeProduct() } };
    });
    await call(sellers.createProduct, { params: { id: 's1' }, fields: lampFields }, { onUploadProgress: (f) => seen.push(f) });
    expect(seen).toEqual([0.25, 1]);
    expect(api.calls(sellers.createProduct)[0]?.timeout).toBe(30_000);
  });

  it('sends no progress listener when the caller wants none', async () => {
    api.ok(sellers.createProduct, makeProduct());
    await call(sellers.createProduct, { params: { id: 's1' }, fields: lampFields });
    expect(api.calls(sellers.createProduct)[0]?.onUploadProgress).toBeUndefined();
  });

  it('sends the stored token, or the one the caller gives', async () => {
    localStorage.setItem('token', 'stored');
    api.ok(accounts.me, makeUser()).ok(accounts.logout, null);
    await call(accounts.me);
    await call(accounts.logout, undefined, { token: 'ending', skipAuthRedirect: true });
    expect(api.calls(accounts.me)[0]?.headers.Authorization).toBe('Bearer stored');
    expect(api.calls(accounts.logout)[0]?.headers.Authorization).toBe('Bearer ending');
    expect(api.calls(accounts.logout)[0]?.skipAuthRedirect).toBe(true);
  });
});

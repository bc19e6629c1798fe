/** Products and photos: create, read, update, delete, ownership, photo rules, EXIF stripping, categories. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { MESSAGES } from '@campus/shared/messages';
import { categorySchema, productSchema } from '@campus/shared/schemas';
import { get, signedIn } from '../helpers';
import { catalogueTestApp, createProduct, multipart, photoPart, pngPhoto, send, sellerAccount } from '../catalogue-helpers';

let app: FastifyInstance;
let uploads: string;

beforeAll(async () => {
  app = await catalogueTestApp();
  const storage = app.config.catalogue.storage;
  if (storage.kind !== 'disk') throw new Error('tests expect disk storage');
  uploads = storage.dir;
});
afterAll(async () => {
  await app.close();
});

const base = { name: 'HP EliteBook 840 G3', description: 'Core i5, 8GB RAM', price: '185000', stockQuantity: '3', categoryId: 'computers' };

describe('POST /sellers/{id}/catalogue', () => {
  it('lists a product: kobo-exact price string, unique slug, stock, category, photos in two sizes', async () => {
    const s = await sellerAccount(app);
    const product = productSchema.parse(await createProduct(app, s.token, s.sellerId, { price: '12,500.5' }, 2));
    expect(product).toMatchObject({
      price: '12500.50',
      stockQuantity: 5,
      inStock: true,
      categoryId: 'electronics',
      averageRating: 0,
      totalRatings: 0,
    });
    expect(product.category).toEqual({ id: 'electronics', name: 'Electronics' });
    expect(product.seller).toEqual({ id: s.sellerId, catalogueName: s.seller.catalogueName });
    expect(product.slug).toMatch(/^casio-fx-991es-calculator-[a-z0-9]{6}$/);
    expect(product.imageUrls).toHaveLength(2);
    const gallery = await sharp(await readFile(path.join(uploads, (product.imageUrls[0] ?? '').replace('/uploads/', '')))).metadata();
    expect(gallery.format).toBe('webp');
    const card = (product.imageUrls[0] ?? '').replace('-gallery.webp', '-card.webp');
    expect((await app.inject({ method: 'GET', url: card })).statusCode).toBe(200);

    const bySlug = await get(app, `/products/${product.slug}`);
    const byId = await get(app, `/products/${product.id}`);
    expect(bySlug.status).toBe(200);
    expect(byId.body.data).toEqual(bySlug.body.data);
    expect((await get(app, '/products/no-such-product')).body.message).toBe(MESSAGES.products.notFound);
  });

  it("keeps the listing's condition (new, fairly used, used), refuses any other, and leaves it null when an older form sends none", async () => {
    const s = await sellerAccount(app);
    const used = productSchema.parse(await createProduct(app, s.token, s.sellerId, { condition: 'fairly-used' }));
    expect(used.condition).toBe('fairly-used');
    expect((await get(app, `/products/${used.slug}`)).body.data).toMatchObject({ condition: 'fairly-used' });

    const unsaid = productSchema.parse(await createProduct(app, s.token, s.sellerId));
    expect(unsaid.condition).toBeNull();

    const bad = await send(
      app,
      'POST',
      `/sellers/${s.sellerId}/catalogue`,
      s.token,
      multipart({ ...base, condition: 'like new' }, [await photoPart()]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please choose the condition');

    const changed = await send(app, 'PUT', `/sellers/${unsaid.id}/catalogue`, s.token, multipart({ condition: 'used' }));
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ condition: 'used', name: unsaid.name });
    const refused = await send(app, 'PUT', `/sellers/${unsaid.id}/catalogue`, s.token, { condition: 'broken' });
    expect(refused.status).toBe(400);
    expect((await get(app, `/products/${unsaid.id}`)).body.data).toMatchObject({ condition: 'used' });
  });

  it('refuses non-images (by content, whatever the name), photos over 5 MB, a fifth photo, and no photo at all', async () => {
    const s = await sellerAccount(app);
    const fake = { field: 'files', fileName: 'holiday.jpg', contentType: 'image/jpeg', data: Buffer.from('%PDF-1.4 not really a photo') };
    const notImage = await send(app, 'POST', `/sellers/${s.sellerId}/catalogue`, s.token, multipart(base, [fake]));
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe(MESSAGES.uploads.notAnImage('holiday.jpg'));

    const svg = {
      field: 'files',
      fileName: 'x.png',
      contentType: 'image/png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    };
    expect((await send(app, 'POST', `/sellers/${s.sellerId}/catalogue`, s.token, multipart(base, [svg]))).status).toBe(400);

    const huge = {
      field: 'files',
      fileName: 'big.png',
      contentType: 'image/png',
      data: Buffer.concat([await pngPhoto(), Buffer.alloc(5 * 1024 * 1024)]),
    };
    const tooBig = await send(app, 'POST', `/sellers/${s.sellerId}/catalogue`, s.token, multipart(base, [huge]));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe(MESSAGES.uploads.tooLarge('A photo'));

    const five = await Promise.all([1, 2, 3, 4, 5].map((i) => photoPart('files', `p${i}.png`)));
    const fifth = await send(app, 'POST', `/sellers/${s.sellerId}/catalogue`, s.token, multipart(base, five));
    expect(fifth.status).toBe(400);
    expect(fifth.body.message).toBe(MESSAGES.uploads.tooManyPhotos(4));

    expect((await send(app, 'POST', `/sellers/${s.sellerId}/catalogue`, s.token, multipart(base))).status).toBe(400);
    const catalogue = await get(app, `/sellers/${s.sellerId}/catalogue`);
    expect((catalogue.body.data as { products: unknown[] }).products).toHaveLength(0);
  });

  it('strips EXIF, GPS position included, from stored photos', async () => {
    const s = await sellerAccount(app);
    const withGps = await sharp(await pngPhoto(200))
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 4/1' },
      })
      .toBuffer();
    const original = await sharp(withGps).metadata();
    expect(original.exif?.toString('latin1')).toContain('PhoneCo');
    const res = await send(
      app,
      'POST',
      `/sellers/${s.sellerId}/catalogue`,
      s.token,
      multipart(base, [{ field: 'files', fileName: 'IMG_0001.jpg', contentType: 'image/jpeg', data: withGps }]),
    );
    expect(res.status).toBe(201);
    const url = (res.body.data as { imageUrls: string[] }).imageUrls[0] ?? '';
    for (const file of [url, url.replace('-gallery', '-card')]) {
      const stored = await readFile(path.join(uploads, file.replace('/uploads/', '')));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('PhoneCo');
      expect(stored.toString('latin1')).not.toContain('GPS');
    }
  });

  it("refuses listing in another seller's store, a price of 0, negative stock and unknown categories", async () => {
    const owner = await sellerAccount(app);
    const other = await sellerAccount(app);
    const forbidden = await send(app, 'POST', `/sellers/${owner.sellerId}/catalogue`, other.token, multipart(base, [await photoPart()]));
    expect(forbidden.status).toBe(403);
    for (const bad of [
      { price: '0' },
      { price: 'abc' },
      { price: '1.005' },
      { stockQuantity: '-1' },
      { stockQuantity: '0x10' },
      { stockQuantity: '1e3' },
      { categoryId: 'spaceships' },
    ]) {
      const res = await send(
        app,
        'POST',
        `/sellers/${owner.sellerId}/catalogue`,
        owner.token,
        multipart({ ...base, ...bad }, [await photoPart()]),
      );
      expect(res.status).toBe(400);
    }
    const { token: buyer } = await signedIn(app);
    expect((await send(app, 'POST', `/sellers/${owner.sellerId}/catalogue`, buyer, multipart(base, [await photoPart()]))).status).toBe(403);
    expect(((await get(app, `/sellers/${owner.sellerId}/catalogue`)).body.data as { products: unknown[] }).products).toHaveLength(0);
  });
});

describe('PUT /sellers/{productId}/catalogue and DELETE /sellers/{productId}', () => {
  it('changes only the fields given, keeps the slug, and replaces photos', async () => {
    const s = await sellerAccount(app);
    const p = await createProduct(app, s.token, s.sellerId, {}, 2);
    const res = await send(app, 'PUT', `/sellers/${p.id}/catalogue`, s.token, multipart({ price: '11000', stockQuantity: '0' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.products.updated);
    expect(res.body.data).toMatchObject({
      name: p.name,
      slug: p.slug,
      price: '11000.00',
      stockQuantity: 0,
      inStock: false,
      imageUrls: p.imageUrls,
    });

    const json = await send(app, 'PUT', `/sellers/${p.id}/catalogue`, s.token, { name: 'Casio fx-991EX', imageUrls: [p.imageUrls[1]] });
    expect(json.body.data).toMatchObject({ name: 'Casio fx-991EX', slug: p.slug, imageUrls: [p.imageUrls[1]] });

    const files = await send(
      app,
      'PUT',
      `/sellers/${p.id}/catalogue`,
      s.token,
      multipart({ imageUrls: [p.imageUrls[1] ?? ''] }, [await photoPart()]),
    );
    const urls = (files.body.data as { imageUrls: string[] }).imageUrls;
    expect(urls).toHaveLength(2);
    expect(urls[0]).toBe(p.imageUrls[1]);
    // The dropped photo is gone from storage.
    expect((await app.inject({ method: 'GET', url: p.imageUrls[0] ?? '' })).statusCode).toBe(404);
  });

  it("refuses to change or delete another seller's product (403) and nothing changes", async () => {
    const owner = await sellerAccount(app);
    const other = await sellerAccount(app);
    const p = await createProduct(app, owner.token, owner.sellerId);
    const before = (await get(app, `/products/${p.id}`)).body.data;

    const change = await send(
      app,
      'PUT',
      `/sellers/${p.id}/catalogue`,
      other.token,
      multipart({ price: '1', name: 'Mine now' }, [await photoPart()]),
    );
    expect(change.status).toBe(403);
    const remove = await send(app, 'DELETE', `/sellers/${p.id}`, other.token);
    expect(remove.status).toBe(403);
    const { token: buyer } = await signedIn(app);
    expect((await send(app, 'DELETE', `/sellers/${p.id}`, buyer)).status).toBe(403);
    expect((await send(app, 'DELETE', `/sellers/${p.id}`, undefined)).status).toBe(401);

    expect((await get(app, `/products/${p.id}`)).body.data).toEqual(before);
  });

  it('deletes for the owner', async () => {
    const s = await sellerAccount(app);
    const p = await createProduct(app, s.token, s.sellerId);
    const res = await send(app, 'DELETE', `/sellers/${p.id}`, s.token);
    expect(res.status).toBe(200);
    expect((await get(app, `/products/${p.id}`)).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: p.imageUrls[0] ?? '' })).statusCode).toBe(404);
  });
});

describe('GET /products/all and categories', () => {
  it('pages through products with section 3 pagination', async () => {
    const s = await sellerAccount(app);
    await createProduct(app, s.token, s.sellerId);
    const res = await get(app, '/products/all?page=1&limit=2');
    expect(res.status).toBe(200);
    const body = res.body as unknown as {
      data: unknown[];
      pagination: { currentPage: number; totalPages: number; totalItems: number; itemsPerPage: number };
    };
    expect(body.data.length).toBeLessThanOrEqual(2);
    expect(body.pagination.currentPage).toBe(1);
    expect(body.pagination.itemsPerPage).toBe(2);
    expect(body.pagination.totalPages).toBe(Math.ceil(body.pagination.totalItems / 2));
  });

  it('lists the seeded categories and finds one by id or by name; /categories/all holds them with their products', async () => {
    const only = await get(app, '/categories/only');
    const list = (only.body.data as unknown[]).map((c) => categorySchema.parse(c));
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['Electronics', 'Clothing', 'Books', 'Accessories']));

    const s = await sellerAccount(app);
    const p = await createProduct(app, s.token, s.sellerId, { categoryId: 'Stationery' });
    expect(p.categoryId).toBe('stationery');
    for (const id of ['stationery', 'STATIONERY']) {
      const res = await get(app, `/categories/${id}`);
      expect(res.status).toBe(200);
      expect((res.body.data as { products: Array<{ id: string }> }).products.map((x) => x.id)).toContain(p.id);
    }
    const missing = await get(app, '/categories/Spaceships');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.categories.notFound('Spaceships'));
    const all = await get(app, '/categories/all');
    const stationery = (all.body.data as Array<{ id: string; products: Array<{ id: string }> }>).find((c) => c.id === 'stationery');
    expect(stationery?.products.map((x) => x.id)).toContain(p.id);
  });
});

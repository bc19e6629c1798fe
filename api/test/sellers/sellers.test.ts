/** Seller onboarding, profile, public catalogue and settings (spec sections 3, 5, 6, 7, 8). */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { sellerCatalogueSchema, sellerProfileSchema, userSchema } from '@campus/shared/schemas';
import { PASSWORD, get, signedIn } from '../helpers';
import { STORE_FIELDS, catalogueTestApp, createProduct, multipart, photoPart, send, sellerAccount } from '../catalogue-helpers';

let app: FastifyInstance;

beforeAll(async () => {
  app = await catalogueTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('POST /sellers/register', () => {
  it('opens a store, defaults WhatsApp to the phone number, and /auth/me then carries the seller flags', async () => {
    const { token } = await signedIn(app);
    const before = userSchema.parse((await get(app, '/auth/me', token)).body.data);
    expect(before).toMatchObject({ isSeller: false, sellerCompleted: false, seller: null });

    const res = await send(
      app,
      'POST',
      '/sellers/register',
      token,
      multipart(STORE_FIELDS, [await photoPart('cataloguePicture', 'cover.png')]),
    );
    expect(res.status).toBe(201);
    const seller = sellerProfileSchema.parse(res.body.data);
    expect(seller).toMatchObject({ catalogueName: 'Campus Gadgets', whatsappNumber: '08031234567', productCount: 0 });
    expect(seller.cataloguePicture).toMatch(/^\/uploads\/sellers\/.+\.webp$/);

    const me = userSchema.parse((await get(app, '/auth/me', token)).body.data);
    expect(me).toMatchObject({ isSeller: true, sellerCompleted: true });
    expect(me.seller?.id).toBe(seller.id);

    const photo = await app.inject({ method: 'GET', url: seller.cataloguePicture ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses a second store picture with a message about the picture, not product photos', async () => {
    const { token } = await signedIn(app);
    const res = await send(
      app,
      'POST',
      '/sellers/register',
      token,
      multipart(STORE_FIELDS, [await photoPart('cataloguePicture', 'a.png'), await photoPart('cataloguePicture', 'b.png')]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.uploads.tooManyPhotos(1));
  });

  it('allows one store per user (409 with the spec text)', async () => {
    const { token } = await sellerAccount(app);
    const again = await send(app, 'POST', '/sellers/register', token, multipart(STORE_FIELDS));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.sellerRegister.alreadySeller);
  });

  it('refuses missing fields, banks outside the onboarding list, and anonymous callers', async () => {
    const { token } = await signedIn(app);
    const { location: _l, ...noLocation } = STORE_FIELDS;
    expect((await send(app, 'POST', '/sellers/register', token, multipart(noLocation))).status).toBe(400);
    const badBank = await send(app, 'POST', '/sellers/register', token, multipart({ ...STORE_FIELDS, bankName: 'Bank of Nowhere' }));
    expect(badBank.status).toBe(400);
    expect(badBank.body.message).toBe('Please choose a bank from the list');
    expect((await send(app, 'POST', '/sellers/register', undefined, multipart(STORE_FIELDS))).status).toBe(401);
    // Nothing was created by the refused attempts.
    expect((await get(app, '/seller/profile', token)).status).toBe(404);
  });
});

describe('GET /seller/profile and GET /sellers/{id}/catalogue', () => {
  it('answers 404 for a non-seller and the store for a seller', async () => {
    const { token } = await signedIn(app);
    const none = await get(app, '/seller/profile', token);
    expect(none.status).toBe(404);
    const s = await sellerAccount(app);
    const mine = await get(app, '/seller/profile', s.token);
    expect(mine.status).toBe(200);
    expect(sellerProfileSchema.parse(mine.body.data).id).toBe(s.sellerId);
  });

  it('lists the public catalogue with the section 7 fields and no bank details', async () => {
    const s = await sellerAccount(app);
    await createProduct(app, s.token, s.sellerId, { name: 'Engineering maths textbook', categoryId: 'books' });
    const res = await get(app, `/sellers/${s.sellerId}/catalogue`);
    expect(res.status).toBe(200);
    const catalogue = sellerCatalogueSchema.parse(res.body.data);
    expect(catalogue).toMatchObject({ catalogueName: s.seller.catalogueName, location: 'Moremi Hall', _count: { products: 1 } });
    expect(catalogue.user.firstName).toBe('Ada');
    expect(catalogue.products[0]?.name).toBe('Engineering maths textbook');
    expect(JSON.stringify(res.body)).not.toContain('0123456789');
    expect((await get(app, '/sellers/no-such-seller/catalogue')).status).toBe(404);
  });
});

describe('PUT /sellers/{id}', () => {
  it.each(['"x"', '7', '[]', 'true'])('refuses the JSON body %s with 400, for the store and for a product', async (payload) => {
    const owner = await sellerAccount(app);
    const product = await createProduct(app, owner.token, owner.sellerId);
    for (const url of [`/api/v1/sellers/${owner.sellerId}`, `/api/v1/sellers/${product.id}/catalogue`]) {
      const res = await app.inject({
        method: 'PUT',
        url,
        payload,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.validation.bodyNotObject });
    }
  });

  it('updates store info and payment details for the owner', async () => {
    const s = await sellerAccount(app);
    const store = await send(
      app,
      'PUT',
      `/sellers/${s.sellerId}`,
      s.token,
      multipart({ catalogueName: 'Gadget Corner', location: 'Jaja Hall' }),
    );
    expect(store.status).toBe(200);
    expect(store.body.message).toBe(MESSAGES.seller.storeUpdated);
    expect(store.body.data).toMatchObject({ catalogueName: 'Gadget Corner', location: 'Jaja Hall', bankName: 'GTBank' });

    const pay = await send(app, 'PUT', `/sellers/${s.sellerId}`, s.token, {
      bankName: 'Guaranty Trust Bank',
      accountNumber: '9876543210',
      accountName: 'Ada Obi',
      currentPassword: PASSWORD,
    });
    expect(pay.status).toBe(200);
    expect(pay.body.message).toBe(MESSAGES.seller.paymentUpdated);
    // The bank's name for the account is kept (here the offline stand-in for Paystack's answer).
    expect(pay.body.data).toMatchObject({
      bankName: 'Guaranty Trust Bank',
      accountNumber: '9876543210',
      accountName: 'TEST ACCOUNT 3210',
      catalogueName: 'Gadget Corner',
    });

    const bad = await send(app, 'PUT', `/sellers/${s.sellerId}`, s.token, {
      bankName: 'GTBank',
      accountNumber: '12',
      accountName: 'A',
      currentPassword: PASSWORD,
    });
    expect(bad.status).toBe(400);
  });

  it("refuses another user's store with 403 and changes nothing", async () => {
    const owner = await sellerAccount(app);
    const other = await sellerAccount(app);
    const res = await send(app, 'PUT', `/sellers/${owner.sellerId}`, other.token, multipart({ catalogueName: 'Hijacked' }));
    expect(res.status).toBe(403);
    const after = await get(app, '/seller/profile', owner.token);
    expect((after.body.data as { catalogueName: string }).catalogueName).toBe(owner.seller.catalogueName);
  });
});

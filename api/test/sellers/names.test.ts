/**
 * Names that cannot impersonate: people's, stores' and products' names refuse text-direction
 * controls and zero-width characters; store names are compared as they look (confusables folded).
 * Names stored before these rules are reported at start, never changed or deleted.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { products, sellers, users } from '../../src/db/schema';
import { checkStoredNames } from '../../src/platform';
import { storeNameSkeleton } from '../../src/sellers';
import { STORE_FIELDS, catalogueTestApp, createProduct, multipart, send, sellerAccount } from '../catalogue-helpers';
import { PASSWORD, onPostgres, post, put, signedIn, uniqueEmail } from '../helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await catalogueTestApp();
});
afterAll(async () => app.close());

/** One of each kind the rule refuses: bidi embeddings/overrides, isolates, marks, the Arabic letter mark, zero-width characters. */
const INVISIBLE = ['\u202e', '\u202a', '\u2066', '\u2069', '\u200f', '\u061c', '\u200b', '\u200d', '\u2060', '\ufeff'];

describe('invisible and text-direction characters', () => {
  it('are refused in a new store name, and in a store renamed', async () => {
    const { token } = await signedIn(app);
    for (const character of INVISIBLE) {
      const res = await send(
        app,
        'POST',
        '/sellers/register',
        token,
        multipart({ ...STORE_FIELDS, catalogueName: `${character}Gadget${character} Hub` }),
      );
      expect([character, res.status, res.body.message]).toEqual([character, 400, MESSAGES.validation.invisibleCharacters]);
    }
    const owner = await sellerAccount(app);
    const renamed = await send(app, 'PUT', `/sellers/${owner.sellerId}`, owner.token, multipart({ catalogueName: 'Campus\u200b Gadgets' }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(MESSAGES.validation.invisibleCharacters);
  });

  it('are refused in a product name, created or changed', async () => {
    const owner = await sellerAccount(app);
    await expect(createProduct(app, owner.token, owner.sellerId, { name: '\u202eGadget\u200b' })).rejects.toThrow(
      MESSAGES.validation.invisibleCharacters,
    );
    const product = await createProduct(app, owner.token, owner.sellerId);
    for (const body of [multipart({ name: 'Lamp\u2066' }), { name: 'La\ufeffmp' }]) {
      const res = await send(app, 'PUT', `/sellers/${product.id}/catalogue`, owner.token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.validation.invisibleCharacters);
    }
  });

  it("are refused in a person's name at registration and in the profile", async () => {
    const registered = await post(app, '/auth/register', { name: 'Ada\u202e Obi', email: uniqueEmail(), password: PASSWORD });
    expect(registered.status).toBe(400);
    expect(registered.body.message).toBe(MESSAGES.validation.invisibleCharacters);
    const { token } = await signedIn(app);
    for (const body of [
      { firstName: 'Ada\u200c' },
      { firstName: 'Ada', lastName: '\u061cObi' },
      { firstName: 'Ada', displayName: 'A\u2060da' },
    ]) {
      const res = await put(app, '/users/profile', body, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.validation.invisibleCharacters);
    }
    expect((await put(app, '/users/profile', { firstName: 'Ọláolúwa', lastName: 'Ṣòbò' }, token)).status).toBe(200);
  });
});

describe('store names that look alike', () => {
  it('the skeleton meets names that look the same, and keeps names that do not apart', () => {
    const gadgetHub = storeNameSkeleton('Gadget Hub');
    // Cyrillic а and е, Greek Η, case, spaces, a zero-width space.
    for (const lookalike of [
      'G\u0430dg\u0435t Hub',
      'Gadget \u0397ub',
      'GADGET  HUB',
      ' gadget hub ',
      'Gadget\u200b Hub',
      'G\u0430dget HUB',
    ]) {
      expect([lookalike, storeNameSkeleton(lookalike)]).toEqual([lookalike, gadgetHub]);
    }
    expect(storeNameSkeleton('rn books')).toBe(storeNameSkeleton('m books'));
    expect(storeNameSkeleton('HaII Snacks')).toBe(storeNameSkeleton('Hall Snacks'));
    expect(storeNameSkeleton('NlGHT SNACKS')).toBe(storeNameSkeleton('NIGHT SNACKS'));
    expect(storeNameSkeleton('B00K NOOK')).toBe(storeNameSkeleton('Book Nook'));
    expect(storeNameSkeleton('Gadget Hut')).not.toBe(gadgetHub);
    expect(storeNameSkeleton('Ọlá Kitchen')).not.toBe(storeNameSkeleton('Ola Kitchen2'));
  });

  it('no new store may take a name that looks like an existing one', async () => {
    await sellerAccount(app, { catalogueName: 'Book Nook' });
    const { token } = await signedIn(app);
    for (const lookalike of ['B\u043eok N\u043eok', 'BOOK NOOK', 'Book  Nook']) {
      const res = await send(app, 'POST', '/sellers/register', token, multipart({ ...STORE_FIELDS, catalogueName: lookalike }));
      expect([lookalike, res.status, res.body.message]).toEqual([lookalike, 409, MESSAGES.seller.storeNameLookalike]);
    }
    // The refused student opens a store under a name of their own.
    expect((await send(app, 'POST', '/sellers/register', token, multipart({ ...STORE_FIELDS, catalogueName: 'Book Corner' }))).status).toBe(
      201,
    );
  });

  it('no store may be renamed to look like another; a store may change how its own name is written', async () => {
    await sellerAccount(app, { catalogueName: 'Hall Snacks' });
    const other = await sellerAccount(app, { catalogueName: 'Night Snacks' });
    const taken = await send(app, 'PUT', `/sellers/${other.sellerId}`, other.token, multipart({ catalogueName: 'H\u0430ll Sn\u0430cks' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MESSAGES.seller.storeNameLookalike);
    const own = await send(app, 'PUT', `/sellers/${other.sellerId}`, other.token, multipart({ catalogueName: 'NIGHT SNACKS' }));
    expect(own.status).toBe(200);
  });
});

describe('names stored before these rules', () => {
  // It takes every store's key away, as before the rules, and reads every store: that needs a database
  // of its own (a PGlite app's), not the PostgreSQL database the apps of one test file share.
  (onPostgres ? it.skip : it)(
    'are reported, the oldest of look-alike stores keeps the name, and nothing is deleted or renamed',
    async () => {
      const check = await catalogueTestApp();
      try {
        const first = await sellerAccount(check, { catalogueName: 'Legacy Lamps' });
        const second = await sellerAccount(check, { catalogueName: 'Other Lamps' });
        const product = await createProduct(check, first.token, first.sellerId);
        // As they were stored before names were compared: without keys, a look-alike name and invisible characters.
        await check.db.update(sellers).set({ catalogueNameSkeleton: null });
        await check.db.update(sellers).set({ catalogueName: 'LEGACY  LAMPS\u200b' }).where(eq(sellers.id, second.sellerId));
        await check.db.update(products).set({ name: '\u202eLamp' }).where(eq(products.id, product.id));
        const [owner] = await check.db.select({ id: users.id }).from(users).where(eq(users.email, first.email));
        await check.db
          .update(users)
          .set({ lastName: 'Obi\u200d' })
          .where(eq(users.id, owner?.id ?? ''));

        const report = await checkStoredNames(check.db);
        expect(report.lookalikeStores).toEqual([{ sellerIds: [first.sellerId, second.sellerId] }]);
        expect(report.invisible).toEqual(
          expect.arrayContaining([
            { table: 'sellers', id: second.sellerId, field: 'catalogueName' },
            { table: 'products', id: product.id, field: 'name' },
            { table: 'users', id: owner?.id, field: 'lastName' },
          ]),
        );
        expect(report.invisible).toHaveLength(3);
        const stored = await check.db.select().from(sellers);
        expect(stored.map((s) => [s.id, s.catalogueName, s.catalogueNameSkeleton]).sort()).toEqual(
          [
            [first.sellerId, 'Legacy Lamps', storeNameSkeleton('Legacy Lamps')],
            [second.sellerId, 'LEGACY  LAMPS\u200b', null],
          ].sort(),
        );
        // The key the check gave the older store now holds the name against newcomers.
        const { token } = await signedIn(check);
        const res = await send(check, 'POST', '/sellers/register', token, multipart({ ...STORE_FIELDS, catalogueName: 'Legacy Lamps' }));
        expect(res.status).toBe(409);
        // The younger look-alike keeps its name until it changes it; a name with invisible characters cannot be sent again.
        const details = await send(
          check,
          'PUT',
          `/sellers/${second.sellerId}`,
          second.token,
          multipart({ catalogueName: 'LEGACY  LAMPS\u200b' }),
        );
        expect(details.status).toBe(400);
        const location = await send(
          check,
          'PUT',
          `/sellers/${second.sellerId}`,
          second.token,
          multipart({ catalogueName: 'Lamp Den', location: 'Jaja Hall' }),
        );
        expect(location.status).toBe(200);
      } finally {
        await check.close();
      }
    },
  );
});

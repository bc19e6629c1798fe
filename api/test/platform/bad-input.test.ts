/**
 * Bad input gives a 4xx, never a 500: control characters in any text, prototype
 * field names in multipart, values the database refuses, and photos left
 * behind by a refused or racing write.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { hasControlCharacters, textProblem } from '../../src/http/text-guard';
import { isDatabaseInputError } from '../../src/plugins/errors';
import { sqlClientOf } from '../../src/search';
import { catalogueTestApp, createProduct, multipart, photoPart, send, sellerAccount } from '../catalogue-helpers';
import { get, signedIn } from '../helpers';

jest.setTimeout(60_000);

let app: FastifyInstance;
beforeAll(async () => {
  app = await catalogueTestApp();
});
afterAll(async () => app.close());

/** Every stored photo file (the disk storage under DATA_DIR). */
function storedFiles(): string[] {
  const root = app.config.dataDir;
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== 'pglite') walk(full);
      } else out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

describe('control characters', () => {
  it('only newline, carriage return and tab count as text', () => {
    expect(hasControlCharacters('Room 214\nBlock B\r\n\tnear the gate')).toBe(false);
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u000b']) expect(hasControlCharacters(`a${c}b`)).toBe(true);
    expect(textProblem({ items: [{ note: 'ok' }, { note: 'x\u0000' }] }, '')?.message).toBe(
      MESSAGES.generic.controlCharacters('items.1.note'),
    );
    expect(textProblem(JSON.parse('{"__proto__": {"admin": true}}'), '')?.message).toBe(MESSAGES.generic.reservedField('__proto__'));
  });

  it('a NUL in a JSON body is a 400 naming the field, and nothing changes (it was a 500)', async () => {
    const { token } = await signedIn(app);
    const before = (await get(app, '/auth/me', token)).body.data as { firstName: string };
    const res = await send(app, 'PUT', '/users/profile', token, { firstName: 'Ada\u0000' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.generic.controlCharacters('firstName') });
    expect((await get(app, '/auth/me', token)).body.data).toMatchObject({ firstName: before.firstName });
  });

  it('in a path or a query string too', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/products/abc%00def' })).statusCode).toBe(400);
    const res = await app.inject({ method: 'GET', url: '/api/v1/products/all?search=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.generic.controlCharacters('search') });
  });

  it('a multipart field with a NUL is refused before any photo is stored', async () => {
    const seller = await sellerAccount(app);
    const before = storedFiles();
    const form = multipart(
      { name: 'Kettle\u0000', description: 'Boils fast', price: '3,000', stockQuantity: '2', categoryId: 'electronics' },
      [await photoPart()],
    );
    const res = await send(app, 'POST', `/sellers/${seller.sellerId}/catalogue`, seller.token, form);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.generic.controlCharacters('name'));
    expect(storedFiles()).toEqual(before);
  });

  it('newlines and tabs in a description are kept', async () => {
    const seller = await sellerAccount(app);
    const product = await createProduct(app, seller.token, seller.sellerId, { description: 'Line one\nLine two\r\n\tindented' });
    const shown = (await get(app, `/products/${product.slug}`)).body.data as { description: string };
    expect(shown.description).toBe('Line one\nLine two\r\n\tindented');
  });
});

describe('multipart field names', () => {
  it.each(['constructor[]', '__proto__[]', 'prototype'])('%s is a 400, not a 500, and leaves no photo', async (field) => {
    const seller = await sellerAccount(app);
    const before = storedFiles();
    const form = multipart(
      { name: 'Desk', description: 'Sturdy', price: '9,000', stockQuantity: '1', categoryId: 'electronics', [field]: 'x' },
      [await photoPart()],
    );
    const res = await send(app, 'POST', `/sellers/${seller.sellerId}/catalogue`, seller.token, form);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.generic.reservedField(field));
    expect(storedFiles()).toEqual(before);
  });
});

describe('the database refusing a value', () => {
  it('data exceptions are the request’s fault (400); other database errors are not', async () => {
    const client = sqlClientOf(app);
    const refused = await client.query("SELECT 'not a number'::int").catch((e: unknown) => e);
    expect(isDatabaseInputError(refused)).toBe(true);
    const wrapped = new Error('Failed query', { cause: refused });
    expect(isDatabaseInputError(wrapped)).toBe(true);
    const missing = await client.query('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect(isDatabaseInputError(missing)).toBe(false);
  });
});

describe('photos and the row that names them', () => {
  it('a product the database refuses leaves no photo behind (they were orphaned)', async () => {
    const seller = await sellerAccount(app);
    const client = sqlClientOf(app);
    // A real refusal from the database itself, for this one product name.
    await client.query(`CREATE OR REPLACE FUNCTION refuse_for_test() RETURNS trigger AS $$
      BEGIN IF NEW.name = 'Refused by the database' THEN RAISE EXCEPTION 'refused' USING ERRCODE = '22023'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await client.query('CREATE TRIGGER refuse_for_test BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION refuse_for_test()');
    try {
      const before = storedFiles();
      const fields = {
        name: 'Refused by the database',
        description: 'Warm light',
        price: '4,000',
        stockQuantity: '3',
        categoryId: 'electronics',
      };
      const res = await send(
        app,
        'POST',
        `/sellers/${seller.sellerId}/catalogue`,
        seller.token,
        multipart(fields, [await photoPart(), await photoPart('files', 'b.png')]),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.generic.unstorableValue);
      expect(storedFiles()).toEqual(before);
    } finally {
      await client.query('DROP TRIGGER refuse_for_test ON products');
      await client.query('DROP FUNCTION refuse_for_test()');
    }
  });

  it('two edits of one product at once: every photo the product names is still there', async () => {
    const seller = await sellerAccount(app);
    const product = await createProduct(app, seller.token, seller.sellerId, {}, 2);
    const [first, second] = product.imageUrls;
    if (!first || !second) throw new Error('two photos expected');
    // One edit keeps the first photo, the other the second, each adding one (processing it takes a while, so
    // the two overlap): each edit must decide what to drop from the row as the other left it.
    const edits = await Promise.all(
      [first, second].map(async (keep, i) =>
        send(
          app,
          'PUT',
          `/sellers/${product.id}/catalogue`,
          seller.token,
          multipart({ imageUrls: [keep] }, [await photoPart('files', `new${i}.png`)]),
        ),
      ),
    );
    expect(edits.map((e) => e.status)).toEqual([200, 200]);
    const now = (await get(app, `/products/${product.slug}`)).body.data as { imageUrls: string[] };
    expect(now.imageUrls.length).toBeGreaterThan(0);
    for (const url of now.imageUrls) {
      const served = await app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
      expect(served.statusCode).toBe(200);
    }
  });
});

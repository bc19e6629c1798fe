/** Requests that carry photos count per student, and share one per-address flood guard (image processing and disk are not free). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { STORE_FIELDS, catalogueTestApp, multipart, photoPart } from '../catalogue-helpers';
import { signedIn } from '../helpers';

jest.setTimeout(60_000);

let app: FastifyInstance;
beforeAll(async () => {
  app = await catalogueTestApp(
    {},
    { rateLimits: { uploads: { perIp: { max: 2, windowMs: 60_000 }, perUser: { max: 3, windowMs: 60_000 } } } },
  );
});
afterAll(async () => app.close());

const from = (ip: string) => ({ remoteAddress: ip });

const ipBase = Math.floor(Math.random() * 250);
let n = 0;
const freshIp = () => `10.79.${ipBase}.${++n}`;

/** A new seller, made from its own address; answers a way to add a product with a photo from an address. */
async function seller(ip: string) {
  const { token } = await signedIn(app);
  const auth = { authorization: `Bearer ${token}` };
  const store = multipart({ ...STORE_FIELDS, catalogueName: `Campus Gadgets ${randomUUID().slice(0, 6)}` });
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/sellers/register',
    headers: { ...auth, ...store.headers },
    payload: store.payload,
    ...from(ip),
  });
  expect(registered.statusCode).toBe(201);
  const sellerId = (registered.json() as { data: { id: string } }).data.id;
  const add = async (ip2: string) => {
    const withPhoto = multipart({ name: 'Desk', description: 'Sturdy', price: '9,000', stockQuantity: '1', categoryId: 'electronics' }, [
      await photoPart(),
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/v1/sellers/${sellerId}/catalogue`,
      headers: { ...auth, ...withPhoto.headers },
      payload: withPhoto.payload,
      ...from(ip2),
    });
  };
  return add;
}

test('becoming a seller and adding a product use up the same per-address allowance; another address is not affected', async () => {
  const ip = `10.77.${Math.floor(Math.random() * 250)}.1`;
  const add = await seller(ip);
  expect((await add(ip)).statusCode).toBe(201);
  const third = await add(ip);
  expect(third.statusCode).toBe(429);
  expect(third.json()).toMatchObject({ message: MESSAGES.generic.tooManyRequests });
  expect((await add(`10.78.${Math.floor(Math.random() * 250)}.1`)).statusCode).toBe(201);
});

test('one student meets the per-student limit from any address; another student does not', async () => {
  const add = await seller(freshIp());
  expect((await add(freshIp())).statusCode).toBe(201);
  expect((await add(freshIp())).statusCode).toBe(201);
  const fourth = await add(freshIp());
  expect(fourth.statusCode).toBe(429);
  expect(fourth.json()).toMatchObject({ message: MESSAGES.generic.tooManyRequests });
  expect(fourth.headers['retry-after']).toBeDefined();
  const other = await seller(freshIp());
  expect((await other(freshIp())).statusCode).toBe(201);
});

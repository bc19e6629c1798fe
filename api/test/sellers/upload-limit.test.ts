/** Requests that may carry photos share one per-address limit (image processing and disk are not free). */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { STORE_FIELDS, catalogueTestApp, multipart, photoPart } from '../catalogue-helpers';
import { signedIn } from '../helpers';

jest.setTimeout(60_000);

let app: FastifyInstance;
beforeAll(async () => {
  app = await catalogueTestApp({}, { rateLimits: { uploads: { perIp: { max: 2, windowMs: 60_000 } } } });
});
afterAll(async () => app.close());

const from = (ip: string) => ({ remoteAddress: ip });

test('becoming a seller and adding a product use up the same allowance; another address is not affected', async () => {
  const ip = `10.77.${Math.floor(Math.random() * 250)}.1`;
  const { token } = await signedIn(app);
  const auth = { authorization: `Bearer ${token}` };
  const store = multipart({ ...STORE_FIELDS });
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
  expect((await add(ip)).statusCode).toBe(201);
  const third = await add(ip);
  expect(third.statusCode).toBe(429);
  expect(third.json()).toMatchObject({ message: MESSAGES.generic.tooManyRequests });
  expect((await add(`10.78.${Math.floor(Math.random() * 250)}.1`)).statusCode).toBe(201);
});

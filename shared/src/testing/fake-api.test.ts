/** The kit's API fake: how replies are chosen and what a test can read back. */
import { accounts, categories, products } from '../endpoints';
import { call } from '../browser/call';
import { readApiError } from '../browser/api-client';
import { envelope, fakeApi, heldReply, makeCategory, makeProduct, makeUser, withParams, type FakeApi } from './index';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => api.restore());

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => readApiError(error).status ?? 0,
  );
const getCategory = (id: string) => call(categories.getCategory, { params: { id } });
const category = (id: string) => ({ ...makeCategory({ id }), products: [] });

describe('fakeApi()', () => {
  it('answers with the reply set last: a later on/ok/fail replaces the standing one', async () => {
    api.ok(accounts.me, makeUser({ firstName: 'Ada' }));
    expect((await call(accounts.me)).data.firstName).toBe('Ada');
    api.ok(accounts.me, makeUser({ firstName: 'Bola' }));
    expect((await call(accounts.me)).data.firstName).toBe('Bola');
    expect((await call(accounts.me)).data.firstName).toBe('Bola');
    api.fail(accounts.me, 503, 'down');
    expect(await statusOf(call(accounts.me))).toBe(503);
  });

  it('answers once() replies first, in order, then the standing one', async () => {
    api
      .once(accounts.me, { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } })
      .once(accounts.me, 'network-error')
      .ok(accounts.me, makeUser());
    expect(await statusOf(call(accounts.me))).toBe(500);
    expect(await statusOf(call(accounts.me))).toBe(0);
    expect(await statusOf(call(accounts.me))).toBe(200);
    expect(await statusOf(call(accounts.me))).toBe(200);
  });

  it('prefers a reply for the path values (withParams) over the bare endpoint, and reads calls the same way', async () => {
    api.ok(categories.getCategory, category('any')).ok(withParams(categories.getCategory, { id: 'c1' }), category('c1'));
    api.fail(withParams(categories.getCategory, { id: 'gone' }), 404, 'Category not found');
    expect((await getCategory('c1')).data.id).toBe('c1');
    expect((await getCategory('c2')).data.id).toBe('any');
    expect(await statusOf(getCategory('gone'))).toBe(404);
    expect(api.calls(withParams(categories.getCategory, { id: 'c1' })).map((r) => r.params)).toEqual([{ id: 'c1' }]);
    expect(api.calls(categories.getCategory)).toHaveLength(3);
  });

  it('holds a reply until the test releases it', async () => {
    const held = heldReply();
    api.on(products.getProduct, () => held.reply);
    let settled = false;
    const answer = call(products.getProduct, { params: { slug: 'lamp' } }).then((a) => {
      settled = true;
      return a;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    held.release({ status: 200, body: envelope(makeProduct({ slug: 'lamp' })) });
    expect((await answer).data.slug).toBe('lamp');
  });

  it('names the endpoint nobody answered, and refuses a path the contract does not declare', async () => {
    const error = await call(accounts.me).catch((e: unknown) => e);
    expect(readApiError(error)).toMatchObject({ status: 500, serverMessage: 'The fake API has no answer for accounts.me' });
    const { apiClient } = await import('../browser/api-client');
    await expect(apiClient.get('/not-in-the-contract')).rejects.toThrow('which the endpoint contract does not declare');
  });

  it('a new fake takes the place of one a test left installed', async () => {
    api.ok(accounts.me, makeUser());
    const next = fakeApi();
    expect(await statusOf(call(accounts.me))).toBe(500);
    expect(api.requests).toHaveLength(0);
    expect(next.calls(accounts.me)).toHaveLength(1);
    next.restore();
  });
});

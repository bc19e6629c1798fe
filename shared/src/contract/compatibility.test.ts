/**
 * The endpoint contract may change only in ways an old remote and a newer remote both survive
 * (compatibility.ts). The contract of the last release is committed as released-contract.json;
 * a release writes the new one with
 *   UPDATE_RELEASED_CONTRACT=1 npx jest --selectProjects shared src/contract
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ENDPOINTS } from '../endpoints';
import { defineEndpoint } from '../endpoints/define';
import { breakingChanges, contractSnapshot, type ContractSnapshot } from './compatibility';

const RELEASED = path.join(__dirname, 'released-contract.json');
const sharedVersion = (JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string }).version;

describe('the endpoint contract against the last release', () => {
  const current = contractSnapshot(ENDPOINTS, sharedVersion);

  if (process.env.UPDATE_RELEASED_CONTRACT === '1') {
    test('is written as the released contract', () => {
      writeFileSync(RELEASED, `${JSON.stringify(current, null, 2)}\n`);
    });
    return;
  }

  const released = JSON.parse(readFileSync(RELEASED, 'utf8')) as ContractSnapshot;

  test('breaks nothing an old remote or a newer remote relies on during a rollout', () => {
    expect(breakingChanges(released, current)).toEqual([]);
  });

  test('is released under a new version when it changed (a minor for additions)', () => {
    const changed = JSON.stringify(released.endpoints) !== JSON.stringify(current.endpoints);
    if (changed) expect(current.version).not.toBe(released.version);
  });
});

/** A small contract: one answer with a cart and its items, one body. */
function cartContract(overrides: { item?: z.ZodObject; body?: z.ZodObject; status?: z.ZodType; extraEndpoint?: boolean } = {}) {
  const item = overrides.item ?? z.object({ id: z.string(), quantity: z.number().int(), note: z.string().optional() });
  const endpoints = [
    defineEndpoint({
      name: 'cart.getCart',
      method: 'GET',
      path: '/cart',
      access: 'signed-in',
      summary: 'The cart',
      response: z.object({ data: z.object({ items: z.array(item), status: overrides.status ?? z.enum(['open', 'paid']) }) }),
      errors: [401],
    }),
    defineEndpoint({
      name: 'cart.addToCart',
      method: 'POST',
      path: '/cart/item',
      access: 'signed-in',
      summary: 'Add',
      body: overrides.body ?? z.object({ productId: z.string(), quantity: z.number().int().optional() }),
      response: z.object({ data: z.object({ id: z.string() }) }),
      errors: [400],
    }),
    ...(overrides.extraEndpoint
      ? [
          defineEndpoint({
            name: 'cart.summary',
            method: 'GET',
            path: '/cart/summary',
            access: 'signed-in',
            summary: 'New',
            response: z.object({ data: z.object({ total: z.string() }) }),
            errors: [],
          }),
        ]
      : []),
  ];
  return contractSnapshot(endpoints, '1.0.0');
}

describe('breakingChanges', () => {
  const previous = cartContract();

  test('lets a release add an endpoint, an answer field and an optional request field', () => {
    const current = cartContract({
      extraEndpoint: true,
      item: z.object({ id: z.string(), quantity: z.number().int(), note: z.string().optional(), photo: z.string() }),
      body: z.object({ productId: z.string(), quantity: z.number().int().optional(), source: z.string().optional() }),
    });
    expect(breakingChanges(previous, current)).toEqual([]);
  });

  test('fails on a renamed answer field', () => {
    const current = cartContract({ item: z.object({ id: z.string(), qty: z.number().int(), note: z.string().optional() }) });
    expect(breakingChanges(previous, current)).toEqual([
      'cart.getCart.response.data.items[].quantity: removed or renamed (deprecate it first: docs/releasing.md)',
    ]);
  });

  test('fails on a removed answer field, even an optional one', () => {
    const current = cartContract({ item: z.object({ id: z.string(), quantity: z.number().int() }) });
    expect(breakingChanges(previous, current)).toEqual([
      'cart.getCart.response.data.items[].note: removed or renamed (deprecate it first: docs/releasing.md)',
    ]);
  });

  test('fails on a renamed request field (an old remote keeps sending the old name)', () => {
    const current = cartContract({ body: z.object({ product: z.string(), quantity: z.number().int().optional() }) });
    expect(breakingChanges(previous, current)).toEqual([
      'cart.addToCart.body.productId: removed or renamed (deprecate it first: docs/releasing.md)',
      'cart.addToCart.body.product: new required field (an old remote does not send it)',
    ]);
  });

  test('fails on a type change, an answer field made optional, a new answer enum value and a removed endpoint', () => {
    const current = contractSnapshot([], '1.1.0');
    expect(breakingChanges(previous, current)).toEqual([
      'cart.addToCart: endpoint removed or renamed',
      'cart.getCart: endpoint removed or renamed',
    ]);
    expect(
      breakingChanges(
        previous,
        cartContract({ item: z.object({ id: z.number(), quantity: z.number().int().optional(), note: z.string().optional() }) }),
      ),
    ).toEqual([
      'cart.getCart.response.data.items[].id: type changed from string to number',
      'cart.getCart.response.data.items[].quantity: no longer always sent',
    ]);
    expect(breakingChanges(previous, cartContract({ status: z.enum(['open', 'paid', 'refunded']) }))).toEqual([
      'cart.getCart.response.data.status: new value "refunded" (an old remote refuses it)',
    ]);
  });
});

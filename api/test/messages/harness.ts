/** Messages test shortcuts: a buyer, a store with a product, and JSON calls to the messages endpoints. */
import type { FastifyInstance } from 'fastify';
import { createProduct, sellerAccount } from '../catalogue-helpers';
import { signedIn } from '../helpers';
import { send } from '../catalogue-helpers';

export interface Pair {
  buyer: { token: string; email: string };
  seller: { token: string; sellerId: string; email: string };
  productId: string;
}

export async function buyerAndStore(app: FastifyInstance): Promise<Pair> {
  const seller = await sellerAccount(app);
  const product = await createProduct(app, seller.token, seller.sellerId);
  const buyer = await signedIn(app);
  return { buyer, seller: { token: seller.token, sellerId: seller.sellerId, email: seller.email }, productId: product.id };
}

export async function startAbout(app: FastifyInstance, token: string, body: Record<string, string>) {
  return send(app, 'POST', '/messages/conversations', token, body);
}

export async function conversationId(app: FastifyInstance, token: string, body: Record<string, string>): Promise<string> {
  const res = await startAbout(app, token, body);
  if (res.status !== 200) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: string }).id;
}

export async function say(app: FastifyInstance, token: string, conversation: string, text: string) {
  return send(app, 'POST', `/messages/conversations/${conversation}/messages`, token, { text });
}

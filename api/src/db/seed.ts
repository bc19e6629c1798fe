/** Demo accounts for an empty embedded database (never in production). */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/crypto';
import type { DemoAccount } from '../types';
import { insertDemoUsers } from '../accounts';
import { insertOperator } from '../ops';
import { users } from './schema';

export const DEMO_PASSWORD = 'campus123';

export async function seedDemoData(app: FastifyInstance): Promise<DemoAccount[]> {
  const [row] = await app.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return [];
  const domain = app.config.universityEmailDomain;
  const accounts = [
    { email: `buyer@${domain}`, firstName: 'Ada', lastName: 'Buyer', purpose: 'buyer' },
    { email: `seller@${domain}`, firstName: 'Tunde', lastName: 'Seller', purpose: 'second student, for the seller features' },
    // Made an operator as `npm run ops -- grant` would: a development install has someone to open /ops with.
    {
      email: `ops@${domain}`,
      firstName: 'Funmi',
      lastName: 'Operator',
      purpose: 'operator of the operations console (/ops)',
      operator: true,
    },
  ];
  const passwordHash = await hashPassword(DEMO_PASSWORD, app.config.passwordHashParams);
  const now = app.clock.now();
  const ids = accounts.map(() => randomUUID());
  await insertDemoUsers(
    app.db,
    accounts.map((a, i) => ({
      id: ids[i] ?? randomUUID(),
      email: a.email,
      passwordHash,
      firstName: a.firstName,
      lastName: a.lastName,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const [i, account] of accounts.entries()) {
    const id = ids[i];
    if ('operator' in account && account.operator && id) await insertOperator(app.db, id, now);
  }
  return accounts.map((a) => ({
    email: a.email,
    password: DEMO_PASSWORD,
    name: `${a.firstName} ${a.lastName}`,
    purpose: a.purpose,
  }));
}

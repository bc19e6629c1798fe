/**
 * Who takes part in the demo history: the demo stores with the products they
 * sell, and the students who buy (the demo buyer, the extra demo students,
 * added here when missing, and the store owners, who buy from the other stores).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fillCanonicalEmails } from '../accounts';
import { DEMO_STORES } from '../catalogue';
import { DEMO_PASSWORD } from '../db/seed';
import { hashPassword } from '../lib/crypto';
import { DAY, DEMO_STUDENTS } from './history-data';
import { insertDemoUsers } from '../accounts';
import { productsOfStore, storesOwnedBy, usersByEmail, type DemoProductRow, type DemoStoreRow } from './history-repository';

export interface Student {
  email: string;
  userId: string;
  ownStoreId: string | null;
}

export interface Store {
  key: string;
  sellerId: string;
  ownerId: string;
  name: string;
  products: Array<DemoProductRow & { left: number }>;
}

/** The students who buy: `ada` (the demo buyer) first in `buyers`, then the extra students and the store owners. */
export interface DemoBuyers {
  ada: Student;
  buyers: Student[];
}

/** The demo store of this key (catalogue/demo/listings.ts), if it is there. */
export function storeByKey(stores: readonly Store[], key: string): Store | undefined {
  return stores.find((s) => s.key === key);
}

/** The demo stores (their rows, and each as a Store with the stock the history may sell: half of each listing's). */
export async function loadDemoStores(app: FastifyInstance, domain: string): Promise<{ storeRows: DemoStoreRow[]; stores: Store[] }> {
  const storeRows = await storesOwnedBy(
    app.db,
    DEMO_STORES.map((s) => `${s.owner.local}@${domain}`),
  );
  const stores: Store[] = [];
  for (const demo of DEMO_STORES) {
    const row = storeRows.find((r) => r.ownerEmail === `${demo.owner.local}@${domain}`);
    if (!row) continue;
    const products = (await productsOfStore(app.db, row.sellerId))
      // Half of each listing's stock at most, so the shop keeps every stock state it was seeded with.
      .map((p) => ({ ...p, left: Math.floor(p.stockQuantity / 2) }));
    stores.push({ key: demo.key, sellerId: row.sellerId, ownerId: row.ownerId, name: row.catalogueName, products });
  }
  return { storeRows, stores };
}

/** Adds the extra demo students not there yet (joined two weeks before the term `start`s) and answers every buyer. */
export async function demoBuyers(
  app: FastifyInstance,
  domain: string,
  start: number,
  storeRows: readonly DemoStoreRow[],
  stores: readonly Store[],
): Promise<DemoBuyers> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, app.config.passwordHashParams);
  const joined = new Date(start - 14 * DAY);
  const extra = DEMO_STUDENTS.map((s) => ({ ...s, email: `${s.local}@${domain}` }));
  const known = await usersByEmail(
    app.db,
    extra.map((s) => s.email),
  );
  await insertDemoUsers(
    app.db,
    extra
      .filter((s) => !known.has(s.email))
      .map((s) => ({
        id: randomUUID(),
        email: s.email,
        passwordHash,
        firstName: s.firstName,
        lastName: s.lastName,
        emailVerifiedAt: joined,
        createdAt: joined,
        updatedAt: joined,
      })),
  );
  // Their mailbox keys, as the start gives every account (they sign in like any demo account).
  await fillCanonicalEmails(app);
  const ids = await usersByEmail(app.db, [`buyer@${domain}`, ...extra.map((s) => s.email)]);
  const student = (email: string): Student | null => {
    const userId = ids.get(email);
    return userId ? { email, userId, ownStoreId: null } : null;
  };
  const ada = student(`buyer@${domain}`);
  if (!ada) throw new Error('The demo buyer is missing');
  const buyers: Student[] = [
    ada,
    ...extra.flatMap((s) => student(s.email) ?? []),
    ...stores.map((s) => ({
      email: storeRows.find((r) => r.sellerId === s.sellerId)?.ownerEmail ?? '',
      userId: s.ownerId,
      ownStoreId: s.sellerId,
    })),
  ];
  return { ada, buyers };
}

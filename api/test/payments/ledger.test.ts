/**
 * The ledger on a real database (PGlite here, PostgreSQL in the
 * second pass): journals balance to the kobo, post once, are never edited,
 * and a store's balances are the sums of its accounts.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client';
import { ledgerEntries } from '../../src/db/schema';
import { testConfig } from '../helpers';
import { accountBalance } from '../../src/money/payments/ledger-repository';
import { LedgerError, checkJournal, platformFeeKobo, postJournal, storeAccount, storeBalances } from '../../src/money/payments/ledger';

let database: Database;
const now = new Date('2026-11-23T10:00:00Z');
const S1 = `store-${Math.random().toString(36).slice(2, 8)}`;
const S2 = `store-${Math.random().toString(36).slice(2, 8)}`;
const ref = (p: string) => `${p}-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  database = await openDatabase(testConfig().database);
});
afterAll(async () => {
  await database.close();
});

describe('checkJournal', () => {
  it('refuses fractions of a kobo, zero lines, a single line and unbalanced journals', () => {
    expect(() =>
      checkJournal([
        { account: 'paystack', amountKobo: 1.5 },
        { account: 'refunds', amountKobo: -1.5 },
      ]),
    ).toThrow(LedgerError);
    expect(() =>
      checkJournal([
        { account: 'paystack', amountKobo: 0 },
        { account: 'refunds', amountKobo: 0 },
      ]),
    ).toThrow(LedgerError);
    expect(() => checkJournal([{ account: 'paystack', amountKobo: 100 }])).toThrow(LedgerError);
    expect(() =>
      checkJournal([
        { account: 'paystack', amountKobo: 100 },
        { account: 'refunds', amountKobo: -99 },
      ]),
    ).toThrow('off by 1 kobo');
    expect(() =>
      checkJournal([
        { account: 'paystack', amountKobo: 100 },
        { account: 'refunds', amountKobo: -100 },
      ]),
    ).not.toThrow();
  });
});

describe('platformFeeKobo', () => {
  it('is whole kobo, rounded down, and exact for large totals', () => {
    expect(platformFeeKobo(250_000_00, 0)).toBe(0);
    expect(platformFeeKobo(999, 2.5)).toBe(24); // 24.975 kobo -> 24
    expect(platformFeeKobo(1_000_000_000_000, 1.25)).toBe(12_500_000_000);
    expect(() => platformFeeKobo(100, 100)).toThrow(LedgerError);
    expect(() => platformFeeKobo(10.5, 1)).toThrow(LedgerError);
  });
});

describe('journals on the database', () => {
  it('a paid two-store checkout, a release with a fee, a payout and its settlement leave every balance right to the kobo', async () => {
    const paymentId = ref('pay');
    const order1 = ref('ord');
    const order2 = ref('ord');
    const paystackBefore = await accountBalance(database.db, 'paystack');

    await postJournal(
      database.db,
      'payment',
      [
        { account: 'paystack', amountKobo: 3_500_050 },
        { account: storeAccount(S1, 'held'), amountKobo: -2_500_000, sellerId: S1 },
        { account: storeAccount(S2, 'held'), amountKobo: -1_000_050, sellerId: S2 },
      ],
      { paymentId },
      now,
    );
    expect(await storeBalances(database.db, S1)).toEqual({ heldKobo: 2_500_000, availableKobo: 0, inTransferKobo: 0, paidOutKobo: 0 });
    expect((await storeBalances(database.db, S2)).heldKobo).toBe(1_000_050);

    const fee = platformFeeKobo(2_500_000, 2);
    await postJournal(
      database.db,
      'release',
      [
        { account: storeAccount(S1, 'held'), amountKobo: 2_500_000, sellerId: S1 },
        { account: storeAccount(S1, 'available'), amountKobo: -(2_500_000 - fee), sellerId: S1 },
        { account: 'platform:fees', amountKobo: -fee },
      ],
      { orderId: order1 },
      now,
    );
    const payoutId = ref('po');
    await postJournal(
      database.db,
      'payout',
      [
        { account: storeAccount(S1, 'available'), amountKobo: 2_500_000 - fee, sellerId: S1 },
        { account: storeAccount(S1, 'payout'), amountKobo: -(2_500_000 - fee), sellerId: S1 },
      ],
      { payoutId, orderId: order1 },
      now,
    );
    expect(await storeBalances(database.db, S1)).toEqual({ heldKobo: 0, availableKobo: 0, inTransferKobo: 2_450_000, paidOutKobo: 0 });
    await postJournal(
      database.db,
      'payout-settled',
      [
        { account: storeAccount(S1, 'payout'), amountKobo: 2_500_000 - fee, sellerId: S1 },
        { account: 'paystack', amountKobo: -(2_500_000 - fee) },
      ],
      { payoutId },
      now,
    );
    expect(await storeBalances(database.db, S1)).toEqual({ heldKobo: 0, availableKobo: 0, inTransferKobo: 0, paidOutKobo: 2_450_000 });
    // What stays at Paystack: store 2's held money and the fee.
    expect((await accountBalance(database.db, 'paystack')) - paystackBefore).toBe(1_000_050 + fee);
    expect(order2).toBeTruthy();
  });

  it('posts a journal of one kind once per reference: a replay posts nothing', async () => {
    const paymentId = ref('pay');
    const lines = [
      { account: 'paystack' as const, amountKobo: 500 },
      { account: storeAccount(S2, 'held'), amountKobo: -500, sellerId: S2 },
    ];
    const heldBefore = (await storeBalances(database.db, S2)).heldKobo;
    await expect(postJournal(database.db, 'payment', lines, { paymentId }, now)).resolves.toBe(true);
    await expect(postJournal(database.db, 'payment', lines, { paymentId }, now)).resolves.toBe(false);
    expect((await storeBalances(database.db, S2)).heldKobo - heldBefore).toBe(500);
  });

  it('never edits or deletes an entry (the database refuses)', async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await database.db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      // drizzle wraps the driver's error: the database's own text is on the cause.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      return `${String(error)} ${cause}`;
    };
    expect(await refusal(sql`update ledger_entries set amount_kobo = amount_kobo + 1`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from ledger_entries`)).toMatch(/append-only/);
  });

  it('every entry ever posted sums to zero', async () => {
    const [row] = await database.db.select({ total: sql<string | null>`sum(${ledgerEntries.amountKobo})` }).from(ledgerEntries);
    expect(Number(row?.total ?? 0)).toBe(0);
  });
});

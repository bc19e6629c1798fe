/**
 * Where payouts go, through the real sandbox: the bank code kept when the
 * account was saved is the one paid to; a holder's name the bank gives that
 * differs from the saved one is refused (payout pending, the seller told on
 * the payout and by e-mail, once); an account changed less than 24 hours ago
 * waits until 24 hours have passed; a store saved before codes were kept is
 * still paid, and its code stored.
 */
import { MESSAGES } from '@campus/shared/messages';
import { buyerOrderSchema, sellerPayoutsSchema, type BuyerOrder } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { sqlClientOf } from '../../src/search';
import { send } from '../catalogue-helpers';
import { PASSWORD, get, post } from '../helpers';
import { checkoutBody, fillCart, initiate, shopWith, signedIn, startBench, type Bench, type Shop } from './harness';

jest.setTimeout(60_000);

const HOUR = 60 * 60 * 1000;
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
let bench: Bench;

beforeAll(async () => {
  bench = await startBench({ clock });
});
afterAll(async () => bench.close());

/** A store with its own account number (the sandbox's knobs key on numbers), so tests do not share a recipient. */
let accountSerial = 0;
const newAccountNumber = () => `20${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++accountSerial).padStart(2, '0')}`;

async function store(name: string, fields: Record<string, string> = {}): Promise<Shop & { accountNumber: string }> {
  const accountNumber = fields.accountNumber ?? newAccountNumber();
  const shop = await shopWith(bench.app, name, '5,000', 5, { accountNumber, ...fields });
  return { ...shop, accountNumber };
}

/** A paid order of one unit, completed with its code: its payout is queued and tried at once. */
async function completedOrder(shop: Shop): Promise<BuyerOrder> {
  const buyer = await signedIn(bench.app);
  const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
  const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
  expect(started.status).toBe(200);
  bench.sandbox.act(started.data?.access_code ?? '', 'pay');
  await bench.settle();
  const order = buyerOrderSchema.parse(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[])[0]);
  expect((await post(bench.app, '/orders/complete', { orderId: order.id, code: order.completionCode ?? '' }, shop.token)).status).toBe(200);
  await bench.settle();
  return order;
}

async function payoutsOf(shop: Shop) {
  const res = await get(bench.app, `/sellers/${shop.sellerId}/payouts`, shop.token);
  expect(res.status).toBe(200);
  return sellerPayoutsSchema.parse(res.body.data).payouts;
}

async function payoutRow(shop: Shop) {
  const { rows } = await sqlClientOf(bench.app).query<{
    reference: string;
    status: string;
    transfer_code: string | null;
    attempts: number;
    next_attempt_at: Date | null;
  }>('SELECT reference, status, transfer_code, attempts, next_attempt_at FROM payouts WHERE seller_id = $1', [shop.sellerId]);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function sellerRow(shop: Shop) {
  const { rows } = await sqlClientOf(bench.app).query<{
    bank_code: string | null;
    bank_account_name: string | null;
    bank_account_changed_at: Date | null;
  }>('SELECT bank_code, bank_account_name, bank_account_changed_at FROM sellers WHERE id = $1', [shop.sellerId]);
  return rows[0]!;
}

/** The sandbox's transfer of this reference and the recipient it went to. */
function transferOf(reference: string) {
  const transfer = bench.sandbox.store.transfers.find((t) => t.reference === reference);
  const recipient = transfer && bench.sandbox.store.recipients.find((r) => r.recipientCode === transfer.recipientCode);
  return { transfer, recipient };
}

/** A reconciliation run at the clock's time: due payouts are tried. */
async function reconcile() {
  await bench.app.payments.reconcile();
  await bench.settle();
}

function changeAccount(shop: Shop, fields: Record<string, string>) {
  return send(bench.app, 'PUT', `/sellers/${shop.sellerId}`, shop.token, { accountName: 'Ada Obi', currentPassword: PASSWORD, ...fields });
}

describe('payout destination', () => {
  test('the bank code stored when the account was saved is the one paid to, whatever the bank name says later', async () => {
    const shop = await store('Phone charger', { bankName: 'GTBank' });
    expect(await sellerRow(shop)).toMatchObject({
      bank_code: '058',
      bank_account_name: `SANDBOX ACCOUNT ${shop.accountNumber.slice(-4)}`,
      bank_account_changed_at: null,
    });
    // The bank's name no longer maps to any code: only the stored code can reach the bank.
    await sqlClientOf(bench.app).query("UPDATE sellers SET bank_name = 'Bank of Atlantis' WHERE id = $1", [shop.sellerId]);

    await completedOrder(shop);
    const payout = await payoutRow(shop);
    const { transfer, recipient } = transferOf(payout.reference);
    expect(transfer).toBeDefined();
    expect(recipient).toMatchObject({
      bankCode: '058',
      accountNumber: shop.accountNumber,
      name: `SANDBOX ACCOUNT ${shop.accountNumber.slice(-4)}`,
    });
  });

  test("a store saved before bank codes were kept is still paid: the code is derived once, then stored with the bank's name", async () => {
    const shop = await store('Extension cord', { bankName: 'Zenith Bank' });
    await sqlClientOf(bench.app).query('UPDATE sellers SET bank_code = NULL, bank_account_name = NULL WHERE id = $1', [shop.sellerId]);

    await completedOrder(shop);
    const payout = await payoutRow(shop);
    expect(transferOf(payout.reference).recipient).toMatchObject({ bankCode: '057', accountNumber: shop.accountNumber });
    expect(await sellerRow(shop)).toMatchObject({ bank_code: '057', bank_account_name: `SANDBOX ACCOUNT ${shop.accountNumber.slice(-4)}` });
  });

  test('a changed account is paid only 24 hours after the change; until then the payout waits and the seller sees why', async () => {
    const shop = await store('Table fan');
    const newNumber = newAccountNumber();
    const changedAt = clock.now();
    const changed = await changeAccount(shop, { bankName: 'Zenith Bank', accountNumber: newNumber });
    expect(changed.status).toBe(200);
    expect((await sellerRow(shop)).bank_account_changed_at?.toISOString()).toBe(changedAt.toISOString());

    await completedOrder(shop);
    const until = new Date(changedAt.getTime() + 24 * HOUR);
    const reason = MESSAGES.payouts.newAccountWait(`${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    let payout = await payoutRow(shop);
    expect(payout).toMatchObject({ status: 'pending', transfer_code: null, attempts: 0 });
    expect(payout.next_attempt_at?.toISOString()).toBe(until.toISOString());
    expect(transferOf(payout.reference).transfer).toBeUndefined();
    expect(await payoutsOf(shop)).toEqual([expect.objectContaining({ status: 'pending', failureReason: reason })]);

    // 23 hours later: still waiting.
    clock.advance(23 * HOUR);
    await reconcile();
    expect(transferOf(payout.reference).transfer).toBeUndefined();

    // 24 hours after the change: sent to the new account.
    clock.advance(HOUR);
    await reconcile();
    payout = await payoutRow(shop);
    expect(payout.transfer_code).not.toBeNull();
    expect(transferOf(payout.reference).recipient).toMatchObject({ bankCode: '057', accountNumber: newNumber });
    expect((await payoutsOf(shop))[0]?.failureReason).toBeNull();
  });

  test('the same account saved again does not make payouts wait', async () => {
    const shop = await store('Desk fan', { bankName: 'GTBank' });
    expect((await changeAccount(shop, { bankName: 'GTBank', accountNumber: shop.accountNumber })).status).toBe(200);
    expect((await sellerRow(shop)).bank_account_changed_at).toBeNull();
    await completedOrder(shop);
    expect((await payoutRow(shop)).transfer_code).not.toBeNull();
  });

  test("a holder's name other than the saved one is refused: not sent, pending with the reason, the seller e-mailed once, no retry storm", async () => {
    const shop = await store('Study lamp');
    const saved = `SANDBOX ACCOUNT ${shop.accountNumber.slice(-4)}`;
    bench.sandbox.renameHolder(shop.accountNumber, 'MALLAM ISA BELLO');

    await completedOrder(shop);
    const reason = MESSAGES.payouts.accountNameChanged(saved, 'MALLAM ISA BELLO');
    let payout = await payoutRow(shop);
    expect(payout).toMatchObject({ status: 'pending', transfer_code: null, attempts: 0 });
    expect(payout.next_attempt_at?.getTime()).toBe(clock.now().getTime() + 24 * HOUR);
    expect(transferOf(payout.reference).transfer).toBeUndefined();
    expect(bench.sandbox.store.recipients.some((r) => r.accountNumber === shop.accountNumber)).toBe(false);
    expect(await payoutsOf(shop)).toEqual([expect.objectContaining({ status: 'pending', failureReason: reason })]);
    const held = () => bench.app.mailer.mailbox?.list(shop.email).filter((m) => m.subject.includes('on hold')) ?? [];
    expect(held()).toHaveLength(1);
    expect(held()[0]?.text).toContain(reason);

    // Reconciliation runs meanwhile change nothing; a day later it is checked again, still refused, no second e-mail.
    await reconcile();
    clock.advance(24 * HOUR);
    await reconcile();
    payout = await payoutRow(shop);
    expect(payout).toMatchObject({ status: 'pending', transfer_code: null, attempts: 0 });
    expect(held()).toHaveLength(1);

    // The seller checks and saves the same account again: the bank's name is kept, and the next check pays.
    expect((await changeAccount(shop, { bankName: 'GTBank', accountNumber: shop.accountNumber })).status).toBe(200);
    expect(await sellerRow(shop)).toMatchObject({ bank_account_name: 'MALLAM ISA BELLO', bank_account_changed_at: null });
    clock.advance(24 * HOUR);
    await reconcile();
    expect((await payoutRow(shop)).transfer_code).not.toBeNull();
  });
});

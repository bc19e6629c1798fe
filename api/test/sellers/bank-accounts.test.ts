/**
 * A store's payout account is checked with the bank (here the
 * Paystack sandbox, through the same client as Paystack) at onboarding and on
 * the Payments settings; the bank's name for it is kept; changing it asks for
 * the password again.
 */
import { MESSAGES } from '@campus/shared/messages';
import { sellerProfileSchema } from '@campus/shared/schemas';
import { ManualClock } from '../../src/lib/clock';
import { freePort } from '../../src/lib/free-port';
import { PaystackClient } from '../../src/money/payments/paystack/client';
import { paystackBankAccounts } from '../../src/money/payments/bank-accounts';
import { STATUS_OF_DOMAIN_ERROR } from '../../src/plugins/errors';
import { STORE_FIELDS, multipart, send } from '../catalogue-helpers';
import { PASSWORD, get, post, signedIn } from '../helpers';
import { startBench, type Bench } from '../payments/harness';

jest.setTimeout(60_000);

let bench: Bench;
beforeAll(async () => {
  bench = await startBench();
});
afterAll(async () => bench.close());

let stores = 0;
async function register(fields: Record<string, string>) {
  const user = await signedIn(bench.app);
  // No two stores may have names that look alike.
  stores += 1;
  const catalogueName = `${STORE_FIELDS.catalogueName} ${stores}`;
  const res = await send(bench.app, 'POST', '/sellers/register', user.token, multipart({ ...STORE_FIELDS, catalogueName, ...fields }));
  return { user, res };
}

describe('payout account checks', () => {
  it('onboarding keeps the name the bank gives for the account', async () => {
    const { res } = await register({ bankName: 'Kuda Bank', accountNumber: '2034567891', accountName: 'Ada Obi' });
    expect(res.status).toBe(201);
    expect(sellerProfileSchema.parse(res.body.data)).toMatchObject({
      bankName: 'Kuda Bank',
      accountNumber: '2034567891',
      accountName: 'SANDBOX ACCOUNT 7891',
    });
  });

  it('onboarding can look the account up before the store is opened: the name the bank gives, or the same 400', async () => {
    const user = await signedIn(bench.app);
    const found = await post(bench.app, '/sellers/account-check', { bankName: 'Kuda Bank', accountNumber: '2034567891' }, user.token);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({ accountName: 'SANDBOX ACCOUNT 7891' });
    const unknown = await post(bench.app, '/sellers/account-check', { bankName: 'GTBank', accountNumber: '0001234567' }, user.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MESSAGES.seller.accountNotFound('0001234567', 'GTBank'));
    expect((await post(bench.app, '/sellers/account-check', { bankName: 'GTBank', accountNumber: '12' }, user.token)).status).toBe(400);
    expect((await post(bench.app, '/sellers/account-check', { bankName: 'GTBank', accountNumber: '2034567891' })).status).toBe(401);
    // Nothing is kept: the student is still not a seller.
    expect((await get(bench.app, '/seller/profile', user.token)).status).toBe(404);
  });

  it('onboarding refuses an account the bank does not know, with a clear 400, and opens no store', async () => {
    const { user, res } = await register({ bankName: 'GTBank', accountNumber: '0001234567' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.seller.accountNotFound('0001234567', 'GTBank'));
    expect((await get(bench.app, '/seller/profile', user.token)).status).toBe(404);
  });

  it('the Payments settings ask for the current password, check the account and keep the bank name', async () => {
    const { user, res } = await register({});
    const sellerId = (res.body.data as { id: string }).id;
    const change = (fields: Record<string, string>) =>
      send(bench.app, 'PUT', `/sellers/${sellerId}`, user.token, {
        bankName: 'Zenith Bank',
        accountNumber: '1122334455',
        accountName: 'Ada Obi',
        ...fields,
      });
    const before = (await get(bench.app, '/seller/profile', user.token)).body.data;

    const noPassword = await change({});
    expect(noPassword.status).toBe(400);
    const wrongPassword = await change({ currentPassword: 'not-my-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(MESSAGES.account.oldPasswordIncorrect);
    const unknownAccount = await change({ currentPassword: PASSWORD, accountNumber: '0009998887' });
    expect(unknownAccount.status).toBe(400);
    expect(unknownAccount.body.message).toBe(MESSAGES.seller.accountNotFound('0009998887', 'Zenith Bank'));
    expect((await get(bench.app, '/seller/profile', user.token)).body.data).toEqual(before);

    const ok = await change({ currentPassword: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(MESSAGES.seller.paymentUpdated);
    expect(ok.body.data).toMatchObject({ bankName: 'Zenith Bank', accountNumber: '1122334455', accountName: 'SANDBOX ACCOUNT 4455' });
    // The owner is told where the payouts now go (only after a change that went through).
    const told = bench.app.mailer.mailbox?.list(user.email).filter((m) => m.subject.includes('payouts now go to a new account')) ?? [];
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('SANDBOX ACCOUNT 4455, Zenith Bank ••••4455');
  });

  it('says the check is unavailable (503) when Paystack cannot be reached, and refuses banks Paystack does not list', async () => {
    const away = paystackBankAccounts(
      new PaystackClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, secretKey: 'sk_test_x' }),
      new ManualClock(new Date()),
    );
    // Domain errors; the errors plugin answers them with 503 and 400.
    expect([STATUS_OF_DOMAIN_ERROR.unavailable, STATUS_OF_DOMAIN_ERROR.invalid]).toEqual([503, 400]);
    await expect(away.resolve('GTBank', '0123456789')).rejects.toMatchObject({
      kind: 'unavailable',
      message: MESSAGES.seller.accountCheckUnavailable,
    });
    expect(await bench.app.bankAccounts.resolve('GTBank', '0123456789')).toEqual({ accountName: 'SANDBOX ACCOUNT 6789', bankCode: '058' });
    await expect(bench.app.bankAccounts.resolve('Bank of Atlantis', '0123456789')).rejects.toMatchObject({
      kind: 'invalid',
      message: MESSAGES.seller.bankNotSupported('Bank of Atlantis'),
    });
  });
});

/**
 * The campus team's dispute desk on the command line (`npm run disputes -w
 * @campus/api -- ...`): its arguments, and one real run against a database a
 * bench left behind (list, a part decision in naira, the ledger after it).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MESSAGES } from '@campus/shared/messages';
import { buyerOrderSchema } from '@campus/shared/schemas';
import { parseDecision, UsageError } from '../../src/money/disputes/cli-args';
import { openDatabase } from '../../src/db/client';
import { ManualClock } from '../../src/lib/clock';
import { storeBalances } from '../../src/money/payments/ledger';
import { get, onPostgres, post, put } from '../helpers';
import { checkoutBody, fillCart, initiate, shopWith, signedIn, startBench } from '../payments/harness';

jest.setTimeout(120_000);

const run = promisify(execFile);
const API_DIR = path.resolve(__dirname, '..', '..');

describe('the arguments of decide', () => {
  test('refund and release take a reason; part takes an amount in naira, kept as kobo', () => {
    expect(parseDecision(['d1', 'refund', '--reason', 'No answer from the seller'])).toEqual({
      disputeId: 'd1',
      decision: { kind: 'refund', note: 'No answer from the seller' },
    });
    expect(parseDecision(['--reason', 'Photos show it whole', 'd1', 'release'])).toEqual({
      disputeId: 'd1',
      decision: { kind: 'release', note: 'Photos show it whole' },
    });
    expect(parseDecision(['d1', 'part', '2,500.50', '--reason', 'Half broken'])).toEqual({
      disputeId: 'd1',
      decision: { kind: 'part', refundKobo: 250_050, note: 'Half broken' },
    });
  });

  test('refuses a missing reason, a missing or malformed amount, an unknown decision', () => {
    expect(() => parseDecision(['d1', 'refund'])).toThrow(/--reason/);
    expect(() => parseDecision(['d1', 'refund', '--reason', '  '])).toThrow(/--reason/);
    expect(() => parseDecision(['d1', 'part', '--reason', 'x'])).toThrow(UsageError);
    expect(() => parseDecision(['d1', 'part', '12.345', '--reason', 'x'])).toThrow('Not an amount in naira: 12.345');
    expect(() => parseDecision(['d1', 'part', '-5', '--reason', 'x'])).toThrow('Not an amount in naira: -5');
    expect(() => parseDecision(['d1', 'refund', '100', '--reason', 'x'])).toThrow(UsageError);
    expect(() => parseDecision(['d1', 'keep', '--reason', 'x'])).toThrow(UsageError);
  });
});

// One process at a time on an embedded database: the bench is closed before the command runs.
(onPostgres ? test.skip : test)(
  'list and decide part on the data directory the server uses; the ledger moves once, to the kobo',
  async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'campus-disputes-cli-'));
    const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
    const bench = await startBench({ clock, env: { DATA_DIR: dataDir }, pgliteDir: path.join(dataDir, 'pglite') });
    const shop = await shopWith(bench.app, 'Standing fan', '10,000', 2);
    let orderId = '';
    try {
      const buyer = await signedIn(bench.app);
      const cart = await fillCart(bench.app, buyer.token, [{ productId: shop.product.id, quantity: 1 }]);
      const started = await initiate(bench.app, buyer.token, checkoutBody(buyer.email, cart));
      bench.sandbox.act(started.data?.access_code ?? '', 'pay');
      await bench.settle();
      orderId = buyerOrderSchema.parse(((await get(bench.app, '/orders/user', buyer.token)).body.data as unknown[])[0]).id;
      expect((await put(bench.app, `/orders/${orderId}/status`, { orderStatus: 'CONFIRMED' }, shop.token)).status).toBe(200);
      clock.advance(14 * 24 * 60 * 60 * 1000);
      expect((await post(bench.app, `/orders/${orderId}/dispute`, { reason: 'Blades cracked' }, buyer.token)).status).toBe(201);
    } finally {
      await bench.close();
    }

    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/money/disputes/cli.ts', ...args], { cwd: API_DIR, env });
    const listed = (await cli('list')).stdout;
    expect(listed).toContain('Standing fan store');
    expect(listed).toContain('reason: Blades cracked');
    const disputeId = /^(\S+)\s+open\s/m.exec(listed)?.[1] ?? '';
    expect(disputeId).not.toBe('');

    const decided = await cli('decide', disputeId, 'part', '2,500.50', '--reason', 'One blade cracked');
    // To the store: the rest less its share of Paystack's card fee (₦187.48); its next payout sends it.
    expect(decided.stdout).toContain('part-refunded: refunded ₦2,500.50, released ₦7,499.50 (₦7,312.02 to the store after fees)');
    await expect(cli('decide', disputeId, 'refund', '--reason', 'Again')).rejects.toMatchObject({
      stderr: expect.stringContaining(MESSAGES.disputes.alreadyDecided),
    });
    expect((await cli('list')).stdout).toContain('No open disputes.');

    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    try {
      expect(await storeBalances(database.db, shop.sellerId)).toMatchObject({ heldKobo: 0, availableKobo: 731_202 });
    } finally {
      await database.close();
    }
    expect(orderId).not.toBe('');
  },
);

/**
 * Where a store's payout may go, decided before each transfer:
 *
 * - the bank code is the one kept when the account was saved (the bank's
 *   name is not mapped again at every payout); a store saved before codes
 *   were kept has its code derived once from the bank's name and stored;
 * - the account is resolved with the bank again, and a holder's name other
 *   than the one saved is refused: the payout stays pending, the seller is
 *   told why (on the payout and by e-mail, once) and it is looked at again a
 *   day later, not at every reconciliation;
 * - an account changed less than 24 hours ago waits until 24 hours have
 *   passed, so a stolen session that redirects the money leaves the owner a
 *   day to notice (the change e-mail) and put it back.
 */
import { MESSAGES } from '@campus/shared/messages';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { PayoutRow } from '../../db/schema';
import { recordStoreBankCode } from '../../sellers';
import { knownRecipient, notePayoutHeld, rememberRecipient, storePayoutAccount } from './payout-repository';
import { bankCodeFor } from './bank-codes';
import { payoutRefusedEmail } from './emails';
import { queueEmail } from './outbox';
import { PaystackError, type PaystackBank, type PaystackClient } from './paystack/client';

/** How long payouts to a newly saved account wait. */
export const NEW_ACCOUNT_WAIT_MS = 24 * 60 * 60 * 1000;
/** When a refused payout is looked at again (the seller may have saved the account again meanwhile). */
const REFUSED_RECHECK_MS = 24 * 60 * 60 * 1000;

export type PayoutDestination =
  { kind: 'send'; recipientCode: string } | { kind: 'wait'; until: Date; reason: string } | { kind: 'refuse'; reason: string };

export interface PayoutDestinationDeps {
  db: Db;
  paystack: PaystackClient;
  /** Paystack's bank list (cached by the caller): only for stores saved before bank codes were kept. */
  banks: () => Promise<PaystackBank[]>;
  config: AppConfig;
  now: Date;
}

/** Holders' names as banks write them: case, punctuation and spacing do not count. */
const sameHolder = (a: string, b: string) => {
  const norm = (name: string) =>
    name
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, ' ')
      .trim();
  return norm(a) === norm(b);
};

const utcMinute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Decides where `payout` may go now. 'send' has a transfer recipient for the
 * confirmed account; 'wait' and 'refuse' have been noted on the payout (its
 * reason, when it is looked at again; the seller's e-mail for a refusal).
 * Paystack being away throws, as before: the caller retries with backoff.
 */
export async function payoutDestination(deps: PayoutDestinationDeps, payout: PayoutRow): Promise<PayoutDestination> {
  const { db, paystack, now } = deps;
  const store = await storePayoutAccount(db, payout.sellerId);
  if (!store) throw new PaystackError('The store has no bank details', 400);

  if (store.bankAccountChangedAt) {
    const until = new Date(store.bankAccountChangedAt.getTime() + NEW_ACCOUNT_WAIT_MS);
    if (now < until) {
      const held: PayoutDestination = { kind: 'wait', until, reason: MESSAGES.payouts.newAccountWait(utcMinute(until)) };
      await notePayoutHeld(db, payout, held.reason, until);
      return held;
    }
  }

  const bankCode = store.bankCode ?? bankCodeFor(store.bankName, await deps.banks());
  if (!bankCode) throw new PaystackError(`Paystack does not know the bank "${store.bankName}"`, 400);
  const resolved = (await paystack.resolveAccount(store.accountNumber, bankCode)).account_name;

  if (store.bankAccountName === null || store.bankCode === null) {
    // Saved before codes and names were kept: what the bank says now becomes the account's record,
    // unless the account was saved again meanwhile (the same number and bank name, still without a code).
    await recordStoreBankCode(db, payout.sellerId, {
      bankCode,
      bankAccountName: store.bankAccountName ?? resolved,
      savedAs: { accountNumber: store.accountNumber, bankName: store.bankName },
    });
  } else if (!sameHolder(store.bankAccountName, resolved)) {
    const reason = MESSAGES.payouts.accountNameChanged(store.bankAccountName, resolved);
    await db.transaction(async (tx) => {
      await notePayoutHeld(tx, payout, reason, new Date(now.getTime() + REFUSED_RECHECK_MS));
      // One e-mail per payout, however often it is looked at again.
      await queueEmail(
        tx,
        `payout-refused:${payout.id}`,
        payoutRefusedEmail(deps.config, store.ownerEmail, payout.reference, payout.amountKobo, reason),
        now,
      );
    });
    return { kind: 'refuse', reason };
  }

  const known = await knownRecipient(db, payout.sellerId, bankCode, store.accountNumber);
  if (known) return { kind: 'send', recipientCode: known };
  const recipientCode = (await paystack.createTransferRecipient({ name: resolved, accountNumber: store.accountNumber, bankCode }))
    .recipient_code;
  await rememberRecipient(
    db,
    { sellerId: payout.sellerId, bankCode, accountNumber: store.accountNumber, accountName: resolved, recipientCode },
    now,
  );
  return { kind: 'send', recipientCode };
}

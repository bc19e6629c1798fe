import { call } from '@campus/shared/call';
import { sellers } from '@campus/shared/endpoints';
import type { BankAccountCheck, BankAccountCheckBody } from '@campus/shared/schemas';

/** POST /sellers/account-check: the name the bank gives the payout account, before the store keeps it. */
export async function checkBankAccount(body: BankAccountCheckBody): Promise<BankAccountCheck> {
  return (await call(sellers.checkBankAccount, { body })).data;
}

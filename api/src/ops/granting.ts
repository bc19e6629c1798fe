/**
 * Granting and revoking operators. Operators are granted from the command line only
 * (api/scripts/ops.ts); each grant or revoke is audited as the command line's action.
 */
import type { Db } from '../db/client';
import { audit } from './audit';
import { deleteOperator, findUserByEmailAddress, insertOperator } from './granting-repository';

export type GrantOutcome = 'granted' | 'revoked' | 'unchanged' | 'no-account';

/** The command line's grant and revoke, audited as the command line's action. */
export async function setOperator(db: Db, email: string, grant: boolean, who: string, now: Date): Promise<GrantOutcome> {
  const user = await findUserByEmailAddress(db, email);
  if (!user) return 'no-account';
  return db.transaction(async (tx) => {
    const changed = grant ? await insertOperator(tx, user.id, now) : await deleteOperator(tx, user.id);
    if (!changed) return 'unchanged';
    await audit(
      tx,
      { userId: 'command-line', email: who, ip: 'command-line' },
      {
        action: grant ? 'operator.grant' : 'operator.revoke',
        recordType: 'account',
        recordId: user.id,
        reason: `${grant ? 'granted' : 'revoked'} from the command line`,
      },
      now,
    );
    return grant ? 'granted' : 'revoked';
  });
}

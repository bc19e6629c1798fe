/** The dispute desk's command line arguments (cli.ts), read without touching a database. */
import { toKobo } from '@campus/shared/money';
import type { DecisionInput } from './service';

export const USAGE = [
  'Usage:',
  '  disputes list [--all]',
  '  disputes show <dispute id>',
  '  disputes decide <dispute id> refund|release --reason "..."',
  '  disputes decide <dispute id> part <naira> --reason "..."',
].join('\n');

export class UsageError extends Error {}

/** `decide` arguments into a decision; amounts in naira as typed ("2,500" or "2500.50"), kept as kobo. */
export function parseDecision(args: readonly string[]): { disputeId: string; decision: DecisionInput } {
  const reasonAt = args.indexOf('--reason');
  const note = reasonAt >= 0 ? (args[reasonAt + 1] ?? '') : '';
  const positional = reasonAt >= 0 ? [...args.slice(0, reasonAt), ...args.slice(reasonAt + 2)] : [...args];
  const [disputeId, kind, amount] = positional;
  if (!disputeId || !kind) throw new UsageError(USAGE);
  if (!note.trim()) throw new UsageError('A decision needs --reason "..." (both sides are e-mailed it).');
  if (kind === 'refund' || kind === 'release') {
    if (positional.length !== 2) throw new UsageError(USAGE);
    return { disputeId, decision: { kind, note } };
  }
  if (kind === 'part') {
    if (!amount || positional.length !== 3) throw new UsageError(USAGE);
    let refundKobo: number;
    try {
      refundKobo = toKobo(amount);
    } catch {
      throw new UsageError(`Not an amount in naira: ${amount}`);
    }
    return { disputeId, decision: { kind, refundKobo, note } };
  }
  throw new UsageError(USAGE);
}

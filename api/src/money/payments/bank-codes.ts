/**
 * A store's bank is stored under the spec's names (section 9: "First Bank",
 * "Opay", "VBank", …); Paystack's transfer recipients need its bank code.
 * The name is matched against Paystack's own list (GET /bank): exactly after
 * normalising, else through the aliases below, else by prefix.
 */
import type { PaystackBank } from './paystack/client';

/** Names (the spec's, and the short ones students type) whose Paystack name does not start with them. */
const ALIASES: Readonly<Record<string, string>> = {
  diamondbank: 'accessbankdiamond',
  gtbank: 'guarantytrustbank',
  gtb: 'guarantytrustbank',
  uba: 'unitedbankforafrica',
  fcmb: 'firstcitymonumentbank',
  opay: 'opaydigitalserviceslimitedopay',
  vbank: 'vfdmicrofinancebanklimited',
};

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function bankCodeFor(bankName: string, banks: readonly PaystackBank[]): string | null {
  const wanted = normalise(bankName);
  if (!wanted) return null;
  const target = ALIASES[wanted] ?? wanted;
  const named = banks.map((b) => ({ code: b.code, key: normalise(b.name) }));
  const exact = named.find((b) => b.key === target);
  if (exact) return exact.code;
  // "First Bank" → "First Bank of Nigeria", "Union Bank" → "Union Bank of Nigeria", "Citibank" → "Citibank Nigeria".
  const prefixed = named.filter((b) => b.key.startsWith(target));
  return prefixed.length === 1 ? (prefixed[0]?.code ?? null) : (prefixed.sort((a, b) => a.key.length - b.key.length)[0]?.code ?? null);
}

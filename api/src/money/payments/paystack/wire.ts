/** Reading Paystack's wire format, shared by the client's callers and the sandbox. */

/** An amount in kobo as Paystack sends it (a number, or digits in a string); null if it is not whole, safe kobo. */
export function koboFromWire(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

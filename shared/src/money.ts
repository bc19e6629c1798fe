/**
 * Money is integer kobo everywhere inside the product; the API edge speaks the
 * spec's numeric string with 2 decimals ("12500.50"); screens show naira.
 * Never add floating-point naira.
 */

const NAIRA_STRING = /^\d+(\.\d{1,2})?$/;

/** "12500.5" | "12,500.50" | 12500.5 -> 1250050 kobo. Throws on anything else. */
export function toKobo(value: string | number): number {
  // A number is read as written (String(1.005) is "1.005"), so more than 2 decimals is refused, never rounded.
  const text = typeof value === 'number' ? String(value) : value.replace(/,/g, '').trim();
  if (!NAIRA_STRING.test(text)) throw new RangeError(`Not a naira amount: ${String(value)}`);
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250050 -> "12500.50" (the API's numeric string). */
export function koboToDecimalString(kobo: number): string {
  if (!Number.isInteger(kobo) || kobo < 0) throw new RangeError(`Not a kobo amount: ${kobo}`);
  const whole = Math.floor(kobo / 100);
  const fraction = String(kobo % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

const nairaFormatter = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "12500.50" | 12500.5 -> "₦12,500.50" */
export function formatNaira(value: string | number): string {
  const kobo = toKobo(value);
  return `₦${nairaFormatter.format(kobo / 100)}`;
}

/** Price input rule of spec section 5: digits, one dot, at most 2 decimals, thousands separators. */
export function formatPriceInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const [intPart = '', ...rest] = cleaned.split('.');
  const grouped = intPart.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (rest.length === 0) return grouped;
  return `${grouped}.${rest.join('').slice(0, 2)}`;
}

/** "12,500.5" -> 12500.5 (what the add-product form sends). */
export function parsePriceInput(formatted: string): number {
  const n = Number(formatted.replace(/,/g, ''));
  return Number.isFinite(n) ? n : Number.NaN;
}

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

/** "1234567" -> "1,234,567" */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * "12500.50" | 12500.5 -> "₦12,500.50", written from the kobo digits.
 * Not Intl.NumberFormat: its first construction in a page costs Chromium
 * 60-110 ms of main thread (the locale's data), on the marketplace's start-up
 * path; and this never turns kobo back into a floating-point naira.
 */
export function formatNaira(value: string | number): string {
  const decimal = koboToDecimalString(toKobo(value));
  const point = decimal.length - 3; // always ".dd" at the end
  return `₦${groupThousands(decimal.slice(0, point))}${decimal.slice(point)}`;
}

/** Price input rule of spec section 5: digits, one dot, at most 2 decimals, thousands separators. */
export function formatPriceInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const [intPart = '', ...rest] = cleaned.split('.');
  const grouped = groupThousands(intPart.replace(/^0+(?=\d)/, ''));
  if (rest.length === 0) return grouped;
  return `${grouped}.${rest.join('').slice(0, 2)}`;
}

/** "12,500.5" -> 12500.5 (what the add-product form sends). */
export function parsePriceInput(formatted: string): number {
  const n = Number(formatted.replace(/,/g, ''));
  return Number.isFinite(n) ? n : Number.NaN;
}

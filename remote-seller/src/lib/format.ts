import { formatNaira } from '@campus/shared/money';

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

/** An ISO date as "20 Nov 2026". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** A wire amount ("12500.00") as naira; a malformed one shows as a dash rather than breaking the page. */
export function naira(value: string | undefined): string {
  if (value === undefined) return '–';
  try {
    return formatNaira(value);
  } catch {
    return '–';
  }
}

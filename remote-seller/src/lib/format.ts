import { formatNaira } from '@campus/shared/money';

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });

/** An ISO date as "20 Nov 2026". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const dayFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short' });

/** A chart's time tick (seconds since the epoch) as "8 Nov": day first, as Nigeria writes dates, never "11/8". */
export function formatChartDay(seconds: number): string {
  return dayFormat.format(new Date(seconds * 1000));
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

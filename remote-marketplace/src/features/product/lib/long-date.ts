const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A date as en-NG writes it with `{ day: 'numeric', month: 'long', year: 'numeric' }`: "5 September 2026",
 * in the reader's time zone. Written out rather than through Intl: the page's first Intl format costs
 * 22-33 ms unthrottled in Node (ICU's start-up; no cache or benchmark index applies) and 81 ms in a
 * Chromium trace (cold cache, CPU throttled 3x, benchmark index about 1,300), inside the task that draws
 * the product (docs/performance.md). long-date.test.ts checks it against Intl for every month.
 */
export function longDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

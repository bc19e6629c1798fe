/**
 * An en-NG date format built on its first use. Building an Intl format costs Chromium several
 * milliseconds of main thread the first time in a page (the locale's data), which a module
 * evaluated at start-up (the marketplace loads this package for its cards) should not pay for
 * dates it may never show.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let format: Intl.DateTimeFormat | undefined;
  return {
    format: (date) => {
      format ??= new Intl.DateTimeFormat('en-NG', options);
      return format.format(date);
    },
  };
}

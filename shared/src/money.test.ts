import { formatNaira, formatPriceInput, koboToDecimalString, parsePriceInput, toKobo } from './money';

describe('money (integer kobo inside, 2-decimal strings at the edge)', () => {
  it('converts naira strings and numbers to kobo without float drift', () => {
    expect(toKobo('12500.50')).toBe(1_250_050);
    expect(toKobo('0.1')).toBe(10);
    expect(toKobo('12,500')).toBe(1_250_000);
    expect(toKobo(0.29)).toBe(29);
  });
  it('rejects what is not an amount', () => {
    expect(() => toKobo('12.345')).toThrow(RangeError);
    expect(() => toKobo('-5')).toThrow(RangeError);
    expect(() => toKobo('abc')).toThrow(RangeError);
    // A JSON number with more than 2 decimals is refused like the same string, not rounded to 1.00.
    expect(() => toKobo(1.005)).toThrow(RangeError);
    expect(() => toKobo(1e21)).toThrow(RangeError);
    expect(toKobo(12500.5)).toBe(1_250_050);
  });
  it('formats kobo as the API numeric string', () => {
    expect(koboToDecimalString(1_250_050)).toBe('12500.50');
    expect(koboToDecimalString(5)).toBe('0.05');
  });
  it('shows naira with 2 decimals and thousands separators', () => {
    expect(formatNaira('12500.5')).toBe('₦12,500.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira('0.05')).toBe('₦0.05');
    expect(formatNaira('1000000')).toBe('₦1,000,000.00');
  });
  it('writes naira exactly as the en-NG number format does, without its cost', () => {
    // formatNaira writes the digits itself (Intl's first use costs the page ~0.1 s); it must not differ.
    const intl = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const kobo of [0, 1, 99, 100, 999_99, 1_000_00, 12_345_678, 100_000_000_00, 987_654_321_09, 9_007_199_254_740_99]) {
      expect(formatNaira(koboToDecimalString(kobo))).toBe(`₦${intl.format(kobo / 100)}`);
    }
  });
  it('keeps the price input to digits, one dot, 2 decimals (spec 5)', () => {
    expect(formatPriceInput('1234567.891')).toBe('1,234,567.89');
    expect(formatPriceInput('12a3.4.5')).toBe('123.45');
    expect(parsePriceInput('1,234.50')).toBe(1234.5);
  });
});

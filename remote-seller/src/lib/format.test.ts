import { formatChartDay, formatDate, naira } from './format';

describe('dates and money as the seller pages write them', () => {
  it('writes a chart day day-first ("8 Nov"), not US-style ("11/8")', () => {
    expect(formatChartDay(new Date(2026, 10, 8, 12).getTime() / 1000)).toBe('8 Nov');
    expect(formatChartDay(new Date(2026, 0, 31, 12).getTime() / 1000)).toBe('31 Jan');
  });

  it('writes a date with its year, and a malformed amount as a dash', () => {
    expect(formatDate('2026-11-20T12:00:00Z')).toBe('20 Nov 2026');
    expect(naira('not money')).toBe('–');
  });
});

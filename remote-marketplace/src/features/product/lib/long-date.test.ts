import { longDate } from './long-date';

describe('longDate', () => {
  it('writes every month and day as Intl writes en-NG long dates', () => {
    const intl = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2026, month, day, 23, 30);
        expect(longDate(date.toISOString())).toBe(intl.format(date));
      }
    }
  });

  it('writes nothing for a date it cannot read', () => {
    expect(longDate('not a date')).toBe('');
  });
});

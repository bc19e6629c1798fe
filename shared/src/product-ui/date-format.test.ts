import { lazyDateFormat } from './date-format';

describe('lazyDateFormat', () => {
  it('formats as en-NG, building the Intl format on first use only', () => {
    const spy = jest.spyOn(Intl, 'DateTimeFormat');
    const format = lazyDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
    expect(spy).not.toHaveBeenCalled();
    expect(format.format(new Date('2026-11-20T12:00:00Z'))).toBe('20 Nov 2026');
    expect(format.format(new Date('2026-01-02T12:00:00Z'))).toBe('2 Jan 2026');
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});

/**
 * The completion-code guessing rules: five wrong codes on one order replace
 * its code (the count starts again); a store's wrong codes over all its orders
 * are capped per UTC day, and the cap locks Accept Order until midnight UTC.
 */
import {
  COMPLETION_ORDER_MAX_WRONG,
  COMPLETION_STORE_DAILY_WRONG_CAP,
  afterOrderWrongCode,
  afterStoreWrongCode,
  nextUtcMidnight,
  storeLockRemainingMs,
  utcDayStart,
  type StoreLockState,
} from '../../src/money/orders/completion-lock';

const t0 = new Date('2026-11-23T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

function wrongAtStore(times: number, state: StoreLockState | null, start: number, step = 1000): StoreLockState | null {
  let s = state;
  for (let i = 0; i < times; i += 1) s = afterStoreWrongCode(s, at(start + i * step));
  return s;
}

describe('per order', () => {
  it('the first four wrong codes count down; the fifth replaces the code and the count starts again', () => {
    expect(COMPLETION_ORDER_MAX_WRONG).toBe(5);
    let failures = 0;
    const left: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const verdict = afterOrderWrongCode(failures);
      expect(verdict.replaceCode).toBe(false);
      left.push(verdict.triesLeft);
      failures = verdict.failures;
    }
    expect(left).toEqual([4, 3, 2, 1]);
    const fifth = afterOrderWrongCode(failures);
    expect(fifth).toEqual({ failures: 0, replaceCode: true, triesLeft: 5 });
    // The new code gets its own five.
    expect(afterOrderWrongCode(fifth.failures)).toMatchObject({ failures: 1, replaceCode: false });
  });
});

describe('per store and UTC day', () => {
  it('utc days: start and next midnight', () => {
    expect(utcDayStart(t0).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextUtcMidnight(t0).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-11-23T23:59:59.999Z')).toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it('wrong codes below the cap never lock, however fast they come', () => {
    const below = wrongAtStore(COMPLETION_STORE_DAILY_WRONG_CAP - 1, null, 0, 10);
    expect(below?.failures).toBe(COMPLETION_STORE_DAILY_WRONG_CAP - 1);
    expect(storeLockRemainingMs(below, at(HOUR))).toBe(0);
  });

  it('the cap-th wrong code of the day locks the store until midnight UTC', () => {
    expect(COMPLETION_STORE_DAILY_WRONG_CAP).toBe(20);
    const capped = wrongAtStore(COMPLETION_STORE_DAILY_WRONG_CAP, null, 0, 10 * MIN); // 10:00 to 13:10
    const lockedAt = at((COMPLETION_STORE_DAILY_WRONG_CAP - 1) * 10 * MIN);
    expect(capped?.lockedUntil?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(storeLockRemainingMs(capped, lockedAt)).toBe(nextUtcMidnight(t0).getTime() - lockedAt.getTime());
    expect(storeLockRemainingMs(capped, new Date('2026-11-23T23:59:59Z'))).toBe(1000);
    expect(storeLockRemainingMs(capped, new Date('2026-11-24T00:00:00Z'))).toBe(0);
    expect(capped?.locks).toBe(1);
  });

  it("yesterday's wrong codes do not count today", () => {
    const lateYesterday = wrongAtStore(COMPLETION_STORE_DAILY_WRONG_CAP - 1, null, 13 * HOUR, 1000); // 23:00 on the 23rd
    const today = afterStoreWrongCode(lateYesterday, new Date('2026-11-24T00:00:01Z'));
    expect(today).toMatchObject({ failures: 1, lockedUntil: null });
    expect(today.dayStartedAt.toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it('after a locked day the count starts again, and the lock history is kept', () => {
    const capped = wrongAtStore(COMPLETION_STORE_DAILY_WRONG_CAP, null, 0);
    const nextDay = afterStoreWrongCode(capped, new Date('2026-11-24T08:00:00Z'));
    expect(nextDay).toMatchObject({ failures: 1, lockedUntil: null, locks: 1 });
    expect(storeLockRemainingMs(nextDay, new Date('2026-11-24T08:00:00Z'))).toBe(0);
  });
});

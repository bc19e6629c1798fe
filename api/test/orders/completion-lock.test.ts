/** Completion-code guessing (issue 11): 5 wrong in 15 minutes lock for 15 minutes, doubling on repeat. */
import {
  COMPLETION_FIRST_LOCK_MS,
  COMPLETION_MAX_LOCK_MS,
  afterRightCode,
  afterWrongCode,
  lockRemainingMs,
  type CompletionLockState,
} from '../../src/orders/completion-lock';

const t0 = new Date('2026-11-23T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;

function wrong(times: number, state: CompletionLockState | null, start: number, step = 1000): CompletionLockState | null {
  let s = state;
  for (let i = 0; i < times; i += 1) s = afterWrongCode(s, at(start + i * step));
  return s;
}

it('four wrong codes do not lock; the fifth within 15 minutes locks for 15 minutes', () => {
  const four = wrong(4, null, 0);
  expect(lockRemainingMs(four, at(5000))).toBe(0);
  const five = afterWrongCode(four, at(10 * MIN));
  expect(lockRemainingMs(five, at(10 * MIN))).toBe(COMPLETION_FIRST_LOCK_MS);
  expect(lockRemainingMs(five, at(25 * MIN - 1))).toBe(1);
  expect(lockRemainingMs(five, at(25 * MIN))).toBe(0);
});

it('failures spread over more than 15 minutes do not add up', () => {
  const spread = wrong(5, null, 0, 4 * MIN); // at 0, 4, 8, 12, 16 minutes: the fifth opens a new window
  expect(lockRemainingMs(spread, at(16 * MIN))).toBe(0);
  expect(spread?.failures).toBe(1);
});

it('each further lock lasts twice as long, up to a day', () => {
  let state = wrong(5, null, 0);
  // The fifth wrong code comes at 4 s: the lock runs from there.
  expect(lockRemainingMs(state, at(4000))).toBe(COMPLETION_FIRST_LOCK_MS);
  expect(lockRemainingMs(state, at(4000 + COMPLETION_FIRST_LOCK_MS))).toBe(0);
  state = wrong(5, state, 60 * MIN);
  expect(lockRemainingMs(state, at(60 * MIN + 4000))).toBe(2 * COMPLETION_FIRST_LOCK_MS);
  for (let i = 0; i < 10; i += 1) state = wrong(5, state, (i + 2) * 2 * 24 * 60 * MIN);
  expect(state?.lockedUntil && state.lockedUntil.getTime() - state.windowStartedAt.getTime()).toBe(COMPLETION_MAX_LOCK_MS);
});

it('a right code forgives the failures but keeps the lock history', () => {
  const locked = wrong(5, null, 0);
  const forgiven = afterRightCode(wrong(3, locked, 30 * MIN), at(31 * MIN));
  expect(forgiven.failures).toBe(0);
  expect(forgiven.locks).toBe(1);
  expect(lockRemainingMs(wrong(5, forgiven, 40 * MIN), at(40 * MIN + 4000))).toBe(2 * COMPLETION_FIRST_LOCK_MS);
});

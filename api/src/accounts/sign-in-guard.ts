/**
 * Password guessing, per account. The failures of one e-mail are
 * counted in the app's counter store (the database, or Redis); past the limit the account is locked: no password
 * is checked for it at all (every guess gets the same 429, so the answer never
 * tells a right guess from a wrong one), for 15 minutes, doubling with each
 * further lock within a day, up to a day. The student hears of it by e-mail
 * with a reset link. A device that signed in to the account before carries a
 * device token (signed by the server, bound to the account) and is let
 * through the lock, so the owner is never locked out by someone else.
 *
 * Per client address, only sign-ins that fail count (credential stuffing: a few guesses at many
 * accounts from one machine): a campus signing in behind one NAT address is never refused for its
 * successes. A device that signed in to the account before passes that limit too.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appSecret } from '../db/app-secrets-repository';
import { secondsUntil } from '../limits/counters';
import { Counter } from '../plugins/rate-limits';

const MIN = 60_000;
export const LOCK_BASE_MS = 15 * MIN;
export const LOCK_MAX_MS = 24 * 60 * MIN;
/** How long earlier locks count towards doubling the next one. */
const STRIKE_MEMORY_MS = 24 * 60 * MIN;

export type Attempt = { kind: 'check' } | { kind: 'locked'; retryAfterSeconds: number; lockedNow: boolean };

export class SignInGuard {
  private readonly failures: Counter;
  private readonly addressFailures: Counter;

  private deviceKey: Promise<string> | null = null;

  constructor(private readonly app: FastifyInstance) {
    this.failures = new Counter(app.counters, app.clock, 'login-failures', app.limits.login.perEmail);
    this.addressFailures = new Counter(app.counters, app.clock, 'login-failures-ip', app.limits.login.perIp);
  }

  /** The device tokens' key: generated once into app_secrets, the same for every instance. */
  private key(): Promise<string> {
    this.deviceKey ??= appSecret(this.app.db, 'device-token-key', this.now());
    return this.deviceKey;
  }

  private now(): Date {
    return this.app.clock.now();
  }

  /**
   * Before the password is looked at. Counts the attempt first (one atomic
   * statement, so parallel guesses see each other); a right password takes it
   * back (`succeeded`). A trusted device is never refused here.
   */
  async attempt(email: string, trustedDevice: boolean): Promise<Attempt> {
    if (trustedDevice) return { kind: 'check' };
    const lockedUntil = await this.lockedUntil(email);
    if (lockedUntil) return { kind: 'locked', retryAfterSeconds: secondsUntil(lockedUntil, this.now()), lockedNow: false };
    if ((await this.failures.hit(email)) === null) return { kind: 'check' };
    return { kind: 'locked', retryAfterSeconds: secondsUntil(await this.lock(email), this.now()), lockedNow: true };
  }

  /**
   * Before anything else: the failures from this address. Counted first, in one statement (so
   * parallel guesses from one address see each other); a right password takes it back
   * (`passwordWasRight`). Over the limit, the seconds to wait; a trusted device is never refused here.
   */
  async attemptFrom(address: string, trustedDevice: boolean): Promise<number | null> {
    if (trustedDevice) return null;
    return this.addressFailures.hit(address);
  }

  /** The right password from this address: not a failure (an untrusted device's attempt was counted by attemptFrom). */
  async passwordWasRight(address: string, trustedDevice: boolean): Promise<void> {
    if (!trustedDevice) await this.addressFailures.undo(address);
  }

  /** The right password: this attempt was not a failure, and the slate is clean. */
  async succeeded(email: string): Promise<void> {
    await this.failures.reset(email);
  }

  /** A new password from a reset link (the e-mail's way out): the guesses were against the old one. */
  async unlock(email: string): Promise<void> {
    await this.app.counters.clear(`login-lock:${email}`);
    await this.failures.reset(email);
  }

  private async lockedUntil(email: string): Promise<Date | null> {
    return (await this.app.counters.read(`login-lock:${email}`, this.now()))?.resetAt ?? null;
  }

  /** Locks the account for 15 minutes × 2^(locks in the last day), at most a day; answers until when. */
  private async lock(email: string): Promise<Date> {
    const now = this.now();
    const strikes = (await this.app.counters.read(`login-strikes:${email}`, now))?.hits ?? 0;
    const until = new Date(now.getTime() + Math.min(LOCK_MAX_MS, LOCK_BASE_MS * 2 ** strikes));
    await this.app.counters.set(`login-strikes:${email}`, { hits: strikes + 1, resetAt: new Date(now.getTime() + STRIKE_MEMORY_MS) }, now);
    await this.app.counters.set(`login-lock:${email}`, { hits: 1, resetAt: until }, now);
    await this.app.counters.clear(`login-failures:${email}`);
    return until;
  }

  /** A token for this device and account, given on a successful sign-in: `<device id>.<HMAC of account and device>`. */
  async issueDeviceToken(userId: string, previous: string | undefined): Promise<string> {
    const deviceId = (previous && (await this.deviceIdOf(previous, userId))) || randomBytes(16).toString('base64url');
    return `${deviceId}.${await this.sign(userId, deviceId)}`;
  }

  /** Whether the token was issued by this server for this account. */
  async isTrustedDevice(token: string | undefined, userId: string | undefined): Promise<boolean> {
    return Boolean(token && userId && (await this.deviceIdOf(token, userId)));
  }

  private async deviceIdOf(token: string, userId: string): Promise<string | null> {
    const [deviceId, mac] = token.split('.');
    if (!deviceId || !mac || !/^[\w-]{16,64}$/.test(deviceId)) return null;
    const expected = Buffer.from(await this.sign(userId, deviceId));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
  }

  private async sign(userId: string, deviceId: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`device:${userId}:${deviceId}`)
      .digest('base64url');
  }
}

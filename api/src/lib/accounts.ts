/** Account rules shared by several routes: verification codes and e-mail delivery. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailVerifications, users, type UserRow } from '../db/schema';
import type { MailMessage } from '../plugins/mailer';
import { generateCode, hashCode } from './crypto';
import { verificationEmail } from './emails';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export async function findUserByEmail(app: FastifyInstance, email: string): Promise<UserRow | undefined> {
  const [row] = await app.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** A new code replaces any previous one (and resets the attempt count). */
export async function issueVerificationCode(app: FastifyInstance, user: UserRow): Promise<void> {
  const code = generateCode();
  const now = app.clock.now();
  const values = {
    codeHash: await hashCode(code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  };
  await app.db
    .insert(emailVerifications)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: emailVerifications.userId, set: values });
  sendMail(app, verificationEmail(app.config, user.email, user.firstName, code));
}

/**
 * Sends without making the caller wait for SMTP (answer times stay the same
 * whether or not an account exists); failures are logged.
 */
export function sendMail(app: FastifyInstance, message: MailMessage): void {
  app.mailer.send(message).catch((error: unknown) => {
    app.log.error({ err: error, to: message.to, subject: message.subject }, 'e-mail could not be sent');
  });
}

/** PostgreSQL unique violation (drizzle wraps driver errors in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The operator's second factor and the guard it makes. An operator acts only from a
 * session whose second factor (TOTP, or a one-use recovery code) was checked in the
 * last 15 minutes: enrolment, checking a code, and the elevation it gives the session.
 * The codes themselves (TOTP, sealing the secret, recovery codes) are in totp.ts.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import type { Enrolment, OperatorStatus } from '@campus/shared/schemas';
import type { DbOrTx } from '../db/client';
import type { UserRow } from '../db/schema';
import { hashToken } from '../lib/crypto';
import { conflict, forbidden, invalid } from '../lib/domain-errors';
import { appSecret } from '../db/app-secrets-repository';
import * as repo from './second-factor-repository';
import { enrolmentOf, matchingStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, openTotpSecret, sealTotpSecret } from './totp';

/** Outside production without OPS_TOTP_KEY: a fixed key, so a development database survives restarts. */
const DEVELOPMENT_TOTP_KEY = 'campus-marketplace-development-operator-totp-key';

/** The key TOTP secrets are sealed with (config.ts opsTotpKey). */
async function totpKey(app: FastifyInstance): Promise<string> {
  if (app.config.opsTotpKey) return app.config.opsTotpKey;
  if (app.config.nodeEnv !== 'production') return DEVELOPMENT_TOTP_KEY;
  return appSecret(app.db, 'ops-totp-key', app.clock.now());
}

/** How long a checked second factor lets the session act as an operator. */
export const ELEVATION_MS = 15 * 60 * 1000;

interface SignedIn {
  sessionId: string;
  user: UserRow;
}

async function operatorOf(app: FastifyInstance, userId: string) {
  const operator = await repo.findOperator(app.db, userId);
  if (!operator) throw forbidden(MESSAGES.ops.notOperator);
  return operator;
}

export async function isOperator(db: DbOrTx, userId: string): Promise<boolean> {
  return (await repo.findOperator(db, userId)) !== undefined;
}

/**
 * The guard of every /ops route: an operator (403 otherwise), and, for the console's
 * data and actions, a session whose second factor was checked in the last 15 minutes.
 */
export async function requireOperator(app: FastifyInstance, auth: SignedIn, secondFactor: boolean): Promise<void> {
  await operatorOf(app, auth.user.id);
  if (secondFactor && !(await repo.elevationOf(app.db, auth.sessionId, auth.user.id, app.clock.now()))) {
    throw forbidden(MESSAGES.ops.secondFactorRequired);
  }
}

export async function operatorStatus(app: FastifyInstance, auth: SignedIn): Promise<OperatorStatus> {
  const operator = await operatorOf(app, auth.user.id);
  const until = await repo.elevationOf(app.db, auth.sessionId, auth.user.id, app.clock.now());
  return { enrolled: operator.enrolledAt !== null, elevatedUntil: until?.toISOString() ?? null };
}

/** A new secret each time until the first code confirms one; refused once enrolled (a lost phone: revoke and grant again). */
export async function startEnrolment(app: FastifyInstance, auth: SignedIn): Promise<Enrolment> {
  const operator = await operatorOf(app, auth.user.id);
  if (operator.enrolledAt) throw conflict(MESSAGES.ops.alreadyEnrolled);
  const secret = newTotpSecret();
  // Sealed at rest: a copy of the database alone does not give the codes.
  if (!(await repo.setPendingSecret(app.db, auth.user.id, sealTotpSecret(await totpKey(app), auth.user.id, secret))))
    throw conflict(MESSAGES.ops.alreadyEnrolled);
  return { secret, ...(await enrolmentOf(secret, auth.user.email, `${app.config.universityName} Marketplace`)) };
}

async function elevate(app: FastifyInstance, db: DbOrTx, auth: SignedIn): Promise<string> {
  const until = new Date(app.clock.now().getTime() + ELEVATION_MS);
  await repo.elevateSession(db, auth.sessionId, auth.user.id, until);
  return until.toISOString();
}

export async function confirmEnrolment(
  app: FastifyInstance,
  auth: SignedIn,
  code: string,
): Promise<{ recoveryCodes: string[]; elevatedUntil: string }> {
  const operator = await operatorOf(app, auth.user.id);
  if (operator.enrolledAt) throw conflict(MESSAGES.ops.alreadyEnrolled);
  if (!operator.totpSecret) throw conflict(MESSAGES.ops.notEnrolled);
  const now = app.clock.now();
  const step = matchingStep(openTotpSecret(await totpKey(app), auth.user.id, operator.totpSecret), code, now);
  if (step === null) throw invalid(MESSAGES.ops.wrongCode);
  const recoveryCodes = newRecoveryCodes();
  return app.db.transaction(async (tx) => {
    if (!(await repo.takeTotpStep(tx, auth.user.id, step))) throw invalid(MESSAGES.ops.wrongCode);
    if (
      !(await repo.markEnrolled(
        tx,
        auth.user.id,
        now,
        recoveryCodes.map((c) => hashToken(c)),
      ))
    )
      throw conflict(MESSAGES.ops.alreadyEnrolled);
    return { recoveryCodes, elevatedUntil: await elevate(app, tx, auth) };
  });
}

/** The authenticator's current code (each time step once) or an unused recovery code. */
export async function verifySecondFactor(app: FastifyInstance, auth: SignedIn, code: string): Promise<{ elevatedUntil: string }> {
  const operator = await operatorOf(app, auth.user.id);
  if (!operator.enrolledAt || !operator.totpSecret) throw conflict(MESSAGES.ops.notEnrolled);
  const now = app.clock.now();
  const step = matchingStep(openTotpSecret(await totpKey(app), auth.user.id, operator.totpSecret), code, now);
  const accepted =
    step !== null
      ? await repo.takeTotpStep(app.db, auth.user.id, step)
      : /^\d+$/.test(code)
        ? false
        : await repo.useRecoveryCode(app.db, auth.user.id, hashToken(normaliseRecoveryCode(code)), now);
  if (!accepted) throw invalid(MESSAGES.ops.wrongCode);
  return { elevatedUntil: await elevate(app, app.db, auth) };
}

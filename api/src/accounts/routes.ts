/** Accounts' routes (spec section 7, "Authentication and account"): /auth/* and /users/*. */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { accounts } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import type { User } from '@campus/shared/schemas';
import type { UserRow } from '../db/schema';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { route, type ApiRoute } from '../http/route';
import { addressKey, Counter, emailLimit, ipLimit, tooManyRequests, type ChallengedLimitName } from '../plugins/rate-limits';
import { addressGate, ProofOfWork } from './proof-of-work';
import * as service from './service';
import { SignInGuard } from './sign-in-guard';
import { toUser, type UserExtrasOf } from './users';

/** What the accounts' routes share: the counters, guards and challenge they check, and the signed-in user's answer. */
interface AccountGuards {
  signInGuard: SignInGuard;
  changePasswordAttempts: Counter;
  resendCooldown: Counter;
  proofOfWork: ProofOfWork;
  guarded: (name: ChallengedLimitName) => { preHandler: preHandlerAsyncHookHandler[] };
  userWithExtras: (user: UserRow) => Promise<User>;
}

/**
 * Accounts' routes. What other domains add to the signed-in user (their store, their cart)
 * comes in through `extrasOf`, which the route map wires: accounts import no other domain.
 */
export function accountRoutes(app: FastifyInstance, extrasOf: UserExtrasOf): ApiRoute[] {
  const guards = accountGuards(app, extrasOf);
  return [...signUpRoutes(app, guards), ...sessionRoutes(app, guards), ...passwordRoutes(app, guards), ...profileRoutes(app, guards)];
}

function accountGuards(app: FastifyInstance, extrasOf: UserExtrasOf): AccountGuards {
  // Wrong passwords per account, the lock past the limit, and the devices that may pass it (sign-in-guard.ts).
  const signInGuard = new SignInGuard(app);
  // Password changes per user: a stolen session must not become an unlimited password oracle.
  const changePasswordAttempts = new Counter(app.counters, app.clock, 'change-password', app.limits.changePassword.perUser);
  // One code per mailbox per cooldown, counted for every address alike (account or not, verified or not), so a 429
  // tells nothing about an account. Registering starts it too: the code was just sent.
  const resendCooldown = new Counter(app.counters, app.clock, 'resend-cooldown', { max: 1, windowMs: app.limits.resendCooldownMs });

  // Past a threshold of requests from one address, the e-mail endpoints ask for a solved challenge (proof-of-work.ts).
  const proofOfWork = new ProofOfWork(app);
  // Per address: a ceiling and, past a threshold, a solved challenge; then per e-mail and address.
  const guarded = (name: ChallengedLimitName) => ({ preHandler: [addressGate(app, proofOfWork, name), emailLimit(app, name)] });

  const userWithExtras = async (user: Parameters<typeof toUser>[0]) => toUser(user, await extrasOf(app.db, user.id));

  return { signInGuard, changePasswordAttempts, resendCooldown, proofOfWork, guarded, userWithExtras };
}

/** Signing up: the challenge, registering, verifying the e-mail address, a new code. */
function signUpRoutes(app: FastifyInstance, { resendCooldown, proofOfWork, guarded }: AccountGuards): ApiRoute[] {
  return [
    route(accounts.challenge, async () => ({ data: await proofOfWork.challenge() })),

    route(
      accounts.register,
      async (request) => {
        await resendCooldown.hit(service.mailboxOf(app, request.body.email));
        const user = await service.register(app, request.body, request.ip);
        return { data: { user: toUser(user) }, message: MESSAGES.account.registered(request.body.email) };
      },
      guarded('register'),
    ),

    route(
      accounts.verifyEmail,
      async (request) => {
        const user = await service.verifyEmail(app, request.body.email, request.body.code, request.ip);
        return { data: { user: toUser(user) }, message: MESSAGES.verify.success };
      },
      guarded('verify'),
    ),

    route(
      accounts.resendVerificationCode,
      async (request, reply) => {
        const wait = await resendCooldown.hit(service.mailboxOf(app, request.body.email));
        if (wait !== null) throw tooManyRequests(reply, wait, MESSAGES.account.resendTooSoon(wait));
        await service.resendVerificationCode(app, request.body.email);
        // The spec's text, for every address: it does not say whether a code went out.
        return { data: null, message: MESSAGES.verify.resent };
      },
      guarded('resend'),
    ),
  ];
}

/** Signing in and out, renewing the session, the signed-in user. */
function sessionRoutes(app: FastifyInstance, { signInGuard, userWithExtras }: AccountGuards): ApiRoute[] {
  return [
    route(accounts.login, async (request, reply) => {
      const { email, password, deviceToken } = request.body;
      // Guesses are counted per mailbox: another spelling of the address is the same account.
      const mailbox = service.mailboxOf(app, email);
      const account = await service.findUserByEmail(app, email);
      const trusted = await signInGuard.isTrustedDevice(deviceToken, account?.id);
      // Failed sign-ins from this address across every account (successes are taken back below).
      const addressWait = await signInGuard.attemptFrom(addressKey(request.ip), trusted);
      if (addressWait !== null) throw tooManyRequests(reply, addressWait);
      const attempt = await signInGuard.attempt(mailbox, trusted);
      if (attempt.kind === 'locked') {
        // The password is not even looked at: a right guess gets the same answer as a wrong one.
        if (attempt.lockedNow) await service.warnOfSignInLock(app, email, attempt.retryAfterSeconds);
        throw tooManyRequests(reply, attempt.retryAfterSeconds);
      }
      const user = await service.checkPassword(app, email, password);
      if (user) await signInGuard.passwordWasRight(addressKey(request.ip), trusted);
      const suspended = account ? await service.isSuspended(app, account.id) : false;
      // The account's sign-in history (the operations console): let in or not, from where.
      if (account)
        await service.recordSignIn(app, account.id, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          success: user !== null && !suspended && user.emailVerifiedAt !== null,
        });
      // A suspended account hears so whether or not the password was right (it was checked all the same).
      if (suspended) throw forbidden(MESSAGES.login.suspended);
      if (!user) throw unauthorized(MESSAGES.login.unauthorized);
      await signInGuard.succeeded(mailbox);
      const tokens = await service.signIn(app, user);
      const device = await signInGuard.issueDeviceToken(user.id, deviceToken);
      return { data: { ...tokens, user: await userWithExtras(user), deviceToken: device }, message: MESSAGES.account.loggedIn };
    }),

    // Public: the access token it replaces may have expired. The renewal token is the credential.
    route(accounts.renewSession, async (request) => ({ data: await service.renewSession(app, request.body.refreshToken) })),

    // The catalogue adds the seller flags and the cart id.
    route(accounts.me, async (request) => ({ data: await userWithExtras(request.auth.user) })),

    route(accounts.logout, async (request) => {
      await service.signOut(app, request.auth.sessionId);
      return { data: null, message: MESSAGES.account.loggedOut };
    }),
  ];
}

/** A forgotten password: the reset link, the reset. */
function passwordRoutes(app: FastifyInstance, { signInGuard, guarded }: AccountGuards): ApiRoute[] {
  return [
    route(
      accounts.forgotPassword,
      async (request) => {
        await service.requestPasswordReset(app, request.body.email);
        // The same neutral answer whether or not the account exists.
        return { data: null, message: MESSAGES.password.forgotSuccess };
      },
      guarded('forgotPassword'),
    ),

    route(
      accounts.resetPassword,
      async (request) => {
        const email = await service.resetPassword(app, request.body.token, request.body.newPassword);
        if (email) await signInGuard.unlock(service.mailboxOf(app, email));
        return { data: null, message: MESSAGES.password.resetSuccess };
      },
      { config: ipLimit(app, 'resetPassword') },
    ),
  ];
}

/** The signed-in user's profile and password. */
function profileRoutes(app: FastifyInstance, { changePasswordAttempts, userWithExtras }: AccountGuards): ApiRoute[] {
  return [
    route(accounts.updateProfile, async (request) => {
      const user = await service.updateProfile(app, request.auth.user, request.body);
      return { data: await userWithExtras(user), message: MESSAGES.account.profileUpdated };
    }),

    route(accounts.changePassword, async (request, reply) => {
      const { user, sessionId } = request.auth;
      // Every attempt counts, right or wrong, before the (slow) check, in one statement,
      // so parallel guesses cannot all slip through and a stolen session cannot probe without end.
      const wait = await changePasswordAttempts.hit(user.id);
      if (wait !== null) throw tooManyRequests(reply, wait);
      const changed = await service.changePassword(app, user, sessionId, request.body.oldPassword, request.body.newPassword);
      // 400, not 401: a 401 would make the browser drop the (valid) session.
      if (!changed) throw badRequest(MESSAGES.account.oldPasswordIncorrect);
      return { data: null, message: MESSAGES.account.passwordChanged };
    }),
  ];
}

/**
 * The accounts domain's public face: its routes and plugin (app.authenticate), the users
 * other domains read, the e-mail sender, and the housekeeping's clean-up of stale rows.
 */
export {
  deleteResetLinksEndedBefore,
  deleteSessionsEndedBefore,
  deleteUnverifiedUsersCreatedBefore,
  findUserById,
  insertDemoUsers,
  liveSessionCount,
  liveSessionIds,
  revokeUserSessions,
  signInEventsOf,
} from './repository';
export {
  authenticateToken,
  fillCanonicalEmails,
  sendMail,
  SESSION_LIFETIMES,
  UNVERIFIED_ACCOUNT_TTL_MS,
  type SessionLifetimes,
} from './service';
export { fullNameOf, toUser, type UserExtras, type UserExtrasOf } from './users';

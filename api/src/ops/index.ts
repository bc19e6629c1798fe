/**
 * The operations console's domain: operators and their second factor, students'
 * reports, hiding listings, suspending accounts, deciding disputes (through the
 * money domain), and the append-only audit log of all of it.
 */
export { insertOperator } from './granting-repository';
export { setOperator, type GrantOutcome } from './granting';
export { isOperator } from './second-factor';
export { currentCode } from './totp';

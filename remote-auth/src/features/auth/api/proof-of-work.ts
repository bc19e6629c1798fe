/**
 * Sign-up, verification, resend and forgot-password from a busy address: past a threshold of
 * requests from one address (a campus behind one NAT address) the API answers 428 until the
 * request carries a solved proof-of-work challenge (api/src/accounts/proof-of-work.ts). The
 * student never sees that: the request is sent again with a solution, found here in about a
 * second, and the form stays on its pending text meanwhile.
 *
 * altcha-lib is loaded only after a 428 (its own chunk: no cost to a first visit). Its solver
 * awaits one SHA-256 digest (WebCrypto, off the main thread) per number, so the page stays
 * responsive while it searches.
 */
import { readApiError } from '@campus/shared/api-error';
import type { ProofOfWorkSolution } from '@campus/shared/schemas';
import { accountsCaller } from './accounts-caller';

/** The status the API answers when a request must carry a solved challenge first. */
const CHALLENGE_REQUIRED = 428;
/** A solution can expire or lose a race with another tab's: one more fresh challenge, then the API's refusal stands. */
const TRIES_WITH_A_SOLUTION = 2;

/** A fresh challenge from the API, solved: the `altcha` field's value (base64 JSON, ALTCHA's format). */
export async function solvedChallenge(): Promise<string> {
  const [{ call, accounts }, { solveChallenge }] = await Promise.all([accountsCaller(), import('altcha-lib/v1')]);
  const { data: c } = await call(accounts.challenge);
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  // Only a challenge that is not ALTCHA's (an API that changed its mind) has no answer in range.
  if (!solution) throw new Error('The proof-of-work challenge has no solution in its range');
  const payload: ProofOfWorkSolution = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return btoa(JSON.stringify(payload));
}

/**
 * Sends the request; when the API asks for a proof of work (428), solves a challenge and sends it
 * again with the solution. Any other failure, and a 428 after the last try, is the caller's to show.
 */
export async function withProofOfWork<T>(send: (altcha: string | undefined) => Promise<T>): Promise<T> {
  try {
    return await send(undefined);
  } catch (error) {
    if (readApiError(error).status !== CHALLENGE_REQUIRED) throw error;
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(await solvedChallenge());
    } catch (error) {
      if (attempt >= TRIES_WITH_A_SOLUTION || readApiError(error).status !== CHALLENGE_REQUIRED) throw error;
    }
  }
}

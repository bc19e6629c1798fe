/**
 * The port through which other domains learn, after the commit, that sessions
 * of a user ended (signed out, a password changed or reset): the messages
 * domain closes the event streams those sessions opened. Accounts does not
 * know who listens.
 */
export type SessionEndListener = (userId: string) => void;

export class SessionEnds {
  private readonly listeners: SessionEndListener[] = [];

  listen(listener: SessionEndListener): void {
    this.listeners.push(listener);
  }

  /** Called after the revocation committed. A listener's failure is its own. */
  ended(userId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(userId);
      } catch {
        // A listener logs its own failures; the sign-out has happened either way.
      }
    }
  }
}

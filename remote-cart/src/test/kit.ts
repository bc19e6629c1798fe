/** remote-cart's test helpers, on the shared kit (`@campus/shared/testing`). */
import type { FakeReply } from '@campus/shared/testing';

/** A reply you release later: lets a test look at the "change on its way" state. */
export function heldReply() {
  let release!: (reply: FakeReply) => void;
  const reply = new Promise<FakeReply>((resolve) => {
    release = resolve;
  });
  return { reply, release };
}

/** An API answer body: `{ data }`. */
export const envelope = <T>(data: T) => ({ data });

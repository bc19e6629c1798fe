import { useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts its children once the part around them is on screen. The marketplace's results are drawn
 * as a transition, and a lazy child rendered inside one would ask for its chunk (the buttons: the
 * API client, zod) before the results show, or hold the transition back until it is in.
 */
export function AfterShown({ children, now = false }: { children: ReactNode; now?: boolean }) {
  // `now`: the children's chunk is in, so they can be drawn with their card (no later pop-in).
  const [shown, setShown] = useState(now);
  useEffect(() => setShown(true), []);
  return shown ? children : null;
}

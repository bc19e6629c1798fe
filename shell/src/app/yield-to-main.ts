/**
 * Lets the browser paint and take input before the next piece of work: start-up (index.ts) and the
 * navbar counts' chunk (layout/use-badge-counts.ts) load module graphs one task at a time with it,
 * so no one task keeps a slow phone from answering a tap for long.
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Whether a request's socket comes from this machine. The socket's own peer, not request.ip: a
 * trusted proxy's X-Forwarded-For must not open a machine-only route either.
 */
export function fromThisMachine(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

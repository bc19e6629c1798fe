/**
 * A port free on loopback right now, for a server that must be named before it
 * listens (the Paystack sandbox is told the API's webhook address first).
 * Tests and benchmarks only: another process could take it in between.
 */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

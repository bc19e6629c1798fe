/**
 * The payments service's work started after an answer (a webhook's processing, money out after a commit,
 * reconciliation on its timer): run on a later turn, a failure logged, and waited for by idle() (tests,
 * shutdown). Each PaymentsService copy has its own (withDeps).
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  soon(work: () => Promise<unknown>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, 'background payment work failed'));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Waits for the work started after an answer (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

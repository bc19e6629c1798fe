/**
 * Delivers signed events to the API's webhook the way Paystack does: a POST
 * of the JSON body with `x-paystack-signature`; anything but a 200 is
 * retried on a schedule (Paystack's live mode: every 3 minutes for 4 tries,
 * then hourly for 72 hours). Pending deliveries die with the process, as an
 * unreachable API's would with Paystack's patience: reconciliation covers them.
 */
import { signPaystackBody } from '../paystack/signature';

const MINUTE = 60_000;
export const PAYSTACK_RETRY_DELAYS_MS: readonly number[] = [
  ...Array.from({ length: 4 }, () => 3 * MINUTE),
  ...Array.from({ length: 72 }, () => 60 * MINUTE),
];

export interface WebhookLog {
  warn(object: Record<string, unknown>, message: string): void;
}

export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Every delivery attempt, newest last (for the sandbox's tests and its status page). */
  readonly attempts: Array<{ event: string; status: number }> = [];

  constructor(
    private readonly url: string,
    private readonly secretKey: string,
    private readonly retryDelaysMs: readonly number[],
    private readonly log: WebhookLog,
  ) {}

  send(event: string, data: Record<string, unknown>): void {
    const body = JSON.stringify({ event, data });
    this.attempt(event, body, 0);
  }

  /** Waits for the deliveries under way (not the scheduled retries). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private attempt(event: string, body: string, tries: number): void {
    const delivery = this.deliver(body).then((status) => {
      this.attempts.push({ event, status });
      if (status === 200) return;
      const delay = this.retryDelaysMs[tries];
      if (delay === undefined) {
        this.log.warn({ event, tries: tries + 1 }, 'sandbox webhook given up');
        return;
      }
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.attempt(event, body, tries + 1);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    });
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  private async deliver(body: string): Promise<number> {
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(this.secretKey, body) },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }
}

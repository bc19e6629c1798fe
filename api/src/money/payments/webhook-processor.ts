/**
 * Paystack's webhooks: the signature checked over the raw bytes, the event recorded (a redelivery is the
 * same row) and answered at once, then processed after the answer, and again after a crash until it is
 * marked processed. A charge fulfils its payment (fulfilment-service.ts), a transfer settles its payout
 * (payout-service.ts), a refund event has each of that payment's refunds read again by id (refund-runner.ts).
 */
import { createHash } from 'node:crypto';
import type { BackgroundWork } from './background-work';
import type { CheckoutRunner } from './checkout-runner';
import { fulfilPayment } from './fulfilment-service';
import { flushOutbox } from './outbox';
import type { PaymentsDeps } from './payments-deps';
import { isPaystackSignatureValid } from './paystack/signature';
import { koboFromWire as kobo } from './paystack/wire';
import { transferWord } from './payout-runner';
import { settlePayout } from './payout-service';
import { refundMayBeUnnoted, refundsAtPaystack } from './refund-repository';
import type { RefundRunner } from './refund-runner';
import { markEventProcessed, recordPaystackEvent, unprocessedEvents } from './webhook-event-repository';

type PaystackEvent = { event: string; data: Record<string, unknown> };

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

export class WebhookProcessor {
  private eventRun: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: PaymentsDeps,
    private readonly background: BackgroundWork,
    private readonly checkout: CheckoutRunner,
    private readonly refunds: RefundRunner,
  ) {}

  /**
   * A Paystack webhook: the signature is checked over the raw bytes before
   * anything else; the event is recorded (a redelivery is the same row) and
   * processed after the answer, so Paystack gets its 200 at once.
   */
  async receiveWebhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<'ok' | 'bad-signature' | 'bad-body'> {
    const { db, clock } = this.deps;
    if (!isPaystackSignatureValid(this.deps.paystackSecretKey, rawBody, signature)) return 'bad-signature';
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return 'bad-body';
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as PaystackEvent).event !== 'string') return 'bad-body';
    const event = parsed as PaystackEvent;
    const data = typeof event.data === 'object' && event.data !== null ? event.data : {};
    const reference = text(data.reference) ?? text(data.transaction_reference);
    const id = createHash('sha256').update(rawBody).digest('hex');
    const fresh = await recordPaystackEvent(db, id, event.event, reference, parsed, clock.now());
    if (fresh) this.background.soon(() => this.processEvents());
    return 'ok';
  }

  /** Every recorded, unprocessed event, oldest first (after a crash too); one run at a time in this process. */
  processEvents(): Promise<void> {
    const run = this.eventRun.then(() => this.processEventsNow());
    this.eventRun = run.catch(() => undefined);
    return run;
  }

  private async processEventsNow(): Promise<void> {
    const { db, clock, log } = this.deps;
    for (const row of await unprocessedEvents(db, 100)) {
      try {
        await this.handleEvent(row.payload as PaystackEvent);
        await markEventProcessed(db, row.id, clock.now(), null);
      } catch (error) {
        log.error({ err: error, event: row.event, reference: row.reference }, 'Paystack event not processed; will retry');
        await markEventProcessed(db, row.id, clock.now(), error instanceof Error ? error.message : String(error));
      }
    }
  }

  private async handleEvent(event: PaystackEvent): Promise<void> {
    const { db, clock, config } = this.deps;
    const data = event.data ?? {};
    switch (event.event) {
      case 'charge.success': {
        const reference = text(data.reference);
        const amount = kobo(data.amount);
        const currency = text(data.currency);
        if (!reference || amount === null || !currency) return;
        const id = kobo(data.id) ?? undefined;
        const outcome = await fulfilPayment(db, { reference, amount, currency, fees: kobo(data.fees), id }, this.checkout.fulfilContext());
        if (outcome.kind === 'not-found') this.deps.log.warn({ reference }, 'charge.success for a payment we do not know');
        await this.checkout.afterFulfil(outcome);
        return;
      }
      case 'transfer.success':
      case 'transfer.failed':
      case 'transfer.reversed': {
        const reference = text(data.reference);
        if (!reference) return;
        const status = event.event.slice('transfer.'.length) as 'success' | 'failed' | 'reversed';
        // data.reason is our own narration echoed back: the seller is told Paystack's word, or none.
        const word = transferWord({ status, gateway_response: text(data.gateway_response), fee_charged: kobo(data.fee_charged) });
        if (word) await settlePayout(db, reference, word, { config, now: clock.now() });
        this.background.soon(() => flushOutbox(db, this.deps.mailer, () => clock.now(), this.deps.log));
        return;
      }
      case 'refund.pending':
      case 'refund.processing':
      case 'refund.processed':
      case 'refund.failed':
      case 'refund.needs-attention': {
        // Refund events carry the transaction's reference, not the refund's id (only needs-attention does):
        // each of that payment's refunds at Paystack is read again by its id, so two refunds of one amount
        // on one payment are never confused.
        const reference = text(data.transaction_reference);
        if (!reference) return;
        const followed = await refundsAtPaystack(db, { reference });
        // This webhook beat our note of a request that went out: left unprocessed, retried by reconciliation.
        // Otherwise (a late word on a finished refund, a refund made on Paystack's dashboard) there is nothing to do.
        if (followed.length === 0 && (await refundMayBeUnnoted(db, reference)))
          throw new Error(`no refund at Paystack noted yet on ${reference}`);
        for (const refund of followed) await this.refunds.followRefund(refund);
        this.background.soon(() => flushOutbox(db, this.deps.mailer, () => clock.now(), this.deps.log));
        return;
      }
      default:
        // Paystack sends other events too (refund.pending, customeridentification…): recorded, nothing to do.
        return;
    }
  }
}

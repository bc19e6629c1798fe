/**
 * The checkout between our rows and Paystack: the reservation committed before Paystack is asked for a
 * checkout page (a page Paystack did not give releases the items at once); the browser back from it, and
 * reconciliation, asking Paystack's own word on a payment and fulfilling it when paid
 * (fulfilment-service.ts, in one transaction). What a fulfilment leaves to do after its commit is here too.
 */
import { CHECKOUT_CALLBACK_PATH } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import type { PaymentInitiateBody, PaymentInitiateResult, PaymentVerifyResult } from '@campus/shared/schemas';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound, providerDown } from '../../lib/domain-errors';
import { toDecimal } from '../../products';
import type { BackgroundWork } from './background-work';
import { markPaymentChecked, markPaymentFailed, paymentByReference, recordCheckoutPage } from './checkout-repository';
import { reserveCheckout } from './checkout-service';
import { fulfilPayment, type FulfilContext, type FulfilOutcome } from './fulfilment-service';
import type { MoneyOut } from './money-out';
import type { PaymentsDeps } from './payments-deps';

export class CheckoutRunner {
  constructor(
    private readonly deps: PaymentsDeps,
    private readonly background: BackgroundWork,
    private readonly moneyOut: MoneyOut,
  ) {}

  async initiate(user: UserRow, body: PaymentInitiateBody): Promise<PaymentInitiateResult> {
    const { db, paystack, clock, config } = this.deps;
    const payment = await reserveCheckout(db, {
      userId: user.id,
      // Paystack mails its own receipt here: the account's verified address, whatever the browser sent.
      email: user.email,
      cartId: body.metadata.cartId,
      claimedKobo: body.amount,
      pickup: { hostelName: body.hostelName, blockNumber: body.blockNumber, roomNo: body.roomNo },
      now: clock.now(),
    });
    try {
      const page = await paystack.initializeTransaction({
        email: payment.email,
        amountKobo: payment.amountKobo,
        reference: payment.reference,
        // The cart remote's return page (the federation contract's checkoutCallback screen).
        callbackUrl: `${config.appUrl}${CHECKOUT_CALLBACK_PATH}`,
        metadata: { cartId: payment.cartId, paymentId: payment.id },
      });
      await recordCheckoutPage(db, payment.id, page.authorization_url, page.access_code, clock.now());
      return { authorization_url: page.authorization_url, access_code: page.access_code, reference: payment.reference };
    } catch (error) {
      // No checkout page, so nobody can pay it: release the items at once.
      await markPaymentFailed(db, payment.id, clock.now());
      this.deps.log.error({ err: error, reference: payment.reference }, 'Paystack did not start the payment');
      throw providerDown(MESSAGES.payment.providerDown);
    }
  }

  /** The browser is back from the payment page: ask Paystack itself, fulfil if paid, answer the state and orders. */
  async verify(userId: string, reference: string): Promise<PaymentVerifyResult> {
    const { db, clock } = this.deps;
    let payment = await paymentByReference(db, reference);
    if (!payment) throw notFound(MESSAGES.payment.notFound);
    if (payment.userId !== userId) throw forbidden(MESSAGES.payment.notYours);
    if (payment.status === 'pending' || payment.status === 'abandoned' || payment.status === 'failed') {
      await this.checkWithPaystack(payment.reference, payment.id);
      payment = (await paymentByReference(db, reference)) ?? payment;
    }
    const orders = payment.status === 'success' ? await this.deps.ordersOfPayment(userId, payment.id, clock.now()) : [];
    return { reference: payment.reference, status: payment.status, amount: toDecimal(payment.amountKobo), orders };
  }

  /** Paystack's own word on one payment; fulfils it when paid. Unreachable Paystack: left for the next run. */
  async checkWithPaystack(reference: string, paymentId: string): Promise<void> {
    const { db, paystack, clock, log } = this.deps;
    try {
      const transaction = await paystack.verifyTransaction(reference);
      if (transaction?.status === 'success') {
        await this.afterFulfil(await fulfilPayment(db, { ...transaction, id: transaction.id }, this.fulfilContext()));
      } else {
        await markPaymentChecked(db, paymentId, clock.now(), transaction?.status === 'failed' ? 'failed' : undefined);
      }
    } catch (error) {
      log.warn({ err: error, reference }, 'payment not verified with Paystack; will retry');
    }
  }

  /** What a fulfilment reads besides the payment: the settings, the completion codes' key, the time now. */
  fulfilContext(): FulfilContext {
    return { config: this.deps.config, completionSecret: this.deps.completionSecret, now: this.deps.clock.now() };
  }

  /** After a fulfilment's commit: the index follows the stock; money out and e-mails go, a review is logged. */
  async afterFulfil(outcome: FulfilOutcome): Promise<void> {
    if (outcome.kind === 'fulfilled') await this.deps.reindex(outcome.productIds);
    if (outcome.kind === 'review')
      this.deps.log.error({ reference: outcome.payment.reference, reason: outcome.reason }, 'payment flagged for review');
    // Refunds, payouts and the e-mails the transaction queued (the buyer is told of a review too).
    if (outcome.kind === 'fulfilled' || outcome.kind === 'refunded' || outcome.kind === 'review')
      this.background.soon(() => this.moneyOut.send());
  }
}

/**
 * The business's account at the sandbox: what a student's action on the checkout page does,
 * the balance Check Balance reports, and how transfers and refunds move through Paystack's
 * states (each move sends the webhook Paystack sends for it). The routes (routes-*.ts) call
 * these; tests and benchmarks drive them directly through PaystackSandbox.
 */
import type { RefundStatus, TransferStatus } from '../paystack/client';
import { paystackLocalFeeKobo, paystackTransferFeeKobo } from '../paystack/fees';
import { refundEventData, transactionData, transferData } from './answers';
import type { SandboxStore, SandboxTransaction, SandboxTransfer } from './store';
import type { WebhookSender } from './webhooks';

export type CheckoutAction = 'pay' | 'pay-transfer' | 'decline' | 'cancel';

export class SandboxAccount {
  private readonly pending = new Set<NodeJS.Timeout>();
  private readonly renamedHolders = new Map<string, string>();

  constructor(
    readonly store: SandboxStore,
    private readonly webhooks: WebhookSender,
    private readonly settleDelayMs: number,
    /** 'balance' keeps collections for transfers and refunds; 'bank' pays them out at each settlement. */
    readonly settlement: 'balance' | 'bank',
  ) {}

  byReference(reference: string): SandboxTransaction | undefined {
    return this.store.transactions.find((t) => t.reference === reference);
  }

  /** What the student's button on the checkout page does (an already decided payment stays as it is). */
  act(accessCode: string, action: CheckoutAction): SandboxTransaction {
    const t = this.store.transactions.find((x) => x.accessCode === accessCode);
    if (!t) throw new Error(`No sandbox transaction with access code ${accessCode}`);
    if (t.status !== 'abandoned') return t;
    if (action === 'pay' || action === 'pay-transfer') {
      t.status = 'success';
      t.channel = action === 'pay' ? 'card' : 'bank_transfer';
      t.gatewayResponse = 'Successful';
      t.paidAt = new Date().toISOString();
      this.store.save();
      this.webhooks.send('charge.success', transactionData(t));
    } else if (action === 'decline') {
      t.status = 'failed';
      t.gatewayResponse = 'Declined';
      this.store.save();
    }
    return t;
  }

  /** Collections less Paystack's fees (those not paid out to the bank), top-ups, less transfers, their fees and refunds. */
  balanceKobo(): number {
    const { store } = this;
    const paid = store.transactions.filter((t) => t.status === 'success' || t.status === 'reversed');
    const charged = paid.reduce((sum, t) => sum + t.amount - paystackLocalFeeKobo(t.amount), 0);
    // A transfer's money leaves the balance when it is queued and comes back if it does not go through.
    const sent = store.transfers
      .filter((t) => !['failed', 'reversed', 'abandoned', 'blocked', 'rejected'].includes(t.status))
      .reduce((sum, t) => sum + t.amount + (t.status === 'success' ? paystackTransferFeeKobo(t.amount) : 0), 0);
    // A refund is deducted when queued and added back if it fails.
    const refunded = store.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    return charged + store.topUpsKobo - store.settledToBankKobo - sent - refunded;
  }

  /** With settlement 'bank', what the balance holds of collections goes to the business's bank (never more than there is). */
  private settleCollections(): void {
    if (this.settlement !== 'bank') return;
    const collected = this.store.transactions
      .filter((t) => t.status === 'success' || t.status === 'reversed')
      .reduce((sum, t) => sum + t.amount - paystackLocalFeeKobo(t.amount), 0);
    const unsettled = collected - this.store.settledToBankKobo;
    const sweep = Math.min(unsettled, this.balanceKobo());
    if (sweep <= 0) return;
    this.store.settledToBankKobo += sweep;
    this.store.save();
  }

  setTransferStatus(reference: string, status: TransferStatus): void {
    const t = this.store.transfers.find((x) => x.reference === reference);
    if (!t) throw new Error(`No sandbox transfer ${reference}`);
    t.status = status;
    this.store.save();
    // Paystack sends webhooks for these transfer states only.
    if (t.status === 'success' || t.status === 'failed' || t.status === 'reversed')
      this.webhooks.send(`transfer.${t.status}`, transferData(t));
  }

  /** A pending transfer lands, unless the recipient's account number ends in 0000 (the test knob for a failed one). */
  settleTransfer(t: SandboxTransfer): void {
    if (t.status !== 'pending') return;
    const recipient = this.store.recipients.find((r) => r.recipientCode === t.recipientCode);
    this.setTransferStatus(t.reference, recipient?.accountNumber.endsWith('0000') ? 'failed' : 'success');
  }

  setRefundStatus(id: number, status: RefundStatus): void {
    const refund = this.store.refunds.find((r) => r.id === id);
    if (!refund) throw new Error(`No sandbox refund ${id}`);
    refund.status = status;
    const t = this.byReference(refund.transactionReference);
    if (t && status === 'processed') {
      const refunded = this.store.refunds
        .filter((r) => r.transactionReference === t.reference && r.status === 'processed')
        .reduce((sum, r) => sum + r.amount, 0);
      if (refunded >= t.amount) t.status = 'reversed';
    }
    this.store.save();
    this.webhooks.send(`refund.${status}`, refundEventData(refund, t?.email ?? ''));
  }

  /** A refund moves one step: pending → processing (or needs-attention for a bank-transfer payment without an account) → processed. */
  advanceRefunds(): void {
    for (const refund of this.store.refunds) {
      if (refund.status === 'pending') {
        const needsAccount = this.byReference(refund.transactionReference)?.channel === 'bank_transfer' && !refund.customerAccount;
        this.setRefundStatus(refund.id, needsAccount ? 'needs-attention' : 'processing');
      } else if (refund.status === 'processing') {
        this.setRefundStatus(refund.id, 'processed');
      }
    }
  }

  settleNow(): void {
    for (const t of this.store.transfers) this.settleTransfer(t);
    this.advanceRefunds();
    this.advanceRefunds();
    this.settleCollections();
  }

  topUp(kobo: number): void {
    this.store.topUpsKobo += kobo;
    this.store.save();
  }

  /** Runs a settlement step after the settle delay (timers die with the sandbox: close()). */
  later(run: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      run();
    }, this.settleDelayMs);
    timer.unref();
    this.pending.add(timer);
  }

  holderOf(accountNumber: string): string {
    return this.renamedHolders.get(accountNumber) ?? `SANDBOX ACCOUNT ${accountNumber.slice(-4)}`;
  }

  renameHolder(accountNumber: string, name: string): void {
    this.renamedHolders.set(accountNumber, name);
  }

  close(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.webhooks.close();
  }
}

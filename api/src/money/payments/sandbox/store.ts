/**
 * The sandbox's records. Kept in memory and, given a file, written through
 * on every change (write to a temporary file, then rename), so a sandbox
 * restarted with the API still knows the payments it took: reconciliation
 * after a crash asks it about them, as it would ask Paystack.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RefundStatus, TransferStatus } from '../paystack/client';

export interface SandboxTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string | null;
  metadata: unknown;
  /** Paystack's states: abandoned until paid or declined; reversed once refunded in whole. */
  status: 'abandoned' | 'success' | 'failed' | 'reversed';
  /** How the student paid: a refund of a bank-transfer payment needs their account (needs-attention). */
  channel?: 'card' | 'bank_transfer';
  gatewayResponse: string | null;
  paidAt: string | null;
  createdAt: string;
}

export interface SandboxRecipient {
  recipientCode: string;
  name: string;
  accountNumber: string;
  bankCode: string;
}

export interface SandboxTransfer {
  transferCode: string;
  reference: string;
  amount: number;
  recipientCode: string;
  reason: string;
  status: TransferStatus;
  createdAt: string;
}

export interface SandboxRefund {
  id: number;
  transactionId: number;
  transactionReference: string;
  amount: number;
  status: RefundStatus;
  createdAt: string;
  /** Retry Refund's customer account, once given. */
  customerAccount?: { accountNumber: string; bankId: string };
}

interface State {
  nextId: number;
  transactions: SandboxTransaction[];
  recipients: SandboxRecipient[];
  transfers: SandboxTransfer[];
  refunds: SandboxRefund[];
  /** Money the business added to its balance (Top Up), in kobo. */
  topUpsKobo?: number;
  /** Collections paid out to the business's bank (settlement), in kobo, when the balance does not keep them. */
  settledToBankKobo?: number;
}

export class SandboxStore {
  // Paystack's ids are large numbers, unique in its whole system: a new sandbox starts at a random one, so two
  // sandboxes (test benches on one database) never give out the same transaction or refund id.
  private state: State = { nextId: randomInt(1_000_000, 2_000_000_000), transactions: [], recipients: [], transfers: [], refunds: [] };

  constructor(private readonly file: string | null) {
    if (!file) return;
    try {
      this.state = JSON.parse(readFileSync(file, 'utf8')) as State;
    } catch {
      mkdirSync(path.dirname(file), { recursive: true });
    }
  }

  nextId(): number {
    return this.state.nextId++;
  }

  get transactions(): SandboxTransaction[] {
    return this.state.transactions;
  }
  get recipients(): SandboxRecipient[] {
    return this.state.recipients;
  }
  get transfers(): SandboxTransfer[] {
    return this.state.transfers;
  }
  get refunds(): SandboxRefund[] {
    return this.state.refunds;
  }

  get topUpsKobo(): number {
    return this.state.topUpsKobo ?? 0;
  }
  set topUpsKobo(kobo: number) {
    this.state.topUpsKobo = kobo;
  }
  get settledToBankKobo(): number {
    return this.state.settledToBankKobo ?? 0;
  }
  set settledToBankKobo(kobo: number) {
    this.state.settledToBankKobo = kobo;
  }

  /** Call after every change. */
  save(): void {
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }
}

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ops } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import type { MoneyQueue as Queue } from '@campus/shared/schemas';
import { renderWithProviders, setUpFakeApi } from '@campus/shared/testing';
import { MoneyQueue } from './MoneyQueue';

const T = MESSAGES.opsConsole;
const state = setUpFakeApi();
const at = '2026-11-23T10:00:00.000Z';

const QUEUE: Queue = {
  payments: [
    {
      id: 'pay-1',
      reference: 'cm_review_1',
      email: 'ada@campus.edu.ng',
      amountKobo: 725_050,
      reviewReason: 'Paystack reported USD',
      createdAt: at,
    },
  ],
  payouts: [
    {
      id: 'po-1',
      reference: 'po_1',
      sellerId: 's-1',
      storeName: 'Radio store',
      amountKobo: 870_000,
      status: 'failed',
      failureReason: 'Account closed',
      attention: '5 transfers did not go through',
      createdAt: at,
    },
  ],
  refunds: [
    {
      id: 'rf-1',
      paymentReference: 'cm_ref_2',
      buyerEmail: 'bola@campus.edu.ng',
      orderId: 'o-1',
      amountKobo: 384_000,
      status: 'needs-account',
      attention: null,
      lastError: null,
      createdAt: at,
    },
  ],
  reconciliation: {
    ledgerKobo: 1_000_000,
    inFlightKobo: 50_000,
    paystackKobo: 960_000,
    differenceKobo: 10_000,
    platformFeesKobo: -2_500,
    alerts: ['paystack-balance-differs'],
  },
};

test('lists payments in review, payouts and refunds that need a person, and the reconciliation state in naira', async () => {
  state.api.ok(ops.moneyQueue, QUEUE);
  renderWithProviders(<MoneyQueue />, { session: 'user' });
  const review = await screen.findByRole('region', { name: T.moneyReview });
  expect(within(review).getByRole('heading', { name: /cm_review_1 · ₦7,250\.50/ })).toBeInTheDocument();
  expect(within(review).getByText('Paystack reported USD')).toBeInTheDocument();
  const payouts = screen.getByRole('region', { name: T.moneyPayouts });
  expect(within(payouts).getByText('5 transfers did not go through')).toBeInTheDocument();
  expect(within(payouts).getByRole('button', { name: T.resolve })).toBeInTheDocument();
  const refunds = screen.getByRole('region', { name: T.moneyRefunds });
  expect(within(refunds).getByText(/needs-account/)).toBeInTheDocument();
  expect(screen.getByTestId(T.paystackBalance)).toHaveTextContent('₦9,600.00');
  expect(screen.getByTestId(T.difference)).toHaveTextContent('₦100.00');
  expect(screen.getByTestId(T.platformFees)).toHaveTextContent('−₦25.00');
  expect(screen.getByText('paystack-balance-differs')).toBeInTheDocument();
});

test('accepting a payment in review asks for the reason and sends it', async () => {
  state.api.ok(ops.moneyQueue, QUEUE).ok(ops.decideReviewPayment, undefined, MESSAGES.ops.paymentAccepted);
  renderWithProviders(<MoneyQueue />, { session: 'user' });
  const review = await screen.findByRole('region', { name: T.moneyReview });
  await userEvent.click(within(review).getByRole('button', { name: T.accept }));
  await userEvent.type(within(review).getByRole('textbox', { name: T.reasonLabel }), 'Settled in naira');
  await userEvent.click(within(review).getByRole('button', { name: T.accept }));
  await screen.findByRole('region', { name: T.moneyReview });
  expect(state.api.calls(ops.decideReviewPayment)[0]).toMatchObject({
    params: { paymentId: 'pay-1' },
    body: { outcome: 'accept', reason: 'Settled in naira' },
  });
});

test("a refused retry shows the API's reason", async () => {
  state.api.ok(ops.moneyQueue, QUEUE).fail(ops.retryRefund, 409, MESSAGES.ops.nothingToRetry);
  renderWithProviders(<MoneyQueue />, { session: 'user' });
  const refunds = await screen.findByRole('region', { name: T.moneyRefunds });
  await userEvent.click(within(refunds).getByRole('button', { name: T.retry }));
  await userEvent.type(within(refunds).getByRole('textbox', { name: T.reasonLabel }), 'again');
  await userEvent.click(within(refunds).getByRole('button', { name: T.retry }));
  expect(await within(refunds).findByRole('alert')).toHaveTextContent(MESSAGES.ops.nothingToRetry);
});

test('Paystack unreachable: its side says so', async () => {
  state.api.ok(ops.moneyQueue, { ...QUEUE, reconciliation: { ...QUEUE.reconciliation, paystackKobo: null, differenceKobo: null } });
  renderWithProviders(<MoneyQueue />, { session: 'user' });
  expect(await screen.findByText(T.paystackUnreachable)).toBeInTheDocument();
});

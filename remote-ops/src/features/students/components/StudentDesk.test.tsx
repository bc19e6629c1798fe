import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ops } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import type { StudentDetail } from '@campus/shared/schemas';
import { renderWithProviders, setUpFakeApi } from '@campus/shared/testing';
import { StudentDesk } from './StudentDesk';

const T = MESSAGES.opsConsole;
const state = setUpFakeApi();
const at = '2026-11-23T10:00:00.000Z';
const ACCOUNT = { userId: 'u-1', email: 'ada@campus.edu.ng', name: 'Ada Obi', storeName: 'Ada store', suspended: true };
const ORDER = { id: 'o-1', orderCode: 'CM-1234', status: 'PENDING', totalKobo: 200_000, side: 'seller' as const, createdAt: at };
const DETAIL: StudentDetail = {
  account: ACCOUNT,
  createdAt: at,
  orders: [ORDER, { ...ORDER, id: 'o-2', orderCode: 'CM-9999', status: 'DELIVERED', side: 'buyer' }],
  openOrders: [ORDER],
  reports: [{ id: 'r-1', kind: 'store', reason: 'scam', details: 'took my money', reporterEmail: 'bola@campus.edu.ng', createdAt: at }],
  signIns: [{ at, ip: '10.0.0.7', userAgent: 'Firefox/140', success: false }],
  liveSessions: 0,
};

async function openStudent() {
  renderWithProviders(<StudentDesk />, { session: 'user' });
  await userEvent.type(screen.getByRole('textbox', { name: T.searchLabel }), 'ada');
  await userEvent.click(screen.getByRole('button', { name: T.search }));
  await userEvent.click(await screen.findByRole('button', { name: /Ada Obi · ada@campus\.edu\.ng/ }));
  return screen.findByRole('article', { name: ACCOUNT.email });
}

test('finds an account and shows its open orders to settle, orders, reports and sign-in history', async () => {
  state.api.ok(ops.searchStudents, [ACCOUNT]).ok(ops.getStudent, DETAIL);
  const page = await openStudent();
  expect(state.api.calls(ops.searchStudents)[0]?.query).toEqual({ q: 'ada' });
  expect(within(page).getByText(T.suspended)).toBeInTheDocument();
  const open = within(page).getByRole('region', { name: T.openOrders });
  expect(within(open).getByText(/CM-1234 · PENDING · ₦2,000\.00 · seller/)).toBeInTheDocument();
  expect(within(open).queryByText(/CM-9999/)).toBeNull();
  expect(within(within(page).getByRole('region', { name: T.orders })).getByText(/CM-9999/)).toBeInTheDocument();
  expect(within(page).getByText(/took my money/)).toBeInTheDocument();
  expect(within(within(page).getByRole('region', { name: T.signIns })).getByText(/10\.0\.0\.7 · Firefox\/140 · ✗/)).toBeInTheDocument();
});

test('sign out everywhere sends the reason; restore is offered for a suspended account', async () => {
  state.api
    .ok(ops.searchStudents, [ACCOUNT])
    .ok(ops.getStudent, DETAIL)
    .ok(ops.signOutEverywhere, undefined, MESSAGES.ops.signedOutEverywhere);
  const page = await openStudent();
  expect(within(page).getByRole('button', { name: T.restoreAccount })).toBeInTheDocument();
  await userEvent.click(within(page).getByRole('button', { name: T.signOutEverywhere }));
  await userEvent.type(within(page).getByRole('textbox', { name: T.reasonLabel }), 'phone stolen');
  await userEvent.click(within(page).getByRole('button', { name: T.signOutEverywhere }));
  await screen.findByRole('article', { name: ACCOUNT.email });
  expect(state.api.calls(ops.signOutEverywhere)[0]).toMatchObject({ params: { userId: 'u-1' }, body: { reason: 'phone stolen' } });
});

test('no match says so', async () => {
  state.api.ok(ops.searchStudents, []);
  renderWithProviders(<StudentDesk />, { session: 'user' });
  await userEvent.type(screen.getByRole('textbox', { name: T.searchLabel }), 'zz');
  await userEvent.click(screen.getByRole('button', { name: T.search }));
  expect(await screen.findByText(T.noStudents)).toBeInTheDocument();
});

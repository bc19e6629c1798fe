import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ops } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { ReportButton } from './ReportButton';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

test('a student reports a listing with a reason from the list and free text, and is told it was received', async () => {
  api.on(ops.report, () => ({ status: 201, body: { message: MESSAGES.reports.received } }));
  renderWithProviders(<ReportButton target={{ kind: 'listing', productId: 'p1' }} what="listing" />, { session: 'user' });
  await userEvent.click(screen.getByRole('button', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'counterfeit');
  await userEvent.type(screen.getByRole('textbox', { name: 'What is wrong?' }), 'Fake logo');
  await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.reports.received);
  expect(dialog).not.toBeInTheDocument();
  expect(api.calls(ops.report)[0]?.body).toEqual({
    target: { kind: 'listing', productId: 'p1' },
    reason: 'counterfeit',
    details: 'Fake logo',
  });
});

test('"Something else" needs the free text; the API refusing (too many today) is shown', async () => {
  api.fail(ops.report, 429, MESSAGES.reports.tooMany);
  renderWithProviders(<ReportButton target={{ kind: 'store', sellerId: 's1' }} what="store" />, { session: 'user' });
  await userEvent.click(screen.getByRole('button', { name: 'Report' }));
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Reason' }), 'other');
  await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText(MESSAGES.reports.detailsRequired)).toBeInTheDocument();
  expect(api.calls(ops.report)).toHaveLength(0);
  await userEvent.type(screen.getByRole('textbox', { name: 'What is wrong?' }), 'Sells exam answers');
  await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.reports.tooMany);
});

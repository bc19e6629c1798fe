import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orders } from '@campus/shared/endpoints';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { makeOrder } from '../../../test/fixtures';
import { AcceptOrderDialog, cleanCode } from './AcceptOrderDialog';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

async function openDialog() {
  const user = userEvent.setup();
  const view = renderWithProviders(<AcceptOrderDialog />, { session: 'seller' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  act(() => eventBus.emit('order:completion-requested', {}));
  expect(await screen.findByRole('dialog', { name: 'Accept Order' })).toBeInTheDocument();
  return { user, ...view };
}

const codeBox = () => screen.getByRole('textbox', { name: 'Completion code' });
const submit = () => screen.getByRole('button', { name: 'Complete order' });

describe('Accept Order dialog', () => {
  it('keeps digits only, at most 6', () => {
    expect(cleanCode('12a-34 5678')).toBe('123456');
  });

  it('opens on the seller chrome event; submit stays disabled until 6 digits', async () => {
    const { user } = await openDialog();
    await user.type(codeBox(), '12ab34');
    expect(codeBox()).toHaveValue('1234');
    expect(submit()).toBeDisabled();
    await user.type(codeBox(), '5678');
    expect(codeBox()).toHaveValue('123456');
    expect(submit()).toBeEnabled();
  });

  it('Enter with fewer than 6 digits says "Please enter a valid 6-digit code" and sends nothing', async () => {
    const { user } = await openDialog();
    await user.type(codeBox(), '123{Enter}');
    expect(await screen.findByText(MESSAGES.validation.completionCodeInvalid)).toBeInTheDocument();
    expect(api.calls(orders.completeOrder)).toHaveLength(0);
  });

  it('completes the order with the real call, names it, and refreshes the store data', async () => {
    api.ok(orders.completeOrder, makeOrder({ orderCode: 'ORD-7788', orderStatus: 'DELIVERED', totalPrice: '12500.00' }), MESSAGES.completion.success);
    const { user, queryClient } = await openDialog();
    queryClient.setQueryData(['seller', 'seller-1', 'payouts'], { stale: false });
    await user.type(codeBox(), '246810');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.success)).toBeInTheDocument();
    expect(screen.getByText(/Order ORD-7788, ₦12,500\.00/)).toBeInTheDocument();
    expect(api.calls(orders.completeOrder)[0]?.body).toEqual({ code: '246810' });
    await waitFor(() => expect(queryClient.getQueryState(['seller', 'seller-1', 'payouts'])?.isInvalidated).toBe(true));
    expect(codeBox()).toHaveValue('');
  });

  it('a wrong code says "Failed to complete order. Please try again." with the reason', async () => {
    api.fail(orders.completeOrder, 400, MESSAGES.completion.wrongCode);
    const { user } = await openDialog();
    await user.type(codeBox(), '000000');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.failed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.completion.wrongCode)).toBeInTheDocument();
  });

  it('when locked out (429) it shows the lock-out text', async () => {
    api.fail(orders.completeOrder, 429, MESSAGES.completion.locked(15));
    const { user } = await openDialog();
    await user.type(codeBox(), '111111');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.failed)).toBeInTheDocument();
    expect(screen.getByText('Too many wrong codes. Completing orders is locked for 15 minutes.')).toBeInTheDocument();
  });

  it('a server error shows the failure text alone', async () => {
    api.fail(orders.completeOrder, 500, 'boom');
    const { user } = await openDialog();
    await user.type(codeBox(), '111111');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.completion.failed)).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sellers } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { sessionStore } from '@campus/shared/session';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { resolvedNameText } from '../features/settings/components/PaymentsForm';
import { makeSellerProfile } from '../test/fixtures';
import SettingsPage from './SettingsPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  api.restore();
  jest.useRealTimers();
});

const fields = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));

function open(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  renderWithProviders(<SettingsPage />, { session: 'seller' });
  return user;
}

describe('Seller settings', () => {
  it('says "Seller information not found" without a seller', () => {
    renderWithProviders(<SettingsPage />, { session: 'user' });
    expect(screen.getByText(MESSAGES.validation.sellerInfoNotFound)).toBeInTheDocument();
  });

  it("opens on the Payments tab when the address asks for it (the new seller's welcome links there)", async () => {
    renderWithProviders(<SettingsPage />, { session: 'seller', route: '/seller/settings?tab=payments' });
    expect(await screen.findByRole('tab', { name: 'Payments', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Account number/ })).toHaveValue('0123456789');
  });

  it('Store Info: saves, says "Store information updated successfully!" for 5 s, and refreshes the session seller', async () => {
    jest.useFakeTimers();
    api.ok(sellers.updateStore, makeSellerProfile({ catalogueName: 'Ada Gadgets & More' }), MESSAGES.seller.storeUpdated);
    api.ok(sellers.getMySellerProfile, makeSellerProfile({ catalogueName: 'Ada Gadgets & More' }));
    const user = open({ advanceTimers: jest.advanceTimersByTime });
    const name = screen.getByRole('textbox', { name: /Catalogue name/ });
    expect(name).toHaveValue('Ada Gadgets');
    await user.clear(name);
    await user.type(name, 'Ada Gadgets & More');
    await user.click(screen.getByRole('button', { name: 'Save store information' }));
    expect(await screen.findByText(MESSAGES.seller.storeUpdated)).toBeInTheDocument();
    const sent = fields(api.calls(sellers.updateStore)[0]?.body as FormData);
    expect(sent).toMatchObject({
      catalogueName: 'Ada Gadgets & More',
      phoneNumber: '08030000000',
      location: 'Hall 3',
      storeDescription: 'Phones and chargers near Hall 3',
    });
    expect(sent).not.toHaveProperty('bankName');
    expect(sessionStore.getState().seller?.catalogueName).toBe('Ada Gadgets & More');
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText(MESSAGES.seller.storeUpdated)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText(MESSAGES.seller.storeUpdated)).not.toBeInTheDocument();
  });

  it('Store Info: the catalogue name is required', async () => {
    const user = open();
    await user.clear(screen.getByRole('textbox', { name: /Catalogue name/ }));
    await user.click(screen.getByRole('button', { name: 'Save store information' }));
    expect(await screen.findByText(MESSAGES.validation.fillAllRequiredFields)).toBeInTheDocument();
    expect(api.calls(sellers.updateStore)).toHaveLength(0);
  });

  it('a failed session refresh is ignored: the save still says it worked', async () => {
    api.ok(sellers.updateStore, makeSellerProfile());
    api.fail(sellers.getMySellerProfile, 500);
    const user = open();
    await user.click(screen.getByRole('button', { name: 'Save store information' }));
    expect(await screen.findByText(MESSAGES.seller.storeUpdated)).toBeInTheDocument();
  });

  it('Payments: lists the 24 settings banks, asks the current password, and shows the name the bank gave', async () => {
    api.ok(
      sellers.updateStore,
      makeSellerProfile({ bankName: 'Zenith Bank', accountNumber: '1122334455', accountName: 'SANDBOX ACCOUNT 4455' }),
      MESSAGES.seller.paymentUpdated,
    );
    api.ok(
      sellers.getMySellerProfile,
      makeSellerProfile({ bankName: 'Zenith Bank', accountNumber: '1122334455', accountName: 'SANDBOX ACCOUNT 4455' }),
    );
    const user = open();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    const bank = await screen.findByRole('combobox', { name: /Bank name/ });
    // The store's onboarding bank (GTBank) first, then the 24 settings banks, Zenith Bank last.
    const options = Array.from((bank as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toHaveLength(25);
    expect(options[0]).toBe('GTBank');
    expect(options.at(-1)).toBe('Zenith Bank');

    await user.selectOptions(bank, 'Zenith Bank');
    await user.clear(screen.getByRole('textbox', { name: /Account number/ }));
    await user.type(screen.getByRole('textbox', { name: /Account number/ }), '1122334455');
    await user.click(screen.getByRole('button', { name: 'Save payment information' }));
    expect(await screen.findByText(MESSAGES.validation.fillAllRequiredFields)).toBeInTheDocument();
    expect(api.calls(sellers.updateStore)).toHaveLength(0);

    await user.type(screen.getByLabelText(/Current password/), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save payment information' }));
    expect(await screen.findByText(MESSAGES.seller.paymentUpdated)).toBeInTheDocument();
    expect(fields(api.calls(sellers.updateStore)[0]?.body as FormData)).toEqual({
      bankName: 'Zenith Bank',
      accountNumber: '1122334455',
      accountName: 'Ada Obi',
      currentPassword: 'secret-pass-1',
    });
    expect(screen.getByTestId('resolved-name')).toHaveTextContent(resolvedNameText('SANDBOX ACCOUNT 4455'));
    expect(screen.getByRole('textbox', { name: /Account name/ })).toHaveValue('SANDBOX ACCOUNT 4455');
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    expect(sessionStore.getState().seller?.bankName).toBe('Zenith Bank');
  });

  it("Payments: shows the API's refusal (an account the bank does not know, a wrong password)", async () => {
    api.fail(
      sellers.updateStore,
      400,
      'We could not find account 0009998887 at Zenith Bank. Please check the account number and the bank.',
    );
    const user = open();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    await user.type(await screen.findByLabelText(/Current password/), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save payment information' }));
    expect(await screen.findByText(/We could not find account 0009998887 at Zenith Bank/)).toBeInTheDocument();
    expect(api.calls(sellers.getMySellerProfile)).toHaveLength(0);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sellers } from '@campus/shared/endpoints';
import { setAuthNavigator } from '@campus/shared/auth-redirect';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import { sessionStore } from '@campus/shared/session';
import { fakeApi, renderWithProviders, type FakeApi } from '@campus/shared/testing';
import { Route, Routes } from 'react-router-dom';
import OnboardingPage from '../../../routes/OnboardingPage';
import { makeSellerProfile } from '../../../test/fixtures';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => api.restore());

function open() {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/seller/onboarding" element={<OnboardingPage />} />
      <Route path="/seller/dashboard" element={<p>dashboard page</p>} />
    </Routes>,
    { route: '/seller/onboarding', session: 'user' },
  );
  return user;
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Store name/ }), 'Ada Gadgets');
  await user.type(screen.getByRole('textbox', { name: /Store description/ }), 'Phones near Hall 3');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.selectOptions(screen.getByRole('combobox', { name: /Bank/ }), 'Kuda Bank');
  await user.type(screen.getByRole('textbox', { name: /Account number/ }), '0123456789');
  await user.type(screen.getByRole('textbox', { name: /Account name/ }), 'Ada Obi');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '08031234567');
  await user.type(screen.getByRole('textbox', { name: /Location/ }), 'Moremi Hall');
}

describe('Become a seller', () => {
  it('sits under a Sell breadcrumb and lists the 13 onboarding banks', async () => {
    const user = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Become a seller' })).toBeInTheDocument();
    expect(screen.getByText('Sell')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const banks = screen.getAllByRole('option').map((o) => o.textContent);
    expect(banks).toHaveLength(14);
    // Written out from the spec's list (section 9), not read from ONBOARDING_BANKS: a change to the constant must fail here.
    expect(banks.slice(1)).toEqual([
      'Access Bank',
      'GTBank',
      'First Bank',
      'UBA',
      'Zenith Bank',
      'Fidelity Bank',
      'Sterling Bank',
      'Stanbic IBTC',
      'Union Bank',
      'Wema Bank',
      'Kuda Bank',
      'Opay',
      'PalmPay',
    ]);
  });

  it('moves between steps freely and keeps what was typed', async () => {
    const user = open();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Store name/ }), 'Ada Gadgets');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(/Step 3 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('textbox', { name: /Store name/ })).toHaveValue('Ada Gadgets');
    expect(api.requests).toHaveLength(0);
  });

  it('Finish with missing fields sends nothing and returns to the first step with an error', async () => {
    const user = open();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByText(/Step 1 of 3/)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.validation.fillAllRequiredFields).length).toBeGreaterThan(0);
    expect(api.calls(sellers.registerSeller)).toHaveLength(0);
  });

  it('sends the store (WhatsApp defaults to the phone), shows Registering..., tells the session and goes to the dashboard', async () => {
    let release: () => void = () => undefined;
    api.on(
      sellers.registerSeller,
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: { data: makeSellerProfile({ id: 'seller-9', catalogueName: 'Ada Gadgets' }) } });
        }),
    );
    const heard = jest.fn();
    const off = eventBus.on('seller:status-changed', heard);
    const user = open();
    await fillAll(user);
    expect(screen.getByRole('textbox', { name: /WhatsApp number/ })).toHaveValue('08031234567');
    const cover = new File(['png'], 'cover.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Cover picture'), cover);
    expect(screen.getByRole('img', { name: 'Cover picture preview' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Registering...')).toBeInTheDocument();

    const form = api.calls(sellers.registerSeller)[0]?.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      catalogueName: 'Ada Gadgets',
      storeDescription: 'Phones near Hall 3',
      bankName: 'Kuda Bank',
      accountNumber: '0123456789',
      accountName: 'Ada Obi',
      phoneNumber: '08031234567',
      whatsappNumber: '08031234567',
      location: 'Moremi Hall',
    });
    expect((form.get('cataloguePicture') as File).name).toBe('cover.png');

    release();
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(sessionStore.getState().isSeller).toBe(true);
    expect(sessionStore.getState().seller?.id).toBe('seller-9');
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ isSeller: true }));
    off();
  });

  it.each([
    [400, MESSAGES.sellerRegister.invalid],
    [401, MESSAGES.sellerRegister.authRequired],
    [409, MESSAGES.sellerRegister.alreadySeller],
  ])('a %s answer shows "%s"', async (status, text) => {
    api.fail(sellers.registerSeller, status, status === 400 ? MESSAGES.sellerRegister.invalid : 'nope');
    const toAuth = jest.fn();
    setAuthNavigator(toAuth);
    const user = open();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    // The spec's 401 rule also applies: the session ends and the browser goes to /auth.
    if (status === 401) await waitFor(() => expect(toAuth).toHaveBeenCalledWith('/auth'));
    expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
  });

  it('shows why the API refused an account under the spec text', async () => {
    api.fail(sellers.registerSeller, 400, 'We could not find account 0123456789 at Kuda Bank. Please check the account number and bank.');
    const user = open();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(MESSAGES.sellerRegister.invalid)).toBeInTheDocument();
    expect(screen.getByText(/We could not find account 0123456789 at Kuda Bank/)).toBeInTheDocument();
  });
});

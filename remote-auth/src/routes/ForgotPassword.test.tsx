import { api, errorBody, renderApp, setupApi, TEST_DOMAIN } from '../test/render';
import { accounts } from '@campus/shared/endpoints';
import { screen } from '@testing-library/react';
import { MESSAGES } from '@campus/shared/messages';

const EMAIL = `ada@${TEST_DOMAIN}`;
type User = ReturnType<typeof renderApp>['user'];

async function send(user: User, email: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

beforeEach(setupApi);

describe('/forgot-password', () => {
  it('replaces the previous page title', () => {
    document.title = 'Desk lamp · Campus Marketplace';
    renderApp('/forgot-password');
    expect(document.title).toBe('Forgot Password · Campus Marketplace');
  });

  it('checks the e-mail with the short university wording', async () => {
    const { user } = renderApp('/forgot-password');
    await send(user, 'ada@gmail.com');
    expect(await screen.findByText(MESSAGES.validation.universityEmailShort(`student@${TEST_DOMAIN}`))).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.validation.universityEmailShort(`student@${TEST_DOMAIN}`));
    expect(api().calls(accounts.forgotPassword)).toHaveLength(0);
  });

  it('shows the neutral success text', async () => {
    api().on(accounts.forgotPassword, { status: 200, body: { data: null, message: 'whatever the server says' } });
    const { user } = renderApp('/forgot-password');
    await send(user, EMAIL);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.password.forgotSuccess);
    expect(api().calls(accounts.forgotPassword)[0]?.body).toEqual({ email: EMAIL });
  });

  it('disables the button and labels it while sending', async () => {
    api().on(accounts.forgotPassword, 'pending');
    const { user } = renderApp('/forgot-password');
    await send(user, EMAIL);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });

  it.each([
    ['a 429', { status: 429, body: errorBody(429, 'Too many attempts') }],
    ['a 500', { status: 500, body: errorBody(500, 'boom') }],
    ['a network error', 'network-error' as const],
  ])('shows the failure text on %s', async (_, reply) => {
    api().on(accounts.forgotPassword, reply);
    const { user } = renderApp('/forgot-password');
    await send(user, EMAIL);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.password.forgotFailed);
  });
});

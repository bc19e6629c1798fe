import { api, currentPath, errorBody, renderApp, setupApi } from '../test/render';
import { accounts } from '@campus/shared/endpoints';
import { act, screen } from '@testing-library/react';
import { MESSAGES } from '@campus/shared/messages';

type User = ReturnType<typeof renderApp>['user'];

async function reset(user: User, password: string, repeat = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat new password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

beforeEach(setupApi);

describe('/reset-password', () => {
  it('replaces the previous page title', () => {
    document.title = 'Desk lamp · Campus Marketplace';
    renderApp('/reset-password?token=abc');
    expect(document.title).toBe('Reset Password · Campus Marketplace');
  });

  it('without a token: the invalid-link text and no form', () => {
    renderApp('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.validation.invalidResetLink);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('applies the length rule', async () => {
    const { user } = renderApp('/reset-password?token=abc');
    await reset(user, '123');
    expect(await screen.findByText(MESSAGES.validation.passwordMin)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(MESSAGES.validation.passwordMin);
    expect(api().calls(accounts.resetPassword)).toHaveLength(0);
  });

  it('asks for the same password twice', async () => {
    const { user } = renderApp('/reset-password?token=abc');
    await reset(user, 'newpass1', 'newpass2');
    expect(await screen.findByText(MESSAGES.validation.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api().calls(accounts.resetPassword)).toHaveLength(0);
  });

  it('resets with the token from the link and goes to /login after 2 s', async () => {
    jest.useFakeTimers();
    try {
      api().on(accounts.resetPassword, { status: 200, body: { data: null } });
      const { user } = renderApp('/reset-password?token=tok123', { fakeTimers: true });
      await reset(user, 'newpass1');
      expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.password.resetSuccess);
      expect(api().calls(accounts.resetPassword)[0]?.body).toEqual({ token: 'tok123', newPassword: 'newpass1' });
      // Spec literal, not the constant: "Reset success redirects to login after 2 s".
      act(() => jest.advanceTimersByTime(1999));
      expect(currentPath()).toBe('/reset-password?token=tok123');
      act(() => jest.advanceTimersByTime(1)); // 2000 ms
      expect(currentPath()).toBe('/login');
    } finally {
      jest.useRealTimers();
    }
  });

  it('disables the button and labels it while sending', async () => {
    api().on(accounts.resetPassword, 'pending');
    const { user } = renderApp('/reset-password?token=abc');
    await reset(user, 'newpass1');
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
  });

  it('shows the failure text (expired or used link, server down)', async () => {
    api().on(accounts.resetPassword, { status: 400, body: errorBody(400, 'This reset link has expired') });
    const { user } = renderApp('/reset-password?token=abc');
    await reset(user, 'newpass1');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.password.resetFailed);
    expect(currentPath()).toBe('/reset-password?token=abc');
  });
});

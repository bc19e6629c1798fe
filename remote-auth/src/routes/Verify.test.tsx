import { api, currentPath, errorBody, renderApp, setupApi, TEST_DOMAIN } from '../test/render';
import { accounts } from '@campus/shared/endpoints';
import { act, screen } from '@testing-library/react';
import { MESSAGES } from '@campus/shared/messages';
import { makeUser } from '@campus/shared/testing';

const EMAIL = `ada@${TEST_DOMAIN}`;
type User = ReturnType<typeof renderApp>['user'];

async function enterCode(user: User, code: string) {
  await user.click(screen.getByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
}
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Verify Email' }));

beforeEach(() => {
  setupApi();
  localStorage.setItem('pendingVerificationEmail', EMAIL);
});

describe('/verify', () => {
  it('replaces the previous page title', () => {
    document.title = 'Desk lamp · Campus Marketplace';
    renderApp('/verify');
    expect(document.title).toBe('Verify Your Email · Campus Marketplace');
  });

  it('shows the hero image and the stored e-mail', () => {
    renderApp('/verify');
    expect(screen.getByTestId('verify-hero-image')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /envelope/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
  });

  it('asks for all six digits and focuses the first empty box', async () => {
    const { user } = renderApp('/verify');
    await enterCode(user, '123');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.validation.verificationCodeIncomplete);
    expect(screen.getByLabelText('Digit 4 of 6')).toHaveFocus();
    // Each box is described by the red panel while the code is invalid.
    for (let n = 1; n <= 6; n += 1) {
      const box = screen.getByLabelText(`Digit ${n} of 6`);
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription(MESSAGES.validation.verificationCodeIncomplete);
    }
    expect(api().calls(accounts.verifyEmail)).toHaveLength(0);
  });

  it('checks the e-mail with the short university wording', async () => {
    localStorage.clear();
    const { user } = renderApp('/verify');
    await user.type(screen.getByLabelText('Email'), 'ada@gmail.com');
    await enterCode(user, '123456');
    await submit(user);
    expect(await screen.findByText(MESSAGES.validation.universityEmailShort(`student@${TEST_DOMAIN}`))).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.validation.universityEmailShort(`student@${TEST_DOMAIN}`));
    // The code is fine: the boxes are not described by any error.
    expect(screen.getByLabelText('Digit 1 of 6')).not.toHaveAttribute('aria-describedby');
  });

  it('verifies, shows the success text and goes to /login after 1.5 s', async () => {
    jest.useFakeTimers();
    try {
      api().on(accounts.verifyEmail, { status: 200, body: { data: { user: makeUser() }, message: 'ok' } });
      const { user } = renderApp('/verify', { fakeTimers: true });
      await enterCode(user, '123456');
      await submit(user);
      expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.verify.success);
      expect(api().calls(accounts.verifyEmail)[0]?.body).toEqual({ email: EMAIL, code: '123456' });
      expect(localStorage.getItem('pendingVerificationEmail')).toBeNull();
      // Spec literal, not the constant: "Verification success redirects to login after 1.5 s".
      act(() => jest.advanceTimersByTime(1499));
      expect(currentPath()).toBe('/verify');
      act(() => jest.advanceTimersByTime(1)); // 1500 ms
      expect(currentPath()).toBe('/login');
    } finally {
      jest.useRealTimers();
    }
  });

  it('goes on to /login with the page to return to (?next=), never another origin', async () => {
    jest.useFakeTimers();
    try {
      api().on(accounts.verifyEmail, { status: 200, body: { data: { user: makeUser() }, message: 'ok' } });
      const { user } = renderApp('/verify?next=%2Fproduct%2Fdesk-lamp', { fakeTimers: true });
      expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login?next=%2Fproduct%2Fdesk-lamp');
      await enterCode(user, '123456');
      await submit(user);
      await screen.findByRole('status');
      act(() => jest.advanceTimersByTime(1500));
      expect(currentPath()).toBe('/login?next=%2Fproduct%2Fdesk-lamp');
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops a return path to another origin', () => {
    renderApp('/verify?next=%2F%2Fevil.com');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });

  it('disables the button and labels it while verifying', async () => {
    api().on(accounts.verifyEmail, 'pending');
    const { user } = renderApp('/verify');
    await enterCode(user, '123456');
    await submit(user);
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
  });

  it.each([
    [400, MESSAGES.verify.invalidCode],
    [404, MESSAGES.verify.emailNotFound],
    [429, MESSAGES.verify.failed],
    [500, MESSAGES.verify.failed],
  ])('answer %i shows its text', async (status, text) => {
    api().on(accounts.verifyEmail, { status, body: errorBody(status, 'server text') });
    const { user } = renderApp('/verify');
    await enterCode(user, '123456');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(currentPath()).toBe('/verify');
  });

  it('pasting the code from the e-mail fills the boxes and verifies', async () => {
    api().on(accounts.verifyEmail, { status: 200, body: { data: { user: makeUser() } } });
    const { user } = renderApp('/verify');
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('654321');
    await submit(user);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.verify.success);
    expect(api().calls(accounts.verifyEmail)[0]?.body).toEqual({ email: EMAIL, code: '654321' });
  });

  it('resends the code', async () => {
    api().on(accounts.resendVerificationCode, 'pending');
    const { user } = renderApp('/verify');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: 'Resending...' })).toBeDisabled();
    expect(api().calls(accounts.resendVerificationCode)[0]?.body).toEqual({ email: EMAIL });
  });

  it('shows the resend success text', async () => {
    api().on(accounts.resendVerificationCode, { status: 200, body: { data: null } });
    const { user } = renderApp('/verify');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.verify.resent);
  });

  it('shows the resend failure text', async () => {
    api().on(accounts.resendVerificationCode, { status: 429, body: errorBody(429, 'Please wait 60 seconds') });
    const { user } = renderApp('/verify');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verify.resendFailed);
  });

  it('will not resend to a non-university e-mail', async () => {
    localStorage.clear();
    const { user } = renderApp('/verify');
    await user.type(screen.getByLabelText('Email'), 'ada@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(MESSAGES.validation.universityEmailShort(`student@${TEST_DOMAIN}`))).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api().calls(accounts.resendVerificationCode)).toHaveLength(0);
  });
});

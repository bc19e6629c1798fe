import { api, currentPath, errorBody, renderApp, setupApi, TEST_DOMAIN } from '../test/render';
import { accounts } from '@campus/shared/endpoints';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@campus/shared/messages';
import { makeUser } from '@campus/shared/testing';
import { createChallenge, verifySolution } from 'altcha-lib/v1';

const v = MESSAGES.validation;
const EXAMPLE = `student@${TEST_DOMAIN}`;
const EMAIL = `ada@${TEST_DOMAIN}`;
type User = ReturnType<typeof renderApp>['user'];

async function fill(user: User, values: { name?: string; email?: string; password?: string; confirm?: string }) {
  if (values.name) await user.type(screen.getByLabelText('Full name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Repeat password'), values.confirm);
}
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create Account' }));
const valid = { name: 'Ada Obi', email: EMAIL, password: 'secret1', confirm: 'secret1' };

beforeEach(setupApi);

describe('/register', () => {
  it('replaces the previous page title', () => {
    document.title = 'Desk lamp · Campus Marketplace';
    renderApp('/register');
    expect(document.title).toBe('Create Account · Campus Marketplace');
  });

  it('shows the inline wording once a field has been left', async () => {
    const { user } = renderApp('/register');
    await fill(user, { name: 'A', email: 'ada@gmail.com', password: '123', confirm: '12' });
    await user.tab();
    expect(screen.getByText(v.nameMinInline)).toBeInTheDocument();
    expect(screen.getByText(v.universityEmailRegister(EXAMPLE))).toBeInTheDocument();
    expect(screen.getByText(v.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(v.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('shows the submit wording, focuses the first invalid field and sends nothing', async () => {
    const { user } = renderApp('/register');
    await fill(user, { name: 'A', email: 'ada@gmail.com', password: '123' });
    await submit(user);
    expect(await screen.findByText(v.fullNameMin)).toBeInTheDocument();
    expect(screen.getByText(v.universityEmailLong(EXAMPLE))).toBeInTheDocument();
    expect(screen.getByText(v.passwordMin)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(api().calls(accounts.register)).toHaveLength(0);
  });

  it('refuses passwords that do not match', async () => {
    const { user } = renderApp('/register');
    await fill(user, { ...valid, confirm: 'secret2' });
    await submit(user);
    expect(await screen.findByText(v.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat password')).toHaveFocus();
    expect(screen.getByLabelText('Repeat password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Repeat password')).toHaveAccessibleDescription(v.passwordsDoNotMatch);
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-describedby');
    expect(api().calls(accounts.register)).toHaveLength(0);
  });

  it('creates the account, stores the e-mail for verification and goes to /verify', async () => {
    api().on(accounts.register, { status: 201, body: { data: { user: makeUser({ emailVerified: false }) } } });
    const { user } = renderApp('/register');
    await fill(user, valid);
    await submit(user);
    await waitFor(() => expect(currentPath()).toBe('/verify'));
    expect(api().calls(accounts.register)[0]?.body).toEqual({ name: 'Ada Obi', email: EMAIL, password: 'secret1' });
    expect(localStorage.getItem('pendingVerificationEmail')).toBe(EMAIL);
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
  });

  it('carries the page a guard sent the student away from (?next=) on to /verify and back to sign-in', async () => {
    api().on(accounts.register, { status: 201, body: { data: { user: makeUser({ emailVerified: false }) } } });
    const { user } = renderApp('/register?next=%2Fproduct%2Fdesk-lamp');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?next=%2Fproduct%2Fdesk-lamp');
    await fill(user, valid);
    await submit(user);
    await waitFor(() => expect(currentPath()).toBe('/verify?next=%2Fproduct%2Fdesk-lamp'));
  });

  it('disables the button and labels it while sending', async () => {
    api().on(accounts.register, 'pending');
    const { user } = renderApp('/register');
    await fill(user, valid);
    await submit(user);
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });

  it.each([
    [400, 'Full name must be at least 2 characters', 'Full name must be at least 2 characters'],
    [400, '', MESSAGES.register.invalid],
    [409, 'duplicate', MESSAGES.register.emailExists],
    [500, 'Something went wrong on our side. Please try again later.', 'Something went wrong on our side. Please try again later.'],
    [503, '', MESSAGES.register.failed],
  ])('answer %i (%s) shows its text', async (status, serverMessage, text) => {
    api().on(accounts.register, { status, body: serverMessage ? errorBody(status, serverMessage) : {} });
    const { user } = renderApp('/register');
    await fill(user, valid);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('error-focus')).toHaveFocus();
    expect(currentPath()).toBe('/register');
    expect(localStorage.getItem('pendingVerificationEmail')).toBeNull();
  });

  describe('from a busy address (the API asks for a proof of work: 428)', () => {
    const KEY = 'a test key of at least thirty-two characters';
    const challengeReply = async () => ({
      status: 200,
      body: { data: await createChallenge({ hmacKey: KEY, maxNumber: 500 }) },
    });
    const required = { status: 428, body: errorBody(428, MESSAGES.generic.challengeRequired) };

    it('solves a challenge and sends the sign-up again with it, without the student doing anything', async () => {
      api()
        .once(accounts.register, required)
        .on(accounts.register, { status: 201, body: { data: { user: makeUser({ emailVerified: false }) } } })
        .on(accounts.challenge, challengeReply);
      const { user } = renderApp('/register');
      await fill(user, valid);
      await submit(user);
      await waitFor(() => expect(currentPath()).toBe('/verify'));
      const [first, second] = api().calls(accounts.register);
      expect(first?.body).toEqual({ name: 'Ada Obi', email: EMAIL, password: 'secret1' });
      const altcha = (second?.body as { altcha?: string }).altcha;
      expect(typeof altcha).toBe('string');
      // What the API checks: the number found hashes to the challenge, under the key's signature.
      expect(await verifySolution(altcha as string, KEY)).toBe(true);
    });

    it('shows the API’s text when the solved request is refused again', async () => {
      const failed = { status: 428, body: errorBody(428, MESSAGES.generic.challengeFailed) };
      api().on(accounts.register, failed).once(accounts.register, required).on(accounts.challenge, challengeReply);
      const { user } = renderApp('/register');
      await fill(user, valid);
      await submit(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.generic.challengeFailed);
      // The first try, then one solved try and one more with a fresh challenge: never a loop.
      expect(api().calls(accounts.register)).toHaveLength(3);
      expect(api().calls(accounts.challenge)).toHaveLength(2);
      expect(currentPath()).toBe('/register');
    });
  });
});

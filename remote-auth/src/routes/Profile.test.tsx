import { api, currentPath, errorBody, renderApp, setupApi } from '../test/render';
import { accounts, messages, wishlist } from '@campus/shared/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@campus/shared/messages';
import { sessionStore } from '@campus/shared/session';
import type { User } from '@campus/shared/types';
import { heldReply, makeUser } from '@campus/shared/testing';

function signedIn(user: User = makeUser()) {
  localStorage.setItem('token', 'tok');
  sessionStore.setState({ token: 'tok', user, seller: null, isSeller: user.isSeller, status: 'ready' });
}
const wishlistProduct = {
  id: 'p1',
  slug: 'desk-lamp',
  name: 'Desk lamp',
  description: 'LED, three brightness levels',
  price: '4500.00',
  originalPrice: null,
  stockQuantity: 3,
  inStock: true,
  categoryId: 'c1',
  category: { id: 'c1', name: 'Electronics' },
  imageUrls: [],
  seller: { id: 's1', catalogueName: 'Book Nook' },
  ratings: [],
  averageRating: 0,
  totalRatings: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const me = (user: User = makeUser()) => api().on(accounts.me, { status: 200, body: { data: user } });

beforeEach(() => {
  setupApi();
  // The Account tab reads the unread-message e-mail setting (on unless a test says otherwise).
  api().ok(messages.getSettings, { emailUnread: true });
  sessionStore.setState({ token: null, user: null, seller: null, isSeller: false, status: 'ready' });
});

describe('/profile', () => {
  it('sends a visitor without a token to /auth', async () => {
    renderApp('/profile');
    // Once the screen's own chunk has loaded (routes/index.tsx).
    await waitFor(() => expect(currentPath()).toBe('/auth'));
  });

  it('shows the student, the default role label and the seller status; the Account tab open', async () => {
    signedIn();
    me();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getByText('Customer')).toBeInTheDocument();
    expect(screen.getByText('Not Completed')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Wishlist' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Orders' })).toBeInTheDocument();
  });

  it("shows the student's real wishlist, each product linking to its page", async () => {
    signedIn();
    me();
    api().on(wishlist.getWishlist, { status: 200, body: { data: [{ productId: 'p1', product: wishlistProduct }] } });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Wishlist' }));
    const list = await screen.findByRole('list', { name: 'Your wishlist' });
    expect(within(list).getByRole('link', { name: 'Desk lamp' })).toHaveAttribute('href', '/product/desk-lamp');
    expect(within(list).getByText('₦4,500.00')).toBeInTheDocument();
  });

  it('says the wishlist is empty when it is', async () => {
    signedIn();
    me();
    api().on(wishlist.getWishlist, { status: 200, body: { data: [] } });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Wishlist' }));
    expect(await screen.findByText(MESSAGES.wishlist.empty)).toBeInTheDocument();
  });

  it('replaces the previous page title with Me', async () => {
    document.title = 'Desk lamp · Campus Marketplace';
    signedIn();
    me();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(document.title).toBe('Me · Campus Marketplace');
  });

  it('shows Completed for a seller', async () => {
    const seller = makeUser({ isSeller: true, sellerCompleted: true });
    signedIn(seller);
    me(seller);
    renderApp('/profile');
    expect(await screen.findByText('Completed')).toBeInTheDocument();
  });

  it('refreshes the user from the server on open', async () => {
    signedIn();
    me(makeUser({ firstName: 'Adaeze', fullName: 'Adaeze Obi' }));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Adaeze Obi' })).toBeInTheDocument();
  });

  it('shows a spinner while the profile loads, then the page', async () => {
    localStorage.setItem('token', 'tok');
    sessionStore.setState({ token: 'tok', user: null, status: 'ready' });
    me();
    renderApp('/profile');
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
  });

  it.each([
    [500, MESSAGES.profile.loadFailed],
    [404, MESSAGES.profile.fetchFailed],
  ])('load answer %i shows its text, with a retry when nothing is known yet', async (status, text) => {
    localStorage.setItem('token', 'tok');
    sessionStore.setState({ token: 'tok', user: null, status: 'ready' });
    api().once(accounts.me, { status, body: errorBody(status, 'x') });
    api().on(accounts.me, { status: 200, body: { data: makeUser() } });
    const { user } = renderApp('/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
  });

  it('a network failure shows the load text above the known profile', async () => {
    signedIn();
    api().on(accounts.me, 'network-error');
    renderApp('/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.profile.loadFailed);
    expect(screen.getByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
  });

  describe('Account tab', () => {
    it('shows the e-mail disabled with its hint', async () => {
      signedIn();
      me();
      renderApp('/profile');
      const email = await screen.findByLabelText('Email');
      expect(email).toBeDisabled();
      expect(email).toHaveValue(makeUser().email);
      expect(screen.getByText(MESSAGES.validation.emailCannotBeChanged)).toBeInTheDocument();
      // The helper text stays the description; no error is added while the field is valid.
      expect(email).toHaveAccessibleDescription(MESSAGES.validation.emailCannotBeChanged);
      expect(email).not.toHaveAttribute('aria-invalid');
    });

    it('saves first and last name through the shared session', async () => {
      signedIn();
      me();
      const updated = makeUser({ firstName: 'Adaeze', lastName: 'Okafor', fullName: 'Adaeze Okafor', name: 'Adaeze Okafor' });
      api().on(accounts.updateProfile, { status: 200, body: { data: updated, message: MESSAGES.account.profileUpdated } });
      const { user } = renderApp('/profile');
      const first = await screen.findByLabelText('First name');
      await waitFor(() => expect(api().calls(accounts.me)).toHaveLength(1));
      await user.clear(first);
      await user.type(first, 'Adaeze');
      await user.clear(screen.getByLabelText('Last name'));
      await user.type(screen.getByLabelText('Last name'), 'Okafor');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.account.profileUpdated);
      expect(api().calls(accounts.updateProfile)[0]?.body).toEqual({
        firstName: 'Adaeze',
        lastName: 'Okafor',
        displayName: 'Adaeze Okafor',
        email: makeUser().email,
      });
      expect(sessionStore.getState().user?.firstName).toBe('Adaeze');
      expect(screen.getByRole('heading', { name: 'Adaeze Okafor' })).toBeInTheDocument();
    });

    it('labels and disables the button while saving', async () => {
      signedIn();
      me();
      api().on(accounts.updateProfile, 'pending');
      const { user } = renderApp('/profile');
      await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    });

    it('requires a first name', async () => {
      signedIn();
      me();
      const { user } = renderApp('/profile');
      await user.clear(await screen.findByLabelText('First name'));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText(MESSAGES.validation.fillAllRequiredFields)).toBeInTheDocument();
      expect(screen.getByLabelText('First name')).toHaveFocus();
      expect(api().calls(accounts.updateProfile)).toHaveLength(0);
    });

    it('shows the update failure text', async () => {
      signedIn();
      me();
      api().on(accounts.updateProfile, { status: 500, body: errorBody(500, 'boom') });
      const { user } = renderApp('/profile');
      await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.profile.updateFailed);
    });
  });

  describe('change password', () => {
    it('has no client checks: sends what was typed and shows the server answer', async () => {
      signedIn();
      me();
      api().on(accounts.changePassword, { status: 400, body: errorBody(400, MESSAGES.validation.passwordMin) });
      const { user } = renderApp('/profile');
      const form = (await screen.findByRole('heading', { name: 'Change password' })).closest('form')!;
      await user.type(within(form).getByLabelText('Old password'), 'oldpass');
      await user.type(within(form).getByLabelText('New password'), '123');
      await user.type(within(form).getByLabelText('Repeat new password'), '999');
      await user.click(within(form).getByRole('button', { name: 'Change Password' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES.validation.passwordMin);
      expect(api().calls(accounts.changePassword)[0]?.body).toEqual({ oldPassword: 'oldpass', newPassword: '123' });
    });

    it('a wrong old password shows the server message and keeps the session', async () => {
      signedIn();
      me();
      api().on(accounts.changePassword, { status: 400, body: errorBody(400, MESSAGES.account.oldPasswordIncorrect) });
      const { user } = renderApp('/profile');
      await user.type(await screen.findByLabelText('Old password'), 'wrong');
      await user.type(screen.getByLabelText('New password'), 'newpass1');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.account.oldPasswordIncorrect);
      expect(sessionStore.getState().token).toBe('tok');
      expect(currentPath()).toBe('/profile');
    });

    it('on success shows the server text, clears the fields, and labels the button while sending', async () => {
      signedIn();
      me();
      const held = heldReply();
      api().on(accounts.changePassword, () => held.reply);
      const { user } = renderApp('/profile');
      await user.type(await screen.findByLabelText('Old password'), 'oldpass1');
      await user.type(screen.getByLabelText('New password'), 'newpass1');
      await user.type(screen.getByLabelText('Repeat new password'), 'newpass1');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
      expect(await screen.findByRole('button', { name: 'Changing password...' })).toBeDisabled();
      held.release({ status: 200, body: { data: null, message: MESSAGES.account.passwordChanged } });
      expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.account.passwordChanged);
      expect(screen.getByLabelText('Old password')).toHaveValue('');
      expect(screen.getByLabelText('New password')).toHaveValue('');
    });
  });

  describe('e-mails about unread messages', () => {
    const emailSwitch = () => screen.findByRole('switch', { name: MESSAGES.messaging.emailUnreadLabel });

    it('shows the stored setting as a switch with its hint', async () => {
      signedIn();
      me();
      api().ok(messages.getSettings, { emailUnread: false });
      renderApp('/profile');
      const toggle = await emailSwitch();
      await waitFor(() => expect(toggle).toBeEnabled());
      expect(toggle).not.toBeChecked();
      expect(toggle).toHaveAccessibleDescription(MESSAGES.messaging.emailUnreadHint);
    });

    it('turns off at once, sends exactly the new value, and stays off once the API agrees', async () => {
      signedIn();
      me();
      const held = heldReply();
      api().on(messages.updateSettings, () => held.reply);
      const { user } = renderApp('/profile');
      const toggle = await emailSwitch();
      await waitFor(() => expect(toggle).toBeChecked());
      await user.click(toggle);
      // Optimistic: off before the API has answered.
      expect(toggle).not.toBeChecked();
      expect(api().calls(messages.updateSettings)[0]?.body).toEqual({ emailUnread: false });
      // A second press while the first is on its way sends nothing.
      await user.click(toggle);
      expect(api().calls(messages.updateSettings)).toHaveLength(1);
      held.release({ status: 200, body: { data: { emailUnread: false } } });
      await waitFor(() => expect(toggle).toHaveAttribute('aria-busy', 'false'));
      expect(toggle).not.toBeChecked();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('goes back and says so when the change cannot be saved', async () => {
      signedIn();
      me();
      api().on(messages.updateSettings, 'network-error');
      const { user } = renderApp('/profile');
      const toggle = await emailSwitch();
      await waitFor(() => expect(toggle).toBeChecked());
      await user.click(toggle);
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.messaging.settingsSaveFailed);
      expect(toggle).toBeChecked();
    });

    it("shows the API's own reason when it gives one", async () => {
      signedIn();
      me();
      api().fail(messages.updateSettings, 400, 'Settings are locked for this account.');
      const { user } = renderApp('/profile');
      const toggle = await emailSwitch();
      await waitFor(() => expect(toggle).toBeChecked());
      await user.click(toggle);
      expect(await screen.findByRole('alert')).toHaveTextContent('Settings are locked for this account.');
      expect(toggle).toBeChecked();
    });

    it('says when the setting cannot be read, and reads it again on Try again', async () => {
      signedIn();
      me();
      api().fail(messages.getSettings, 500, 'boom');
      const { user } = renderApp('/profile');
      expect(await screen.findByText(MESSAGES.messaging.settingsLoadFailed)).toBeInTheDocument();
      expect(screen.queryByRole('switch')).toBeNull();
      api().ok(messages.getSettings, { emailUnread: false });
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      const toggle = await emailSwitch();
      await waitFor(() => expect(toggle).toBeEnabled());
      expect(toggle).not.toBeChecked();
    });
  });
});

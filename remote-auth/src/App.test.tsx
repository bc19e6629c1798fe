import { screen } from '@testing-library/react';
import { accounts, wishlist } from '@campus/shared/endpoints';
import { REMOTES } from '@campus/shared/federation';
import { sampleUrl } from '@campus/shared/remote-routes';
import { makeUser, renderWithProviders, setSession } from '@campus/shared/testing';
import App from './App';
import { AUTH_SCREENS } from './routes';
import { setupApi } from './test/render';

const contract = REMOTES.remoteAuth.screens;

/** The heading each screen shows first (its own, not a redirect's). */
const HEADINGS: Record<(typeof contract)[number]['id'], RegExp> = {
  authChoice: /welcome/i,
  login: /^sign in$/i,
  register: /create/i,
  verify: /verify/i,
  forgotPassword: /forgot/i,
  resetPassword: /reset/i,
  profile: new RegExp(makeUser().fullName),
};

beforeEach(() => {
  setupApi().ok(accounts.me, makeUser()).ok(wishlist.getWishlist, []);
  setSession('guest');
});

describe('auth remote routes (federation contract)', () => {
  it('has exactly one screen for every screen the contract lists', () => {
    expect(Object.keys(AUTH_SCREENS).sort()).toEqual(contract.map((s) => s.id).sort());
  });

  it.each(contract.map((s) => [s.path, s.id] as const))('%s renders its screen', async (path, id) => {
    if (id === 'profile') setSession('user');
    renderWithProviders(<App />, { route: sampleUrl(path) });
    expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[id] })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { messages } from '@campus/shared/endpoints';
import { REMOTES } from '@campus/shared/federation';
import { sampleUrl } from '@campus/shared/remote-routes';
import { fakeApi, renderWithProviders } from '@campus/shared/testing';
import MessagesApp from './App';
import { MESSAGES_SCREENS } from './routes';

const contract = REMOTES.remoteMessages.screens;

describe('messages remote routes (federation contract)', () => {
  it('has exactly one screen for every screen the contract lists', () => {
    expect(Object.keys(MESSAGES_SCREENS).sort()).toEqual(contract.map((s) => s.id).sort());
  });

  it.each(contract.map((s) => [s.path, s.id] as const))('%s renders its screen', async (path) => {
    const api = fakeApi().ok(messages.listConversations, { conversations: [], unreadTotal: 0 });
    renderWithProviders(<MessagesApp />, { route: sampleUrl(path), session: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    api.restore();
  });

  it('renders nothing for paths it does not own (the shell decides those)', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderWithProviders(<MessagesApp />, { route: '/marketplace' });
    expect(container.querySelector('h1')).toBeNull();
    warn.mockRestore();
  });
});

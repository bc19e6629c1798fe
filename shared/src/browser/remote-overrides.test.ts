import { clearRemoteOverrides, keptRemoteOverrides, REMOTE_OVERRIDES_STORAGE_KEY, resolveRemoteOverrides } from './remote-overrides';

class MemoryStore {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const PREVIEW = 'https://preview.campus.example';
const manifest = `${PREVIEW}/cart/mf-manifest.json`;

describe('remote overrides (a preview build for one browser session)', () => {
  it('takes an allow-listed override from the URL and keeps it for the session', () => {
    const store = new MemoryStore();
    const first = resolveRemoteOverrides(`?remoteOverride=${encodeURIComponent(`remoteCart=${manifest}`)}`, store, [PREVIEW]);
    expect(first).toEqual({ overrides: { remoteCart: manifest }, refused: [] });
    // The next page of the session has no parameter: the override holds.
    expect(resolveRemoteOverrides('', store, [PREVIEW]).overrides).toEqual({ remoteCart: manifest });
    expect(keptRemoteOverrides(store)).toEqual({ remoteCart: manifest });
  });

  it('refuses an origin the configuration does not allow, so no link can load code from elsewhere', () => {
    const store = new MemoryStore();
    const evil = 'https://evil.example/mf-manifest.json';
    const { overrides, refused } = resolveRemoteOverrides(`?remoteOverride=remoteCart=${evil}`, store, [PREVIEW]);
    expect(overrides).toEqual({});
    expect(refused).toEqual(['remoteCart: https://evil.example is not an allowed preview origin']);
    expect(store.getItem(REMOTE_OVERRIDES_STORAGE_KEY)).toBeNull();
    // With no allow-list at all (the default), nothing is honoured.
    expect(resolveRemoteOverrides(`?remoteOverride=remoteCart=${manifest}`, store, []).overrides).toEqual({});
  });

  it('refuses unknown remotes, non-URLs and non-http schemes', () => {
    const search = ['remoteNope=https://preview.campus.example/x', 'remoteCart=not a url', 'remoteSeller=javascript:alert(1)']
      .map((v) => `remoteOverride=${encodeURIComponent(v)}`)
      .join('&');
    const { overrides, refused } = resolveRemoteOverrides(`?${search}`, new MemoryStore(), [PREVIEW]);
    expect(overrides).toEqual({});
    expect(refused).toHaveLength(3);
  });

  it('checks kept overrides against the allow-list again, and clears them', () => {
    const store = new MemoryStore();
    resolveRemoteOverrides(`?remoteOverride=remoteAuth=${PREVIEW}/auth/mf-manifest.json`, store, [PREVIEW]);
    // The allow-list no longer has the origin: the kept override goes.
    expect(resolveRemoteOverrides('', store, []).overrides).toEqual({});
    expect(keptRemoteOverrides(store)).toEqual({});
    resolveRemoteOverrides(`?remoteOverride=remoteAuth=${PREVIEW}/auth/mf-manifest.json`, store, [PREVIEW]);
    clearRemoteOverrides(store);
    expect(keptRemoteOverrides(store)).toEqual({});
  });
});

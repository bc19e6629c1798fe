import { remoteForFirstRoute } from './preload-route-remote';

describe('remoteForFirstRoute: the remote worth loading before hydration', () => {
  it('names the remote that renders the path, parameters included', () => {
    expect(remoteForFirstRoute('/verify', false)).toBe('remoteAuth');
    expect(remoteForFirstRoute('/product/blue-kettle-x1', true)).toBe('remoteMarketplace');
    expect(remoteForFirstRoute('/cart', true)).toBe('remoteCart');
  });

  it('skips what the guard will not show this visitor', () => {
    // A signed-in student on /login is sent to /marketplace; a guest on /marketplace to /login.
    expect(remoteForFirstRoute('/login', true)).toBeUndefined();
    expect(remoteForFirstRoute('/login', false)).toBe('remoteAuth');
    expect(remoteForFirstRoute('/marketplace', false)).toBeUndefined();
  });

  it("has nothing to load for the shell's own pages and unknown paths", () => {
    expect(remoteForFirstRoute('/', false)).toBeUndefined();
    expect(remoteForFirstRoute('/features', true)).toBeUndefined();
    expect(remoteForFirstRoute('/no-such-page', true)).toBeUndefined();
  });
});

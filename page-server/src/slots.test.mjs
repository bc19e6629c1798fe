import { REMOTE_SCREEN_MARKS, SPINNER } from './testing.mjs';
import { usableScreen, withRemoteScreen } from './slots.mjs';

const PAGE = '<html><head><title>Campus Marketplace</title></head><body><header>Campus</header>%%REMOTE_SCREEN%%</body></html>';
const SLOT = { remote: 'remoteAuth', placeholder: SPINNER };
const SCREEN = { markup: '<main><h1>Sign in</h1></main>', styles: '<style data-emotion="css a">.a{}</style>', title: 'Sign In · Campus' };

describe("a remote's screen in a page's slot", () => {
  test('goes in inert and busy, marked with its remote and path, its styles in <head> and its title on the page', () => {
    const html = withRemoteScreen(PAGE, REMOTE_SCREEN_MARKS, SLOT, SCREEN, '/login');
    expect(html).toContain(
      '<header>Campus</header><div data-remote-screen="remoteAuth" data-screen-path="/login" inert="" aria-busy="true"><main><h1>Sign in</h1></main></div>',
    );
    expect(html).toContain('<style data-emotion="css a">.a{}</style></head>');
    expect(html).toContain('<title>Sign In · Campus</title>');
    expect(html).not.toContain('%%REMOTE_SCREEN%%');
    expect(html).not.toContain('page-spinner');
  });

  test('without a screen, the slot keeps the loading placeholder and the page its title', () => {
    const html = withRemoteScreen(PAGE, REMOTE_SCREEN_MARKS, SLOT, undefined, '/login');
    expect(html).toContain(`<header>Campus</header>${SPINNER}`);
    expect(html).toContain('<title>Campus Marketplace</title>');
  });

  test("a screen rendered for a URL brings its data, escaped so that it cannot end the page's script", () => {
    const screen = { ...SCREEN, queries: { queries: [{ state: { data: { name: '</script><b>lamp' } } }] } };
    const html = withRemoteScreen(PAGE, REMOTE_SCREEN_MARKS, SLOT, screen, '/login');
    const data = /<script type="application\/json" id="server-queries">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data)).toEqual(screen.queries);
  });

  test('a signed-in screen is taken out at once for a visitor without a session', () => {
    const html = withRemoteScreen(PAGE, REMOTE_SCREEN_MARKS, { ...SLOT, access: 'signed-in' }, SCREEN, '/orders');
    expect(html).toContain(
      '</main></div><script>try{if(!localStorage.getItem("campus.token"))document.currentScript.previousElementSibling.remove()}catch(e){}</script>',
    );
  });

  test('a screen with a placeholder this shell cannot fill is left out; one it can fill is kept', () => {
    const fill = (text) => text.split('%%UNIVERSITY_NAME%%').join('Stand-in University');
    expect(usableScreen({ ...SCREEN, markup: '<p>Welcome to %%CAMPUS_MOTTO%%</p>' }, fill)).toBeUndefined();
    const known = { ...SCREEN, markup: '<p>Welcome to %%UNIVERSITY_NAME%%</p>' };
    expect(usableScreen(known, fill)).toBe(known);
    expect(usableScreen(null, fill)).toBeUndefined();
  });
});

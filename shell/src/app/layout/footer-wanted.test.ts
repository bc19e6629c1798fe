/**
 * The footer's chunk waits for the page's main content, unless the student reaches into the
 * server's footer first.
 */
import type * as FooterWantedModule from './footer-wanted';
import type * as BusModule from '@campus/shared/event-bus';

function load(): { footerWanted: (typeof FooterWantedModule)['footerWanted']; bus: (typeof BusModule)['eventBus'] } {
  let loaded!: ReturnType<typeof load>;
  // A fresh module each test: whether the main content has shown is page-wide state.
  jest.isolateModules(() => {
    loaded = {
      footerWanted: jest.requireActual<typeof FooterWantedModule>('./footer-wanted').footerWanted,
      bus: jest.requireActual<typeof BusModule>('@campus/shared/event-bus').eventBus,
    };
  });
  return loaded;
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
  document.body.innerHTML = '<main><button>Search</button></main><footer><input aria-label="Email" /></footer>';
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('footerWanted', () => {
  it('waits for the main content: focus elsewhere on the page does not start it', async () => {
    const { footerWanted, bus } = load();
    const wanted = jest.fn();
    void footerWanted().then(wanted);
    document.querySelector('main button')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await jest.advanceTimersByTimeAsync(100);
    expect(wanted).not.toHaveBeenCalled();
    bus.emit('page:main-content-shown', { path: '/marketplace' });
    await jest.advanceTimersByTimeAsync(0);
    expect(wanted).toHaveBeenCalledTimes(1);
  });

  it('starts at once when the student tabs or taps into the footer first', async () => {
    const { footerWanted } = load();
    const wanted = jest.fn();
    void footerWanted().then(wanted);
    document.querySelector('footer input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await Promise.resolve();
    expect(wanted).toHaveBeenCalledTimes(1);
  });
});

/**
 * The navbar's counts (and the ~65 KB they load) wait for the page's main content: on a slow
 * phone the marketplace's first results come before anything secondary.
 */
import type * as MainContentModule from './main-content';
import type * as BusModule from '@campus/shared/event-bus';

type MainContent = typeof MainContentModule;
type Bus = typeof BusModule;

function load(): { afterMainContent: MainContent['afterMainContent']; fallbackMs: number; bus: Bus['eventBus'] } {
  let loaded!: { afterMainContent: MainContent['afterMainContent']; fallbackMs: number; bus: Bus['eventBus'] };
  // A fresh module each test: whether the main content has shown is page-wide state.
  jest.isolateModules(() => {
    const mainContent = jest.requireActual<MainContent>('./main-content');
    const { eventBus } = jest.requireActual<Bus>('@campus/shared/event-bus');
    loaded = { afterMainContent: mainContent.afterMainContent, fallbackMs: mainContent.FALLBACK_AFTER_LOAD_MS, bus: eventBus };
  });
  return loaded;
}

let readyState: DocumentReadyState;
beforeEach(() => {
  jest.useFakeTimers();
  readyState = 'complete';
  jest.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('afterMainContent', () => {
  it('waits for a screen to say its main content has shown, then for an idle moment', () => {
    const { afterMainContent, bus } = load();
    const run = jest.fn();
    afterMainContent(run);
    jest.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
    bus.emit('page:main-content-shown', { path: '/marketplace' });
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts a screen that never says after the page has loaded and the fallback has passed', () => {
    readyState = 'loading';
    const { afterMainContent, fallbackMs } = load();
    const run = jest.fn();
    afterMainContent(run);
    jest.advanceTimersByTime(fallbackMs * 5);
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(fallbackMs - 1);
    expect(run).not.toHaveBeenCalled();
    // The fallback, then the idle moment (a timer here: jsdom has no requestIdleCallback).
    jest.advanceTimersByTime(2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs later starts (a sign-in after the first paint) without waiting again', () => {
    const { afterMainContent, bus } = load();
    bus.emit('page:main-content-shown', { path: '/marketplace' });
    const run = jest.fn();
    afterMainContent(run);
    jest.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled (the student signed out first)', () => {
    const { afterMainContent, bus, fallbackMs } = load();
    const run = jest.fn();
    const cancel = afterMainContent(run);
    bus.emit('page:main-content-shown', { path: '/product/x' });
    cancel();
    jest.advanceTimersByTime(fallbackMs * 2);
    expect(run).not.toHaveBeenCalled();
  });
});

import { getRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '@campus/shared/runtime-config';
import { pageConfigState } from './page-config-state';
import { CONFIG_FRESH_MS, markMounted, pickUpRelease } from './release-pickup';

const OLD = 'http://cart.test/releases/1.0.0-aaaaaaaaaa/mf-manifest.json';
const NEW = 'http://cart.test/releases/1.0.0-bbbbbbbbbb/mf-manifest.json';

function configWith(cart: string): RuntimeConfig {
  return {
    apiBaseUrl: 'http://api.test',
    remotes: { remoteAuth: 'a', remoteMarketplace: 'm', remoteCart: cart, remoteSeller: 's', remoteMessages: 'x', remoteOps: 'o' },
    search: { appId: 'campus', apiKey: 'k', indexName: 'products' },
    university: { name: 'U', emailDomain: 'u.edu' },
  };
}

function deps(now: number, served: RuntimeConfig | null) {
  return { now: () => now, fetchConfig: jest.fn(() => Promise.resolve(served)), register: jest.fn() };
}

beforeEach(() => {
  setRuntimeConfig(configWith(OLD));
  pageConfigState.readAt = 0;
  pageConfigState.overridden = new Set();
});

test('a freshly loaded page uses the configuration it was given, without asking again', async () => {
  const d = deps(CONFIG_FRESH_MS - 1, configWith(NEW));
  await pickUpRelease('remoteCart', d);
  expect(d.fetchConfig).not.toHaveBeenCalled();
});

test('a page open for a while moves a remote to its new release before first mounting it', async () => {
  const d = deps(CONFIG_FRESH_MS + 1, configWith(NEW));
  await pickUpRelease('remoteCart', d);
  expect(d.register).toHaveBeenCalledWith('remoteCart', NEW);
  expect(getRuntimeConfig().remotes.remoteCart).toBe(NEW);
});

test('nothing moves when the release is the same, the remote is a preview, or it already runs in the page', async () => {
  const same = deps(CONFIG_FRESH_MS + 1, configWith(OLD));
  await pickUpRelease('remoteCart', same);
  expect(same.register).not.toHaveBeenCalled();

  pageConfigState.readAt = 0;
  pageConfigState.overridden = new Set(['remoteCart']);
  const preview = deps(CONFIG_FRESH_MS + 1, configWith(NEW));
  await pickUpRelease('remoteCart', preview);
  expect(preview.fetchConfig).not.toHaveBeenCalled();

  pageConfigState.overridden = new Set();
  markMounted('remoteMessages');
  const running = deps(CONFIG_FRESH_MS + 1, configWith(NEW));
  await pickUpRelease('remoteMessages', running);
  expect(running.fetchConfig).not.toHaveBeenCalled();
});

test('the configuration may say how long it counts as current (releasePickupAfterMs)', async () => {
  setRuntimeConfig({ ...configWith(OLD), releasePickupAfterMs: 1000 });
  const early = deps(999, configWith(NEW));
  await pickUpRelease('remoteCart', early);
  expect(early.fetchConfig).not.toHaveBeenCalled();
  const later = deps(1001, configWith(NEW));
  await pickUpRelease('remoteCart', later);
  expect(later.register).toHaveBeenCalledWith('remoteCart', NEW);
});

test('a configuration that cannot be read leaves the page on the one it has', async () => {
  const d = { now: () => CONFIG_FRESH_MS + 1, fetchConfig: jest.fn(() => Promise.reject(new Error('offline'))), register: jest.fn() };
  await expect(pickUpRelease('remoteCart', d)).resolves.toBeUndefined();
  expect(getRuntimeConfig().remotes.remoteCart).toBe(OLD);
});

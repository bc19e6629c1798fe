import { TEST_RUNTIME_CONFIG } from '../testing/runtime-config';
import { getRuntimeConfig, INLINE_RUNTIME_CONFIG_ID, loadRuntimeConfig } from './runtime-config';

function inlineConfig(text: string): void {
  const script = document.createElement('script');
  script.id = INLINE_RUNTIME_CONFIG_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

describe('loadRuntimeConfig', () => {
  const fetchMock = jest.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
  });

  afterEach(() => document.getElementById(INLINE_RUNTIME_CONFIG_ID)?.remove());

  it('installs the configuration the static server inlined into the page, without a request', async () => {
    const config = { ...TEST_RUNTIME_CONFIG, university: { name: 'Inlined University', emailDomain: 'inlined.edu.ng' } };
    inlineConfig(JSON.stringify(config));

    await expect(loadRuntimeConfig()).resolves.toEqual(config);
    expect(getRuntimeConfig().university.name).toBe('Inlined University');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches /runtime-config.json when the page has none inlined (the dev server)', async () => {
    fetchMock.mockResolvedValue({ ok: true, json: () => Promise.resolve(TEST_RUNTIME_CONFIG) });

    await expect(loadRuntimeConfig()).resolves.toEqual(TEST_RUNTIME_CONFIG);
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', { cache: 'no-cache' });
  });

  it('refuses an inlined configuration that is not one', async () => {
    inlineConfig(JSON.stringify({ apiBaseUrl: 'http://x' }));

    await expect(loadRuntimeConfig()).rejects.toThrow('the runtime configuration in the page is not a valid runtime configuration');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

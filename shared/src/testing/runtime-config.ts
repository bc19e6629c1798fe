/** The runtime configuration every browser test runs with (an API at http://api.test, the test university). */
import { setRuntimeConfig, type RuntimeConfig } from '../browser/runtime-config';

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  remotes: {
    remoteAuth: 'http://localhost:3001/mf-manifest.json',
    remoteMarketplace: 'http://localhost:3002/mf-manifest.json',
    remoteCart: 'http://localhost:3003/mf-manifest.json',
    remoteSeller: 'http://localhost:3004/mf-manifest.json',
    remoteMessages: 'http://localhost:3005/mf-manifest.json',
    remoteOps: 'http://localhost:3006/mf-manifest.json',
  },
  search: { appId: 'test', apiKey: 'test', indexName: 'products' },
  university: { name: 'Test University', emailDomain: 'students.example.edu' },
};

export function installTestRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): void {
  setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, ...overrides });
}

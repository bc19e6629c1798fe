/** remote-ops's test helpers, on the shared kit (`@campus/shared/testing`). */
import { fakeApi, type FakeApi } from '@campus/shared/testing';

/** Per test: a fresh API fake. Call once at the top of a test file; read `.api` inside tests. */
export function setUpApi(): { readonly api: FakeApi } {
  const state = { api: undefined as unknown as FakeApi };
  beforeEach(() => {
    state.api = fakeApi();
  });
  afterEach(() => {
    state.api.restore();
    localStorage.clear();
  });
  return state;
}

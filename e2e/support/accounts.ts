/**
 * What the journeys need to know about the running product's accounts: its
 * runtime configuration (API origin, university), the demo accounts the API
 * seeds into a fresh embedded database (api/src/db/seed.ts), and how a
 * returning student's browser holds a session.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface RuntimeConfig {
  apiBaseUrl: string;
  university: { name: string; emailDomain: string };
}

/** The demo accounts' password (api/src/db/seed.ts, DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'campus123';

/** The same runtime-config.json the shell reads. */
export async function runtimeConfig(request: APIRequestContext): Promise<RuntimeConfig> {
  const response = await request.get('/runtime-config.json');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as RuntimeConfig;
}

/** A demo account's address, e.g. demoEmail(request, 'buyer'). */
export async function demoEmail(request: APIRequestContext, local: string): Promise<string> {
  return `${local}@${(await runtimeConfig(request)).university.emailDomain}`;
}

export interface StoredSession {
  /** The 15-minute bearer token; the browser's API client renews it with `refreshToken` on a 401. */
  token: string;
  refreshToken: string;
  user: { id: string; seller: { id: string } | null };
}

/**
 * Signs a demo account in through the API and stores the session the way the
 * browser keeps it (the keys of shared/src/browser/storage.ts), so the page
 * starts as a returning student's does.
 */
export async function signInThroughApi(page: Page, request: APIRequestContext, local: string): Promise<StoredSession> {
  return signInAsThroughApi(page, request, await demoEmail(request, local), DEMO_PASSWORD);
}

/** The same for any account: its e-mail and password. */
export async function signInAsThroughApi(page: Page, request: APIRequestContext, email: string, password: string): Promise<StoredSession> {
  const config = await runtimeConfig(request);
  const response = await request.post(`${config.apiBaseUrl}/api/v1/auth/login`, { data: { email, password } });
  expect(response.ok()).toBeTruthy();
  const session = ((await response.json()) as { data: StoredSession }).data;
  // The script runs at every navigation: it stores the session only once, so a renewal the page made
  // (a new token pair; the old renewal token used again would end the session) is not undone by a reload.
  await page.addInitScript(
    ({ token, refreshToken, user }) => {
      if (sessionStorage.getItem('e2e-session-stored')) return;
      sessionStorage.setItem('e2e-session-stored', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: session.token, refreshToken: session.refreshToken, user: session.user },
  );
  return session;
}

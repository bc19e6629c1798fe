/**
 * Buyer shortcuts for the cart and checkout journeys: the API as the signed-in
 * student (empty the cart, fill it, count the orders), the navbar's badge
 * counts, and the Paystack sandbox's checkout page.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, runtimeConfig } from './accounts';

export interface Api {
  get(path: string): Promise<unknown>;
  post(path: string, data: unknown): Promise<unknown>;
  delete(path: string): Promise<unknown>;
}

/** The API at /api/v1 as the student holding this token. */
export async function apiAs(request: APIRequestContext, token: string): Promise<Api> {
  const base = `${(await runtimeConfig(request)).apiBaseUrl}/api/v1`;
  const headers = { Authorization: `Bearer ${token}` };
  const read = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBeTruthy();
    return (await response.json()) as unknown;
  };
  return {
    get: async (path) => read(await request.get(`${base}${path}`, { headers })),
    post: async (path, data) => read(await request.post(`${base}${path}`, { headers, data })),
    delete: async (path) => read(await request.delete(`${base}${path}`, { headers })),
  };
}

/** A demo account's token from POST /auth/login, without touching the browser's storage. */
export async function demoToken(request: APIRequestContext, local: string): Promise<string> {
  const config = await runtimeConfig(request);
  const response = await request.post(`${config.apiBaseUrl}/api/v1/auth/login`, {
    data: { email: `${local}@${config.university.emailDomain}`, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Signs in on /login as a student does. */
export async function signInOnPage(page: Page, request: APIRequestContext, local: string): Promise<void> {
  const config = await runtimeConfig(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(`${local}@${config.university.emailDomain}`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/marketplace/);
}

/** The demo product with this name (GET /products/all). */
export async function productNamed(api: Api, name: string): Promise<{ id: string; stockQuantity: number }> {
  const answer = (await api.get('/products/all?limit=100')) as { data: Array<{ id: string; name: string; stockQuantity: number }> };
  const product = answer.data.find((p) => p.name === name);
  if (!product) throw new Error(`No demo product named ${name}`);
  return product;
}

/** How many orders the student has (GET /orders/user). */
export async function orderCount(api: Api): Promise<number> {
  return ((await api.get('/orders/user?limit=1')) as { pagination: { totalItems: number } }).pagination.totalItems;
}

/** The number in the navbar icon's label ("Cart, 2 items"), 0 when it has none. */
export async function badgeCount(page: Page, id: 'cart' | 'wishlist'): Promise<number> {
  const label = (await page.getByTestId(`nav-${id}`).getAttribute('aria-label')) ?? '';
  const match = /, (\d+)\+? items?$/.exec(label);
  return match ? Number(match[1]) : 0;
}

/**
 * Whether the digits of the navbar badge `id` are drawn inside its pill (they once fell below it,
 * white on the white navbar, while the count still read right to a screen reader).
 */
export async function badgeDigitsInside(page: Page, id: 'cart' | 'wishlist'): Promise<boolean> {
  return page
    .getByTestId(`nav-${id}`)
    .getByTestId('count-badge')
    .evaluate((badge) => {
      const range = document.createRange();
      range.selectNodeContents(badge);
      const text = range.getBoundingClientRect();
      const pill = badge.getBoundingClientRect();
      return text.height > 0 && text.top >= pill.top - 1 && text.bottom <= pill.bottom + 1;
    });
}

/** Fills the pickup details the first checkout of a browser asks for. */
export async function givePickupDetails(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Pickup details' });
  await dialog.getByLabel('Hostel name').fill('Moremi Hall');
  await dialog.getByLabel('Block number').fill('B');
  await dialog.getByLabel('Room number').fill('214');
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
}

/** On the sandbox's hosted checkout page: Pay, Decline or Cancel. */
export async function onSandboxCheckout(page: Page, action: 'Pay' | 'Decline' | 'Cancel'): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f]+$/);
  await expect(page.getByText('Paystack sandbox: no real money moves.')).toBeVisible();
  const names = { Pay: /^Pay ₦/, Decline: /^Decline/, Cancel: /^Cancel payment/ } as const;
  await page.getByRole('button', { name: names[action] }).click();
}

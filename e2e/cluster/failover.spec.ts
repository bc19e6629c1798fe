/**
 * The production shape (scripts/start-cluster.mjs): an API instance dies without warning while a
 * student goes from the cart to the payment. nginx routes around it (a refused connection is passed
 * to the next instance, and the dead one is left out), the student sees nothing worse than a
 * retry, exactly one order is made, and the supervisor starts the instance again.
 */
import { expect, test, type APIRequestContext, type Page } from '../support/journey';
import { signInThroughApi } from '../support/accounts';
import { apiAs, badgeCount, givePickupDetails, onSandboxCheckout, orderCount } from '../support/shop';
import { readClusterState, type ClusterInstance } from './cluster-state';

const NOTEBOOKS = 'A4 hardcover notebooks (pack of 5)'; // Book Nook, ₦4,500

async function instanceAnswers(request: APIRequestContext, instance: ClusterInstance): Promise<boolean> {
  try {
    return (await request.get(`http://127.0.0.1:${instance.port}/api/v1/health`, { timeout: 2000 })).ok();
  } catch {
    return false;
  }
}

/**
 * Until the balancer hands requests to every instance again: nginx tries an instance it left out
 * only once its fail_timeout has passed (passive health checks), so one that came back waits that long.
 */
async function allInRotation(request: APIRequestContext, apiUrl: string, instances: ClusterInstance[]): Promise<void> {
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        for (let i = 0; i < 4; i += 1) {
          const response = await request.get(`${apiUrl}/api/v1/health`);
          if (response.ok()) seen.add(response.headers()['x-upstream'] ?? '');
        }
        return instances.every((instance) => seen.has(`127.0.0.1:${instance.port}`));
      },
      { timeout: 60_000, message: `nginx sends requests to every instance (seen: ${[...seen].join(', ')})` },
    )
    .toBe(true);
}

/** SIGKILL: no graceful close, connections cut as a crashed machine cuts them. */
async function killInstance(request: APIRequestContext, instance: ClusterInstance): Promise<void> {
  expect(instance.pid, 'the instance runs').toBeTruthy();
  process.kill(instance.pid as number, 'SIGKILL');
  await expect.poll(() => instanceAnswers(request, instance), { message: `api on ${instance.port} stopped answering` }).toBe(false);
}

async function addToCart(page: Page, query: string, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Search products' }).fill(query);
  const card = page.getByTestId('search-results').getByTestId('product-card').filter({ hasText: name });
  await card.getByRole('button', { name: `Add to Cart: ${name}` }).click();
  await expect.poll(() => badgeCount(page, 'cart')).toBe(1);
}

test.describe('an API instance dies', { tag: ['@cluster', '@marketplace', '@cart', '@auth'] }, () => {
  test('between the cart and the payment: the checkout goes on through the other instance, one order, and it comes back', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const before = readClusterState();
    expect(before.apiInstances.length).toBeGreaterThanOrEqual(2);
    const [victim] = before.apiInstances;
    if (!victim) throw new Error('no API instance in the cluster state');
    const session = await signInThroughApi(page, request, 'buyer');
    const api = await apiAs(request, session.token);
    await api.delete('/cart/clear');
    const ordersBefore = await orderCount(api);
    // Every response says which instance answered; both served this student before the crash.
    const served = new Set<string>();
    page.on('response', (response) => {
      const upstream = response.headers()['x-upstream'];
      if (upstream) served.add(upstream);
    });

    await page.goto('/marketplace');
    await addToCart(page, 'notebooks', NOTEBOOKS);
    await page.getByTestId('nav-cart').click();
    await expect(page.getByRole('region', { name: 'Book Nook' })).toContainText(NOTEBOOKS);

    await killInstance(request, victim);

    // The rest of the way meets the balancer with one instance dead: nothing for the student to see.
    await page.getByRole('button', { name: 'Checkout All' }).click();
    await givePickupDetails(page);
    await onSandboxCheckout(page, 'Pay');
    await expect(page).toHaveURL(/\/checkout\/callback\?.*reference=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await expect(page.getByTestId('completion-code')).toHaveCount(1);
    await expect.poll(() => badgeCount(page, 'cart')).toBe(0);

    // One order, not none and not two (the webhook and the return page both reached the living instance).
    expect(await orderCount(api)).toBe(ordersBefore + 1);
    expect(
      [...served].some((s) => s.endsWith(`:${victim.port}`)),
      `the dead instance served before: ${[...served].join(', ')}`,
    ).toBe(true);

    // The supervisor starts it again, and nginx gives it requests once more.
    await expect
      .poll(() => readClusterState().apiInstances[victim.index]?.restarts ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(victim.restarts);
    await expect.poll(() => instanceAnswers(request, victim), { timeout: 90_000 }).toBe(true);
    await allInRotation(request, before.apiUrl, before.apiInstances);
  });

  test('while reads are in flight: every GET answers 200, nginx retrying them on the living instance', async ({ request }) => {
    test.setTimeout(120_000);
    const state = readClusterState();
    // The instance the previous journey killed may still be starting again, or waiting to be tried again.
    for (const instance of state.apiInstances) await expect.poll(() => instanceAnswers(request, instance), { timeout: 90_000 }).toBe(true);
    await allInRotation(request, state.apiUrl, state.apiInstances);
    const victim = state.apiInstances[state.apiInstances.length - 1];
    if (!victim) throw new Error('no API instance in the cluster state');
    const reads = Array.from({ length: 60 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 15)).then(() => request.get(`${state.apiUrl}/api/v1/products/all?limit=20&page=${(i % 3) + 1}`)),
    );
    await new Promise((r) => setTimeout(r, 300));
    await killInstance(request, victim);
    const statuses = (await Promise.all(reads)).map((r) => r.status());
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});

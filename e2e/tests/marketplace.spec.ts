/**
 * The marketplace journeys against the real API, its
 * demo data and its built-in Algolia-compatible search, through the shell
 * with remote-marketplace loaded at run time.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/journey';
import { DEMO_PASSWORD, demoEmail } from '../support/accounts';
import { badgeCount } from '../support/shop';

async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(await demoEmail(request, 'buyer'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/marketplace/);
}

function searchBox(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Search products' });
}

function results(page: Page): Locator {
  return page.getByTestId('search-results');
}

/** "₦12,500.00" -> 12500 */
function naira(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

test.describe('marketplace', { tag: ['@auth', '@marketplace'] }, () => {
  test.beforeEach(async ({ page, request }) => {
    await signIn(page, request);
  });

  test('search with a typo, open the product, cart and wishlist badges change at once, View Store, chips and sort', async ({ page }) => {
    await page.goto('/marketplace');
    // A marker that survives only as long as the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    await searchBox(page).fill('iphnoe');
    await expect(page).toHaveURL(/\/marketplace\?query=iphnoe$/);
    await expect(results(page)).toHaveAttribute('data-query', 'iphnoe');
    await expect(results(page)).toHaveAttribute('data-state', 'success');
    const card = results(page).getByTestId('product-card').filter({ hasText: 'Apple iPhone 11 64GB' });
    await expect(card).toBeVisible();
    // The typo still highlights the matched word, as <mark>, never as injected HTML.
    await expect(card.locator('mark').first()).toBeVisible();

    await card.getByRole('link', { name: 'Apple iPhone 11 64GB' }).click();
    await expect(page).toHaveURL(/\/product\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Apple iPhone 11 64GB' })).toBeVisible();
    await expect(page.getByTestId('stock-text')).toHaveText(/Only \d+ left in stock|In stock|Out of stock/);

    const cartBefore = await badgeCount(page, 'cart');
    const add = page.getByRole('button', { name: 'Add to Cart: Apple iPhone 11 64GB' });
    const more = page.getByRole('button', { name: 'Increase quantity of Apple iPhone 11 64GB' });
    await expect(add.or(more)).toBeEnabled();
    await ((await add.isVisible()) ? add : more).click();
    await expect.poll(() => badgeCount(page, 'cart')).toBe(cartBefore + 1);
    await expect(page.getByTestId('cart-quantity')).toBeVisible();

    const wishlistBefore = await badgeCount(page, 'wishlist');
    const heart = page.getByRole('button', { name: /Apple iPhone 11 64GB (to|from) wishlist/ });
    await expect(heart).toBeEnabled();
    const wasIn = (await heart.getAttribute('aria-pressed')) === 'true';
    await heart.click();
    await expect.poll(() => badgeCount(page, 'wishlist')).toBe(wishlistBefore + (wasIn ? -1 : 1));
    await expect(heart).toHaveAttribute('aria-pressed', wasIn ? 'false' : 'true');

    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    await page.getByRole('link', { name: 'View Store' }).click();
    await expect(page).toHaveURL(/\/seller\/[^/]+\/catalogue$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gadget Hub' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Gadget Hub products' });
    const all = await list.getByTestId('product-card').count();
    expect(all).toBeGreaterThan(3);

    const chips = page.getByRole('group', { name: 'Filter by category' });
    await chips.getByRole('button', { name: 'Computers', exact: true }).click();
    await expect(chips.getByRole('button', { name: 'Computers', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => list.getByTestId('product-card').count()).toBeLessThan(all);
    const computers = await list.getByTestId('product-card').count();
    await expect(list.getByTestId('product-card').filter({ hasText: 'Computers' })).toHaveCount(computers);

    // The API sorts: wait for the answer to the new address (the list is aria-busy until it arrives).
    const sortBy = async (sort: string) => {
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption(sort);
      await expect(page).toHaveURL(new RegExp(`sort=${sort}`));
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    };
    await sortBy('price-high');
    const prices = (await list.getByTestId('price').allTextContents()).map(naira);
    expect(prices.length).toBe(computers);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    await sortBy('price-low');
    const ascending = (await list.getByTestId('price').allTextContents()).map(naira);
    expect(ascending).toEqual([...prices].reverse());
  });

  test('a shared /marketplace?query= link opens with that search; Back and Forward move between searches', async ({ page }) => {
    await page.goto('/marketplace?query=calculator');
    await expect(searchBox(page)).toHaveValue('calculator');
    await expect(results(page)).toHaveAttribute('data-query', 'calculator');
    await expect(results(page).getByTestId('product-card').filter({ hasText: 'Casio fx-991ES Plus calculator' })).toBeVisible();

    await searchBox(page).fill('mattress');
    await expect(page).toHaveURL(/query=mattress/);
    await expect(results(page).getByTestId('product-card').filter({ hasText: 'Foam mattress' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/query=calculator/);
    await expect(searchBox(page)).toHaveValue('calculator');
    await expect(results(page)).toHaveAttribute('data-query', 'calculator');
    await page.goForward();
    await expect(searchBox(page)).toHaveValue('mattress');
  });

  test('filters, sort and pagination on the demo data', async ({ page }) => {
    await page.goto('/marketplace');
    await expect(results(page)).toHaveAttribute('data-state', 'success');
    await expect(page.getByTestId('result-count')).toHaveText(/\d+ products/);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('combobox', { name: 'Category' }).selectOption('Books');
    await page.getByRole('combobox', { name: 'Price range' }).selectOption('10000-19999.99');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low');
    await expect(page).toHaveURL(/category=Books&price=10000-19999.99&sort=price-low$/);
    await expect(results(page)).toHaveAttribute('data-state', 'success');
    const prices = (await results(page).getByTestId('price').allTextContents()).map(naira);
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p >= 10000 && p <= 19999.99).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expect(results(page).getByTestId('product-card').filter({ hasNotText: 'Books' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
  });

  test('/category/ELECTRONICS works, and an unknown category is named', async ({ page }) => {
    await page.goto('/category/ELECTRONICS');
    await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Electronics products' }).getByTestId('product-card');
    await expect(cards.filter({ hasText: 'JBL Go 3 Bluetooth speaker' })).toBeVisible();

    await page.goto('/category/no-such-category');
    await expect(page.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible();
    await expect(page.getByText("Category 'no-such-category' not found")).toBeVisible();
  });

  test("an unknown seller id shows 'Seller Not Found' with a way back", async ({ page }) => {
    await page.goto('/seller/00000000-0000-0000-0000-000000000000/catalogue');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Not Found' })).toBeVisible();
    await page.getByRole('link', { name: /Back to Marketplace/ }).click();
    await expect(page).toHaveURL(/\/marketplace$/);
  });
});

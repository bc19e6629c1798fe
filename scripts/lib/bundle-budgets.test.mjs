import { budgetVerdict, pageBudgets } from './bundle-budgets.mjs';

describe("the bundle report's budgets", () => {
  const budgets = pageBudgets({});

  test('the landing page until hydration and /marketplace until its first results, 250 KB gzip each', () => {
    expect(budgets).toEqual({ '/': { kb: 250, until: 'hydration' }, '/marketplace': { kb: 250, until: 'first results' } });
    expect(pageBudgets({ BUNDLE_MARKETPLACE_BUDGET_KB: '300' })['/marketplace'].kb).toBe(300);
  });

  test('/marketplace above its budget fails the report; at or below it passes', () => {
    expect(budgetVerdict('/marketplace', 353_300, budgets)).toEqual({
      over: true,
      line: 'bundle-report: FAIL: /marketplace: 353.3 KB gzip before first results is above the 250 KB budget.',
    });
    expect(budgetVerdict('/marketplace', 250_001, budgets).over).toBe(true);
    expect(budgetVerdict('/marketplace', 250_000, budgets).over).toBe(false);
    expect(budgetVerdict('/marketplace', 240_000, budgets).line).toMatch(/^bundle-report: OK: .*within the 250 KB budget/);
  });

  test('a page without a budget is reported, never failed', () => {
    expect(budgetVerdict('/login', 900_000, budgets)).toEqual({ over: false, line: 'bundle-report: /login: 900.0 KB gzip.' });
  });
});

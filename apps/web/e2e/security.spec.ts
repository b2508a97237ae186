import { expect, test } from '@playwright/test';
import { signInAs } from './support/session.ts';

test('the app runs under its own Content Security Policy without a single violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));

  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');

  await signInAs(page, 'Admin');
  for (const path of ['/directory/clients', '/accounting/exchange-rates', '/users', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(violations).toEqual([]);
});

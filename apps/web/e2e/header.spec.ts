import { expect, test } from '@playwright/test';
import { shot, signInAs } from './support/session.ts';

test('the search box opens a 400 px popup, searches with the trimmed text on Enter and closes with X', async ({
  page,
}) => {
  await signInAs(page, 'FO');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const popup = page.getByRole('dialog');
  await expect(popup).toBeVisible();
  expect((await popup.boundingBox())?.width).toBe(400);
  await shot(page, 'search-open');
  await page.getByRole('textbox', { name: 'Search text' }).fill('   Ritz London   ');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/search?search=Ritz+London#Requests');
  await expect(page.getByTestId('search-summary')).toHaveText('Results for “Ritz London” in Requests');

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search text' }).fill('   ');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/search#Requests');

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Search text' })).toBeVisible();
  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(page.getByRole('textbox', { name: 'Search text' })).toBeHidden();
});

test('header shortcuts: home, notifications, profile, breadcrumb and back arrow', async ({ page }) => {
  await signInAs(page, 'Accountant');
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/accounting/accounting-workspace');
  await page.goto('/accounting/exchange-rates');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Accounting');
  await expect(crumbs).toContainText('Exchange rates');
  await expect(page).toHaveTitle('Exchange rates | Back office');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/accounting');
  await expect(page.getByRole('heading', { name: 'Accounting' })).toBeVisible();
  await page.getByRole('link', { name: /^Profile of / }).click();
  await expect(page).toHaveURL('/profile');
});

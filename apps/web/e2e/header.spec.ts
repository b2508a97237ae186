import { expect, test } from '@playwright/test';
import { nav, openNav, shot, signInAs, signOut } from './support/session.ts';

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

test('the header shows the accounting-service menu of spec 2.3 between the rates and the converter, not connected', async ({
  page,
}) => {
  // Xero is accounting (Admin and Accountant); the e2e server runs the Xero double, so it is configured
  for (const role of ['Admin', 'Accountant'] as const) {
    await signInAs(page, role);
    const xero = page.getByTestId('accounting-service-button');
    await expect(xero).toHaveAccessibleName('Accounting service (Xero): not connected');
    const x = async (testId: string) => (await page.getByTestId(testId).boundingBox())?.x ?? -1;
    await expect(page.getByTestId('converter-button')).toBeVisible();
    await expect(page.getByTestId('rates-popover-button')).toBeVisible();
    expect(await x('rates-popover-button')).toBeLessThan(await x('accounting-service-button'));
    expect(await x('accounting-service-button')).toBeLessThan(await x('converter-button'));
    await xero.click();
    await expect(page.getByRole('menuitem', { name: 'Connect to Xero' })).toBeEnabled();
    await expect(page.getByRole('menuitem', { name: 'Sync contacts' })).toBeDisabled();
    // the picture once the dropdown's fade (spec 9) has ended
    await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
    await shot(page, `accounting-service-${role}`);
    await page.keyboard.press('Escape');
    await signOut(page);
  }
  await signInAs(page, 'FO');
  await expect(page.getByTestId('converter-button')).toBeVisible();
  await expect(page.getByTestId('accounting-service-button')).toHaveCount(0);
  await signOut(page);
});

test('at 390 px wide the header fits the phone and the navigation opens over the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'Admin');
  await page.goto('/directory/suppliers');
  await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();
  // nothing wider than the screen, every header control on it
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('converter-button')).toBeVisible();
  await expect(page.getByTestId('rates-popover-button')).toBeVisible();
  // menu, back, search, rates, converter, Add..., bell, avatar, More
  const controls = page.locator('header').locator('button:visible, a:visible');
  await expect(controls).toHaveCount(9);
  for (const box of await controls.evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect().toJSON()),
  )) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
  }
  await expect(page.getByTestId('notification-bell')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: /^Profile of / })).toBeInViewport({ ratio: 1 });
  // the breadcrumb keeps its back arrow; its text would not fit
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('button', { name: 'Back' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Directory' })).toBeHidden();
  // Home and the accounting service wait in the More menu
  await page.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('menuitem', { name: 'Home' })).toBeVisible();
  await expect(page.getByText('Xero: not connected')).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'header-390');

  // no rail beside the page: the navigation opens from the header, over the page
  await expect(nav(page)).toBeHidden();
  await page.locator('header').getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav(page)).toHaveCSS('width', '344px');
  await expect(nav(page).getByRole('link', { name: 'Requests' })).toBeInViewport();
  await shot(page, 'nav-390');
  await nav(page).getByRole('link', { name: 'Requests' }).click();
  await expect(page).toHaveURL('/requests');
  await expect(nav(page)).toBeHidden();
});

test('the open navigation keeps Documents in view at 1440x900, even with Reports open', async ({ page }) => {
  await signInAs(page, 'Admin');
  for (const path of ['/reports/clients', '/accounting/exchange-rates']) {
    await page.goto(path);
    await openNav(page);
    const documents = nav(page).locator('[data-nav-key="documents"]');
    await expect(documents).toBeVisible();
    const fits = await documents.evaluate((el) => {
      const list = el.parentElement as HTMLElement;
      const box = el.getBoundingClientRect();
      return list.scrollHeight <= list.clientHeight && box.bottom <= list.getBoundingClientRect().bottom;
    });
    expect(fits, `Documents in view without scrolling on ${path}`).toBe(true);
    await shot(page, `nav-open${path.replace(/\//g, '-')}`);
    await page.keyboard.press('Escape');
  }
});

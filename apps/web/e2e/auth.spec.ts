import { expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  type DemoRole,
  LANDING,
  nav,
  navKeys,
  openNav,
  shot,
  signIn,
  signInAs,
  signOut,
} from './support/session.ts';

const NAV: Record<DemoRole, string[]> = {
  Admin: ['requests', 'directory', 'accounting', 'reports', 'tasks', 'mail', 'documents'],
  Accountant: ['accounting', 'directory', 'reports', 'requests'],
  FO: ['requests', 'directory', 'reports', 'tasks', 'mail', 'documents'],
  BO: ['requests', 'directory', 'reports', 'tasks', 'mail', 'documents'],
};

test('the sign-in screen', async ({ page }) => {
  await page.goto('/requests');
  await expect(page).toHaveURL('/login?next=%2Frequests');
  await expect(page).toHaveTitle('Sign in | Back office');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'login');
});

test('a wrong password is explained in the form', async ({ page }) => {
  await signIn(page, 'nobody@example.com', 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Unable to log in with provided credentials.');
  await expect(page).toHaveURL('/login');
  await shot(page, 'login-error');
});

for (const role of Object.keys(ACCOUNTS) as DemoRole[]) {
  test(`${role} lands on ${LANDING[role]} and sees the navigation of the role`, async ({ page }) => {
    await signInAs(page, role);
    await expect(nav(page)).toHaveCSS('width', '64px');
    expect(await navKeys(page)).toEqual(NAV[role]);
    await openNav(page);
    expect(await navKeys(page)).toEqual(NAV[role]);
    // Directory children: Managers only for the Admin
    await nav(page).getByRole('button', { name: 'Directory' }).click();
    await expect(nav(page).getByRole('link', { name: 'Managers' })).toHaveCount(role === 'Admin' ? 1 : 0);
    await nav(page).getByRole('button', { name: 'Reports' }).click();
    await expect(nav(page).getByRole('link', { name: 'Debts' })).toHaveCount(
      role === 'Admin' || role === 'Accountant' ? 1 : 0,
    );
    await expect(nav(page).getByRole('button', { name: 'Supplier-profitability' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await shot(page, `shell-${role.toLowerCase()}`);
    // the Add... menu offers the accounting request to Admin and Accountant only
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add...' }).click();
    await expect(page.getByRole('menuitem', { name: 'New request' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'New accounting request' })).toHaveCount(
      role === 'Admin' || role === 'Accountant' ? 1 : 0,
    );
  });
}

test('the navigation collapses after a navigation', async ({ page }) => {
  await signInAs(page, 'FO');
  await openNav(page);
  await nav(page).getByRole('button', { name: 'Directory' }).click();
  await nav(page).getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL('/directory/clients');
  await expect(nav(page)).toHaveCSS('width', '64px');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Directory');
});

test('unknown paths go to the landing page of the role; forbidden pages say so', async ({ page }) => {
  await signInAs(page, 'Accountant');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/accounting/accounting-workspace');
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await shot(page, 'no-access');
});

test('logout removes the token and returns to the sign-in screen', async ({ page }) => {
  await signInAs(page, 'BO');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/requests');
  await expect(page).toHaveURL('/login?next=%2Frequests');
});

test('a deep link opened signed out is where the user lands after sign-in, query and fragment kept', async ({
  page,
}) => {
  await page.goto('/directory/suppliers?search=yacht#list');
  await expect(page).toHaveURL('/login?next=%2Fdirectory%2Fsuppliers%3Fsearch%3Dyacht%23list');
  await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNTS.FO);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/directory/suppliers?search=yacht#list');
  await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();
});

test('a sign-in link cannot send the user to another site', async ({ page }) => {
  for (const next of ['//evil.example/x', 'https://evil.example/']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNTS.BO);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(LANDING.BO);
    await signOut(page);
  }
});

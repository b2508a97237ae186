import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-1';

export const ACCOUNTS = {
  Admin: 'admin@example.com',
  Accountant: 'accountant@example.com',
  FO: 'fo@example.com',
  BO: 'bo@example.com',
} as const;
export type DemoRole = keyof typeof ACCOUNTS;

export const LANDING: Record<DemoRole, string> = {
  Admin: '/requests',
  Accountant: '/accounting/accounting-workspace',
  FO: '/requests',
  BO: '/requests',
};

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  await signIn(page, ACCOUNTS[role]);
  await expect(page).toHaveURL(LANDING[role]);
}

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

export async function openNav(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav(page)).toHaveCSS('width', '344px');
}

/** Top-level navigation items in screen order. */
export async function navKeys(page: Page): Promise<string[]> {
  return nav(page)
    .locator('[data-nav-key]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-nav-key') ?? ''));
}

export async function signOut(page: Page): Promise<void> {
  await openNav(page);
  await nav(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
}

const SHOTS = '/tmp/shots';

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Toasts in screen order (newest first). */
export const toasts = (page: Page) =>
  page.getByRole('region', { name: 'Notifications' }).locator('[data-kind]');

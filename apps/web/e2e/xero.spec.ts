import { expect, test } from '@playwright/test';
import { signInAs, toasts } from './support/session.ts';

/**
 * Issue 15, the main path against the project's Xero double (the e2e server runs with XERO_FAKE=1):
 * the Accountant connects through Xero's consent page, comes back green, and syncs the contacts.
 */
test('the Accountant connects Xero through its consent page and syncs the contacts', async ({ page }) => {
  await signInAs(page, 'Accountant');
  await page.goto('/accounting/client-invoices');
  const button = page.getByTestId('accounting-service-button');
  await expect(button).toHaveAttribute('data-state', 'not-connected');
  await expect(button).toHaveAccessibleName('Accounting service (Xero): not connected');

  await button.click();
  await expect(page.getByRole('menuitem', { name: 'Sync contacts' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Connect to Xero' }).click();

  // the double's consent page, outside the app
  const allow = page.getByRole('button', { name: 'Allow access' });
  await expect(allow).toBeVisible();
  await allow.click();

  // back through /xero/callback to the page the Accountant left, the button green
  await expect(page).toHaveURL('/accounting/client-invoices');
  await expect(toasts(page).filter({ hasText: 'Connected to Xero: ' })).toHaveCount(1);
  await expect(button).toHaveAttribute('data-state', 'connected');

  await button.click();
  await page.getByRole('menuitem', { name: 'Sync contacts' }).click();
  await expect(toasts(page).filter({ hasText: 'Xero sync success;' })).toHaveCount(1, { timeout: 30_000 });
  await expect(button).toHaveAttribute('data-state', 'connected');

  // Disconnect asks first, then revokes: the button is grey again (and the next spec finds Xero as it was)
  await button.click();
  await page.getByRole('menuitem', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Xero?' });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(button).toHaveAttribute('data-state', 'not-connected');
});

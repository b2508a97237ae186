import { expect, type Page, test } from '@playwright/test';
import { shot, signInAs } from './support/session.ts';

/**
 * The deadline payments list (issue 9) as BO reaches it from the requests list: the seeded overdue
 * and this week's deadlines, the urgency colours, the office filter kept in the URL.
 */

const table = (page: Page) => page.getByRole('table', { name: 'Deadline payments' });

test('BO follows "Deadline payments" from the requests list, sees the overdue rows and filters by office', async ({
  page,
}) => {
  await signInAs(page, 'BO');
  await expect(page.getByRole('table', { name: 'Requests' })).toBeVisible();
  await shot(page, 'deadlines-requests-list');
  await page.getByRole('link', { name: 'Deadline payments' }).click();
  await expect(page).toHaveURL('/requests/deadlines');
  await expect(page.getByRole('heading', { name: 'Deadline payments' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Next 7 days' })).toBeChecked();

  // the demo seed has deadlines already late and some due this week
  await expect(table(page).locator('tr[data-urgency="overdue"]').first()).toBeVisible();
  await expect(page.getByTestId('list-total')).toContainText(/of \d+/);
  const first = table(page).locator('tbody tr').first();
  await expect(first.getByRole('link', { name: /^(BSLF|TPRO|AIRS)-\d{4}-\d{5}$/ }).first()).toBeVisible();
  await shot(page, 'deadlines-desktop');

  // only the overdue ones
  await page.getByRole('region', { name: 'Filters' }).getByText('Overdue', { exact: true }).click();
  await expect(page).toHaveURL(/window=overdue/);
  const rows = table(page).locator('tbody tr');
  await expect(table(page).locator('tbody tr:not([data-urgency="overdue"])')).toHaveCount(0);
  await expect(rows.first()).toHaveAttribute('data-urgency', 'overdue');

  // one office
  await page.getByRole('combobox', { name: 'Office' }).click();
  await page.getByRole('option', { name: /Dubai/ }).click();
  await expect(page).toHaveURL(/window=overdue&region=\d+/);
  const requestCells = table(page).locator('tbody tr td:nth-child(4)');
  await expect(requestCells.filter({ hasText: 'London' })).toHaveCount(0);
  await expect(requestCells.first()).toContainText('Dubai');
  await shot(page, 'deadlines-desktop-overdue-dubai');

  // the request opens from its number
  const number = (await rows.first().getByRole('link').first().textContent()) ?? '';
  await rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/requests\/\d+$/);
  await expect(page.getByText(number).first()).toBeVisible();

  // its deadline alert leads back to the list, with the filters it was left with
  const alert = page.getByTestId('deadline-alert');
  await expect(alert).toBeVisible();
  await shot(page, 'deadlines-request-alert');
  await alert.getByRole('link', { name: 'All deadlines' }).click();
  await expect(page).toHaveURL(/\/requests\/deadlines\?window=overdue&region=\d+/);
  await expect(page.getByRole('radio', { name: 'Overdue' })).toBeChecked();
});

test('the list on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'BO');
  await page.goto('/requests/deadlines');
  await expect(table(page).locator('tr[data-urgency="overdue"]').first()).toBeVisible();
  await shot(page, 'deadlines-phone');
  await page.getByRole('button', { name: 'Search and filters' }).click();
  await expect(page.getByRole('radio', { name: 'All upcoming' })).toBeAttached();
  await shot(page, 'deadlines-phone-filters');
});

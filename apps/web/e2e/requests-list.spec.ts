import { expect, type Page, test } from '@playwright/test';
import { nav, openNav, signInAs } from './support/session.ts';

/**
 * The requests list and the new-request form as a manager uses them: the demo book of business on
 * screen, filters kept in the URL and brought back by the navigation, a request created through the
 * form with its margin previewed at today's rates, and the Accountant's own way in.
 */

const requestsTable = (page: Page) => page.getByRole('table', { name: 'Requests' });

async function pick(
  page: Page,
  scope: Page | ReturnType<Page['getByRole']>,
  label: string,
  option: RegExp,
  search?: string,
) {
  await scope.getByRole('combobox', { name: label }).click();
  // Into the open dropdown's own search box: typing at the keyboard could land before it has focus.
  if (search) await page.getByPlaceholder('Start typing...').filter({ visible: true }).fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test('FO scans the seeded requests, filters them, and finds the filters again from the navigation', async ({
  page,
}) => {
  await signInAs(page, 'FO');
  await expect(
    requestsTable(page)
      .getByRole('link', { name: /^(BSLF|TPRO|AIRS)-\d{4}-\d{5}$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('list-total')).toContainText(/of \d{2}/);

  await pick(page, page, 'Status', /^Confirmed$/);
  await expect(page).toHaveURL(/status=Confirmed/);
  await pick(page, page, 'Group invoice', /^No invoice$/);
  await expect(page).toHaveURL(/invoice=none/);
  const statuses = requestsTable(page).locator('tbody tr td:nth-child(7)');
  await expect(statuses.first()).toHaveText('Confirmed');
  for (const text of await statuses.allTextContents()) expect(text).toBe('Confirmed');

  await requestsTable(page)
    .getByRole('button', { name: /Margin/ })
    .click();
  await expect(page).toHaveURL(/ordering=margin/);

  // away and back through the navigation: the saved filters return (spec 2.4)
  await page.goto('/directory/clients');
  await openNav(page);
  await nav(page).getByRole('link', { name: 'Requests' }).click();
  await expect(page).toHaveURL(/\/requests\?status=Confirmed&invoice=none&ordering=margin/);
});

test('FO creates a hotel request through the form and lands on its page', async ({ page }) => {
  await signInAs(page, 'FO');
  await page.getByRole('link', { name: 'New request' }).click();
  const form = page.getByRole('form', { name: 'New request' });
  await expect(form).toBeVisible();

  await pick(page, form, 'Client', /Khalid/, 'Khalid');
  const line = form.getByRole('group', { name: 'Line 1' });
  await pick(page, line, 'Supplier', /Savoy/, 'Savoy');
  await line.getByRole('textbox', { name: 'Hotel' }).fill('The Savoy');
  await pick(page, line, 'Account type', /^Toms EU$/);
  await line.getByRole('textbox', { name: 'Cost' }).pressSequentially('1000,50');
  await line.getByRole('textbox', { name: 'Sell' }).pressSequentially('9000');
  await expect(line.getByTestId('line-margin')).toContainText(/\d/);

  await page.getByRole('button', { name: 'Create request' }).click();
  await expect(page).toHaveURL(/\/requests\/\d+$/);
  await expect(page.getByRole('heading', { name: /^(BSLF|TPRO|AIRS)-\d{4}-\d{5}/ })).toBeVisible();
});

test('an Accountant is told where service requests come from and opens an accounting one', async ({
  page,
}) => {
  await signInAs(page, 'Accountant');
  await page.goto('/requests/create');
  await expect(page.getByText('Service requests are opened by front and back office')).toBeVisible();
  await page.getByRole('link', { name: 'New accounting request' }).click();
  await expect(page.getByRole('form', { name: 'New accounting request' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Line 1' }).getByRole('combobox', { name: 'Service type' }),
  ).toHaveText(/Accounting/);
});

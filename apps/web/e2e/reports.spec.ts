import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { nav, openNav, shot, signInAs } from './support/session.ts';

/**
 * Issue 12's main path, as the Accountant does it: Reports → Debts on the demo data, the 31-60
 * days cell of a client opened to the invoices behind it, the report exported to Excel with its
 * amounts as numbers; the reports the spec lists as disabled are shown and lead nowhere.
 */

interface DebtsRow {
  counterparty: { id: number; name: string };
  currency: string;
  buckets: Record<'0-30' | '31-60' | '61-90' | '90+', string>;
}

/** The API as the signed-in page sees it (its token is in local storage). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const answer = await fetch(`/api/v1/${p}`, {
      headers: { Authorization: `Token ${localStorage.getItem('accessToken')}` },
    });
    return answer.json();
  }, path);
}

test('an Accountant drills into a 31-60 day debt of a demo client and exports Debts to Excel', async ({
  page,
}) => {
  await signInAs(page, 'Accountant');
  await openNav(page);
  await nav(page).getByRole('button', { name: 'Reports' }).click();
  // spec 2.2: the reports not built are listed, disabled
  for (const name of ['Suppliers', 'Requests', 'Managers', 'Invoices', 'Supplier-profitability']) {
    await expect(nav(page).getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  }
  await nav(page).getByRole('button', { name: 'Supplier-profitability' }).click({ force: true });
  await expect(page).toHaveURL('/accounting/accounting-workspace');
  await nav(page).getByRole('link', { name: 'Debts' }).click();
  await expect(page).toHaveURL(/\/reports\/debts/);
  await expect(page.getByRole('heading', { name: 'Debts' })).toBeVisible();

  // The demo data holds a client invoice 31-60 days past due (accounting seed).
  const report = await api<{ data: { rows: DebtsRow[] } }>(page, 'reports/debts/?limit=100');
  const row = report.data.rows.find((r) => Number(r.buckets['31-60']) > 0);
  expect(row, 'a demo client owes something 31-60 days past due').toBeDefined();
  const { name } = row!.counterparty;

  // the amount is the button's text; its name goes on with the currency, the age and the client
  const cell = page.getByRole('button', { name: `${row!.currency}, 31-60 days, ${name}:` });
  await expect(cell).toBeVisible();
  await shot(page, 'reports-debts');
  await cell.click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`${name}.*31-60`) });
  await expect(drawer).toBeVisible();
  const invoices = drawer.getByRole('link', { name: /-INV-\d{4}-\d{4}$/ });
  await expect(invoices.first()).toBeVisible();
  await shot(page, 'reports-debts-cell');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const bucketColumn = headers.indexOf('31-60') + 1;
  expect(bucketColumn, 'a 31-60 column').toBeGreaterThan(0);
  const exported = sheet
    .getSheetValues()
    .slice(2)
    .find((values) => Array.isArray(values) && values.includes(name) && values.includes(row!.currency));
  expect(exported, `${name} in the file`).toBeDefined();
  const amount = (exported as unknown[])[bucketColumn];
  expect(typeof amount).toBe('number');
  expect((amount as number).toFixed(2)).toBe(Number(row!.buckets['31-60']).toFixed(2));
});

test('the front office sees the Clients report and is refused the finance reports', async ({ page }) => {
  await signInAs(page, 'FO');
  await page.goto('/reports/clients');
  await expect(page.getByRole('heading', { name: 'Clients report' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await page.goto('/reports/debts');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Debts' })).toHaveCount(0);
  const status = await page.evaluate(async () => {
    const answer = await fetch('/api/v1/reports/debts/', {
      headers: { Authorization: `Token ${localStorage.getItem('accessToken')}` },
    });
    return answer.status;
  });
  expect(status).toBe(403);
});

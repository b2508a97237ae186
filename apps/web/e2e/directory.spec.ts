import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { shot as fullShot, signInAs } from './support/session.ts';

/**
 * The directory as a person uses it (the scenario): create a client through the form,
 * fixing validation errors along the way; find it with the header search and with the list
 * filters (kept when coming back); import a CSV with a duplicate and see it skipped.
 */

// one server for the whole run: a stamp keeps this run's records apart from any earlier ones
const stamp = Date.now().toString(36);
const EMAIL = `zelda.${stamp}@example.com`;
const IMPORTED_EMAIL = `oskar.${stamp}@example.com`;
// a client of the demo data, to meet 'Should be unique'
const TAKEN_EMAIL = 'irina.belova@icloud.com';

/** Screenshots from the top of the page, so the fixed header does not land mid-page. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${combobox}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A multiple choice keeps its list open while choosing: Escape closes it. */
async function chooseMany(page: Page, combobox: string, option: string) {
  await choose(page, combobox, option);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

const clientsTable = (page: Page) => page.getByRole('table', { name: 'Clients' });

test.describe
  .serial('directory', () => {
    test('creates a client through the form, fixing the validation errors along the way', async ({
      page,
    }) => {
      await signInAs(page, 'FO');
      await page.goto('/directory/clients');
      await page.getByRole('link', { name: 'New client' }).click();
      await expect(page).toHaveURL('/directory/clients/new');

      // nothing filled: the required fields say so and nothing is sent
      await page.getByRole('button', { name: 'Create client' }).click();
      await expect(page.getByText('Required field', { exact: true })).toHaveCount(2);
      await field(page, 'Email').fill('zelda@');
      await field(page, 'Phone').focus();
      await expect(page.getByText('Invalid mail format')).toBeVisible();
      await shot(page, 'dir-client-form-errors');

      await field(page, 'First name').fill('Zelda');
      await field(page, 'Last name').fill('Quillfeather');
      await expect(page.getByText('Required field', { exact: true })).toHaveCount(0);

      // the server refuses an email another client has, on the email field
      await field(page, 'Email').fill(TAKEN_EMAIL);
      await expect(page.getByText('Invalid mail format')).toHaveCount(0);
      await page.getByRole('button', { name: 'Create client' }).click();
      await expect(page.getByText('Should be unique', { exact: true })).toBeVisible();
      await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL('/directory/clients/new');
      await shot(page, 'dir-client-form-unique');

      await field(page, 'Email').fill(EMAIL);
      await field(page, 'City').fill('Geneva');
      await choose(page, 'Membership plan', 'The One');
      await choose(page, 'Rating', 'Strategic');
      await page.getByRole('button', { name: 'Create client' }).click();

      await expect(page).toHaveURL(/\/directory\/clients\/\d+$/);
      await expect(page.getByRole('heading', { name: 'Zelda Quillfeather' })).toBeVisible();
      const history = page.getByTestId('history');
      await expect(history.getByText('Created')).toBeVisible();
      await expect(history.getByText('Fiona Front')).toBeVisible();

      // an edit is recorded with what changed, by whom
      await page.getByRole('button', { name: 'Edit' }).click();
      await field(page, 'City').fill('Monaco');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
      const change = history.getByRole('listitem').filter({ hasText: 'Changed' }).first();
      await expect(change).toContainText('City');
      await expect(change).toContainText('Geneva → Monaco');
      await shot(page, 'dir-client-record');
    });

    test('finds the client with the header search and with the list filters, kept when coming back', async ({
      page,
    }) => {
      await signInAs(page, 'FO');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('textbox', { name: 'Search text' }).fill('  Quillfeather ');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/search?search=Quillfeather#Requests');
      await page.getByRole('tab', { name: /Clients/ }).click();
      await expect(page).toHaveURL('/search?search=Quillfeather#Clients');
      const found = page.getByRole('link', { name: 'Zelda Quillfeather' });
      await expect(found).toBeVisible();
      await shot(page, 'dir-search');
      await found.click();
      await expect(page.getByRole('heading', { name: 'Zelda Quillfeather' })).toBeVisible();

      await page.goto('/directory/clients');
      await page.getByRole('searchbox', { name: 'Search' }).fill('quillfeather');
      await chooseMany(page, 'Rating', 'Strategic');
      await expect(page).toHaveURL(/search=quillfeather/);
      await expect(page).toHaveURL(/rating=Strategic/);
      await expect(clientsTable(page).getByRole('row')).toHaveCount(2);
      await expect(clientsTable(page)).toContainText('Zelda Quillfeather');
      // another rating hides it (a multiple choice: the list stays open while choosing)
      await page.getByRole('combobox', { name: /^Rating/ }).click();
      await page.getByRole('option', { name: 'Strategic', exact: true }).click();
      await page.getByRole('option', { name: 'Blacklisted', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/rating=Blacklisted/);
      await expect(clientsTable(page)).toContainText('No clients found');
      await page.getByRole('combobox', { name: /^Rating/ }).click();
      await page.getByRole('option', { name: 'Blacklisted', exact: true }).click();
      await page.getByRole('option', { name: 'Strategic', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(clientsTable(page)).toContainText('Zelda Quillfeather');
      await shot(page, 'dir-clients-filtered');

      // the export takes the list as it is filtered
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = fs.readFileSync(await file.path(), 'utf8');
      expect(text).toContain(EMAIL);
      expect(text).not.toContain(TAKEN_EMAIL);

      // open the client, then back to the list: the filters come back
      await clientsTable(page).getByText('Zelda Quillfeather').click();
      await expect(page.getByRole('heading', { name: 'Zelda Quillfeather' })).toBeVisible();
      await page.getByRole('link', { name: '← Clients' }).click();
      await expect(page).toHaveURL(/rating=Strategic/);
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('quillfeather');
      await expect(clientsTable(page)).toContainText('Zelda Quillfeather');

      // and from the navigation, which links the bare list, too
      await page.goto('/directory');
      await page.goto('/directory/clients');
      await expect(page).toHaveURL(/search=quillfeather/);
      await expect(clientsTable(page).getByRole('row')).toHaveCount(2);
    });

    test('imports a CSV with a duplicate and an invalid row: the duplicate is skipped, the report says why', async ({
      page,
    }) => {
      await signInAs(page, 'FO');
      await page.goto('/directory/clients');
      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import clients' });
      const csv = [
        'First name,Last name,Email,Phone',
        `Oskar,Lindqvist,${IMPORTED_EMAIL},+46 70 123 4567`,
        // the client created above: the same email
        `Zelda,Quillfeather,${EMAIL.toUpperCase()},+377 6 1234`,
        'Nobody,,broken-email,',
      ].join('\n');
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'clients.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await dialog.getByRole('button', { name: 'Next' }).click();

      // the headers match the fields, so the suggested mapping is complete
      await expect(dialog.getByRole('combobox', { name: 'Column for First name' })).toHaveText('First name');
      await expect(dialog.getByRole('combobox', { name: 'Column for Email' })).toHaveText('Email');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByRole('table', { name: 'Rows as they will be imported' })).toContainText(
        'Lindqvist',
      );
      await dialog.getByRole('button', { name: 'Import 3 rows' }).click();

      await expect(dialog.getByText('Import finished')).toBeVisible();
      await expect(dialog.getByTestId('import-imported')).toHaveText('1');
      await expect(dialog.getByTestId('import-skipped-duplicates')).toHaveText('1');
      await expect(dialog.getByTestId('import-refused')).toHaveText('1');
      const skipped = dialog.getByRole('table', { name: 'Skipped as duplicates' });
      await expect(skipped.getByRole('row').nth(1)).toContainText('3');
      const refused = dialog.getByRole('table', { name: 'Refused rows' });
      await expect(refused.getByRole('row').nth(1)).toContainText('4');
      await expect(refused).toContainText('Required field');
      await shot(page, 'dir-import-report');
      await dialog.getByRole('button', { name: 'Done' }).click();

      // the duplicate really was skipped: still one Zelda; the new client is there
      await page.getByRole('searchbox', { name: 'Search' }).fill('quillfeather');
      await expect(clientsTable(page).getByRole('row')).toHaveCount(2);
      await page.getByRole('searchbox', { name: 'Search' }).fill('lindqvist');
      await expect(clientsTable(page)).toContainText('Oskar Lindqvist');
      await expect(clientsTable(page).getByRole('row')).toHaveCount(2);
    });

    test('every directory list, as the Admin sees it', async ({ page }) => {
      await signInAs(page, 'Admin');
      for (const [path, title, expected] of [
        ['/directory/clients', 'Clients', 'Irina Belova'],
        ['/directory/suppliers', 'Suppliers', 'Claridge'],
        ['/directory/managers', 'Managers', 'Fiona Front'],
        ['/directory/services', 'Services', 'Hotel'],
        ['/directory/banks', 'Banks', 'Barclays'],
        ['/directory/companies', 'Companies', 'BSLF'],
      ] as const) {
        await page.goto(path);
        const table = page.getByRole('table', { name: title });
        await expect(table).toContainText(expected);
        await expect(page.getByTestId('list-total')).toContainText('of');
        await shot(page, `dir-${title.toLowerCase()}`);
      }
      await page.goto('/directory');
      await expect(page.getByRole('link', { name: /Managers/ })).toBeVisible();
      await shot(page, 'dir-overview');
    });

    test('a blacklisted client stands out in the list and on the record; FO sees no Managers', async ({
      page,
    }) => {
      await signInAs(page, 'FO');
      await page.goto('/directory/clients?rating=Blacklisted');
      const row = clientsTable(page).locator('tr[data-blacklisted="true"]').first();
      await expect(row).toContainText('Blacklisted');
      await row.click();
      await expect(page.getByTestId('blacklisted-alert')).toContainText('cannot get a new request');
      await shot(page, 'dir-client-blacklisted');
      await page.goto('/directory');
      await expect(page.getByRole('link', { name: /Clients/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /Managers/ })).toHaveCount(0);
    });
  });

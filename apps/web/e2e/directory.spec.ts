import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot as fullShot, signInAs } from './support/session.ts';

/**
 * The directory as a person uses it (the scenario): create a client through the form,
 * fixing validation errors along the way (the manager picked by a typed search, the plan dates
 * through the calendar); find it with the header search and with the list filters (the plan-end
 * range included, kept when coming back); import a CSV with a duplicate and see it skipped.
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

// this year: the calendar opens on the current month, and its year page always holds this year
const YEAR = new Date().getFullYear();

/** A date widget's popup, opened by a click on its input. */
async function openCalendar(page: Page, label: string): Promise<Locator> {
  await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).click();
  const calendar = page.getByRole('dialog', { name: `${label} calendar` });
  await expect(calendar).toBeVisible();
  return calendar;
}

/**
 * From the days up to the 16-year page, then down to `month` of YEAR (its first column when two
 * months are shown).
 */
async function goToMonth(calendar: Locator, month: string, shotOfYears?: () => Promise<void>) {
  await calendar
    .getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ })
    .first()
    .click();
  await calendar
    .getByRole('button', { name: String(YEAR), exact: true })
    .first()
    .click();
  const years = calendar.getByRole('table', { name: /^Years/ });
  await expect(years.getByRole('button')).toHaveCount(16);
  await shotOfYears?.();
  await years.getByRole('button', { name: String(YEAR), exact: true }).click();
  await calendar
    .getByRole('button', { name: month.slice(0, 3), exact: true })
    .first()
    .click();
  await expect(calendar.getByText(`${month} ${YEAR}`)).toBeVisible();
}

/**
 * A day of a month on screen, in that month's own grid (a neighbouring month's days are shown
 * too: disabled, or marked outside when that month is also on screen).
 */
const day = (calendar: Locator, label: string) =>
  calendar.locator(`button[aria-label="${label}"]:not([disabled]):not([data-outside])`);

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

      // the FO manager: cleared, then found again by typing part of the name in the picker
      const manager = page.getByRole('combobox', { name: /^FO manager/ });
      await expect(manager).toHaveText('Fiona Front');
      await manager.locator('xpath=..').getByRole('button', { name: 'Clear' }).click();
      await expect(manager).toHaveText('Not assigned');
      await manager.click();
      const searched = page.waitForResponse(
        (r) => r.url().includes('/managers/picker/') && new URL(r.url()).searchParams.get('search') === 'fio',
      );
      // (closed lists keep their search box in the page, hidden)
      const search = page.getByPlaceholder('Start typing...').filter({ visible: true });
      await expect(search).toBeFocused();
      await search.pressSequentially('fio');
      await searched;
      const fiona = page.getByRole('option', { name: /^Fiona Front/ });
      await expect(fiona).toBeVisible();
      // the manager's office, right-aligned beside the name
      await expect(fiona).toContainText('Dubai');
      await fiona.click();
      await expect(manager).toHaveText('Fiona Front');

      // a plan that ends before it starts: the end is picked in the calendar, the form refuses it
      await field(page, 'Membership start').fill(`10/05/${YEAR}`);
      await field(page, 'Membership start').press('Enter');
      let calendar = await openCalendar(page, 'Membership end');
      await goToMonth(calendar, 'May', () => shot(page, 'dir-date-year-page'));
      await day(calendar, `1 May ${YEAR}`).click();
      await expect(calendar).toBeHidden();
      await expect(field(page, 'Membership end')).toHaveValue(`01/05/${YEAR}`);
      await page.getByRole('button', { name: 'Create client' }).click();
      await expect(page.getByText(`Minimum date: 10/05/${YEAR}`)).toBeVisible();
      await expect(page).toHaveURL('/directory/clients/new');
      await shot(page, 'dir-client-form-dates');
      // the calendar opens on the chosen month: a later day fixes it
      calendar = await openCalendar(page, 'Membership end');
      await day(calendar, `20 May ${YEAR}`).click();
      await expect(field(page, 'Membership end')).toHaveValue(`20/05/${YEAR}`);
      await expect(page.getByText(`Minimum date: 10/05/${YEAR}`)).toHaveCount(0);

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

      // the plan-end range, picked in the range calendar: June leaves her out, May (20/05) keeps her
      let planEnds = await openCalendar(page, 'Plan ends');
      await expect(planEnds.getByRole('button', { name: 'Next 30 days' })).toBeVisible();
      await planEnds.getByRole('button', { name: 'Custom Range' }).click();
      await goToMonth(planEnds, 'June');
      await day(planEnds, `1 June ${YEAR}`).click();
      await day(planEnds, `30 June ${YEAR}`).click();
      await expect(planEnds).toBeHidden();
      await expect(page.getByRole('textbox', { name: 'Plan ends' })).toHaveValue(
        `01/06/${YEAR} - 30/06/${YEAR}`,
      );
      await expect(page).toHaveURL(
        new RegExp(`membership_end_from=${YEAR}-06-01&membership_end_to=${YEAR}-06-30`),
      );
      await expect(clientsTable(page)).toContainText('No clients found');
      planEnds = await openCalendar(page, 'Plan ends');
      await goToMonth(planEnds, 'May');
      await day(planEnds, `1 May ${YEAR}`).click();
      await day(planEnds, `31 May ${YEAR}`).click();
      await expect(page).toHaveURL(
        new RegExp(`membership_end_from=${YEAR}-05-01&membership_end_to=${YEAR}-05-31`),
      );
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
      await expect(page.getByRole('textbox', { name: 'Plan ends' })).toHaveValue(
        `01/05/${YEAR} - 31/05/${YEAR}`,
      );
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

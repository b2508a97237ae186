import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, signInAs, signOut } from './support/session.ts';

/**
 * Issue 9's main path, as the people who do it: FO opens a hotel request and collects two offers,
 * sends the presentation, turns the client's choice into a line with its deadline payments and
 * confirms it; BO hands it to accounting; the Accountant sends it back for correction; BO resubmits;
 * the Accountant confirms (the line becomes Accounted); the header search finds it by hotel name.
 */

// A name nobody else in the demo data has, so the search below can only find this request.
const HOTEL = 'Villa Nevskaya Lakeside';
const OTHER = 'Château Marlowe';

async function pick(page: Page, scope: Page | Locator, label: string, option: RegExp, search?: string) {
  await scope.getByRole('combobox', { name: label }).click();
  // Into the open dropdown's own search box: typing at the keyboard could land before it has focus.
  if (search) await page.getByPlaceholder('Start typing...').filter({ visible: true }).fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

async function typeDate(scope: Locator, label: string, ddmmyyyy: string) {
  const input = scope.getByRole('textbox', { name: label });
  await input.fill(ddmmyyyy);
  await input.press('Enter');
}

async function addOffer(page: Page, hotel: string, price: string) {
  await page.getByRole('button', { name: 'Add offer' }).click();
  const form = page.getByRole('form', { name: 'Hotel offer' });
  await form.getByRole('textbox', { name: 'Hotel' }).fill(hotel);
  await pick(page, form, 'Supplier', /Savoy/, 'Savoy');
  await pick(page, form, 'Room type', /^Deluxe$/);
  await pick(page, form, 'Meal', /^Bed and breakfast$/);
  await pick(page, form, 'Cancellation policy', /^Flexible$/);
  await typeDate(form, 'Check-in', '12/03/2027');
  await typeDate(form, 'Check-out', '15/03/2027');
  await form.getByRole('textbox', { name: 'Cost (supplier)' }).fill('8000');
  await form.getByRole('textbox', { name: 'Price (client)' }).fill(price);
  await form.getByRole('button', { name: 'Add offer' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('checkbox', { name: `Select offer ${hotel}` })).toBeVisible();
}

const logPanel = (page: Page) => page.getByRole('region', { name: 'LOG' });

test('a hotel request from offers to a confirmed LOG, found again by its hotel', async ({ page }) => {
  test.setTimeout(120_000);

  // FO: the request, two offers, the presentation, the choice, deadlines, confirmation.
  await signInAs(page, 'FO');
  await page.goto('/requests/create');
  const form = page.getByRole('form', { name: 'New request' });
  await pick(page, form, 'Client', /Khalid/, 'Khalid');
  await pick(page, form, 'BO manager', /Boris Back/);
  await form.getByRole('button', { name: 'Remove line 1' }).click();
  await page.getByRole('button', { name: 'Create request' }).click();
  await expect(page).toHaveURL(/\/requests\/\d+$/);
  const heading = page.getByRole('heading', { level: 1, name: /^(BSLF|TPRO|AIRS)-\d{4}-\d{5}/ });
  const number = ((await heading.textContent()) ?? '').match(/[A-Z]{4}-\d{4}-\d{5}/)?.[0] ?? '';
  expect(number).not.toBe('');
  const requestUrl = page.url();

  await addOffer(page, HOTEL, '52000');
  await addOffer(page, OTHER, '47500');
  await page.getByRole('checkbox', { name: `Select offer ${HOTEL}` }).check();
  await page.getByRole('checkbox', { name: `Select offer ${OTHER}` }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Send as Presentation' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  await shot(page, 'request-offers');

  await page.getByRole('button', { name: `Actions for offer ${HOTEL}` }).click();
  await page.getByRole('menuitem', { name: 'Choose (make a line)' }).click();
  await page.getByRole('button', { name: 'Make it a line' }).click();
  const lines = page.getByRole('table', { name: 'Service lines' });
  await expect(lines.getByText(HOTEL)).toBeVisible();

  // The supplier's schedule on the new line, then confirmation (its rates are stamped).
  await page.getByRole('button', { name: /^Actions for line 1/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const lineForm = page.getByRole('form', { name: 'Service line' });
  await lineForm.getByRole('button', { name: 'Add deadline payment' }).click();
  const deadline = lineForm.getByRole('group', { name: 'Deadline payment 1' });
  await pick(page, deadline, 'Payment', /^Prepayment$/);
  await typeDate(deadline, 'Due date', '01/03/2027');
  await deadline.getByRole('textbox', { name: /^Amount/ }).fill('4000');
  await lineForm.getByRole('button', { name: 'Save line' }).click();
  await expect(lineForm).toBeHidden();
  await expect(page.getByRole('list', { name: 'Deadline payments' }).first()).toContainText('Prepayment');

  await page.getByRole('button', { name: /^Actions for line 1/ }).click();
  await page.getByRole('menuitem', { name: 'Confirm', exact: true }).click();
  await expect(lines.getByText('Confirmed')).toBeVisible();
  await shot(page, 'request-confirmed-line');
  await signOut(page);

  // BO hands it to accounting.
  await signInAs(page, 'BO');
  await page.goto(requestUrl);
  await logPanel(page).getByRole('button', { name: 'Submit to accounting' }).click();
  await expect(logPanel(page)).toContainText('NEW');
  await signOut(page);

  // The Accountant sends it back with a comment.
  await signInAs(page, 'Accountant');
  await page.goto(requestUrl);
  await logPanel(page).getByRole('button', { name: 'Send for correction' }).click();
  const correction = page.getByRole('dialog', { name: 'Send for correction' });
  await correction
    .getByRole('textbox', { name: 'What should be corrected' })
    .fill('Prepayment date differs from the supplier invoice');
  await correction.getByRole('button', { name: 'Send for correction' }).click();
  await expect(logPanel(page)).toContainText('SENT FOR CORRECTION');
  await expect(logPanel(page)).toContainText('Prepayment date differs from the supplier invoice');
  await signOut(page);

  // BO resubmits.
  await signInAs(page, 'BO');
  await page.goto(requestUrl);
  await logPanel(page).getByRole('button', { name: 'Resubmit' }).click();
  await expect(logPanel(page).getByRole('button', { name: 'Resubmit' })).toBeHidden();
  await signOut(page);

  // The Accountant confirms: the line is Accounted, the history tells the whole story.
  await signInAs(page, 'Accountant');
  await page.goto(requestUrl);
  await logPanel(page).getByRole('button', { name: 'Confirm', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Confirm ${number}?` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(lines.getByText('Accounted')).toBeVisible();
  for (const step of ['Sent for correction', 'Resubmitted after correction', 'Confirmed by accounting'])
    await expect(logPanel(page)).toContainText(step);
  await expect(logPanel(page)).toContainText('Prepayment date differs from the supplier invoice');
  await expect(page.getByRole('dialog')).toBeHidden();
  await shot(page, 'request-log-confirmed');

  // The header search finds the request by its hotel.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search text' }).fill('Nevskaya');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?search=Nevskaya#Requests/);
  await page.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(requestUrl.replace(/^https?:\/\/[^/]+/, ''));
});

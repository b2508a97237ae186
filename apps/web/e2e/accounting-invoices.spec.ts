import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { shot, signInAs } from './support/session.ts';

/**
 * Issue 10's main path, as the Accountant does it: a confirmed demo request not yet invoiced,
 * "Issue invoice" from its page, the PDF the server makes, sending it, and finding it Sent in
 * Invoices & Bills by its number.
 */
test('an Accountant issues an invoice from a confirmed request, reads its PDF, sends it and finds it Sent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, 'Accountant');

  // A demo request whose lines are all Confirmed and that has no invoice yet.
  await page.goto('/requests?status=Confirmed&invoice=none');
  const requests = page.getByRole('table', { name: 'Requests' });
  const first = requests.getByRole('link', { name: /^(BSLF|TPRO|AIRS)-\d{4}-\d{5}$/ }).first();
  await expect(first).toBeVisible();
  const requestNumber = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/requests\/\d+$/);

  const section = page.getByRole('region', { name: 'Invoices and bills' });
  await expect(section).toContainText('No invoice yet.');
  await section.getByRole('link', { name: 'Issue invoice' }).click();

  // The dialog opens on that request with its Confirmed lines ticked and the total previewed.
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Lines to invoice' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { checked: true }).first()).toBeVisible();
  await shot(page, 'invoice-new-dialog');
  const pdf = page.waitForResponse((r) => /\/api\/v1\/client-invoices\/\d+\/pdf\/$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Issue invoice' }).click();

  await expect(page).toHaveURL(/\/accounting\/client-invoices\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/[A-Z]{4}-INV-\d{4}-\d{4}/);
  const number = ((await heading.textContent()) ?? '').match(/[A-Z]{4}-INV-\d{4}-\d{4}/)?.[0] ?? '';
  await expect(
    page.getByRole('region', { name: 'Invoice details' }).getByRole('link', { name: requestNumber }),
  ).toBeVisible();

  // The page frames the server's PDF.
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  await expect(page.getByTitle(`${number} PDF`)).toBeVisible();
  // Downloaded as a client would keep it: a real PDF named after the invoice.
  const download = page.waitForEvent('download');
  await page.getByRole('region', { name: 'PDF' }).getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.length).toBeGreaterThan(2000);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('Not sent', { exact: true }).first()).toBeVisible();
  await shot(page, 'invoice-page');

  // Sending: to the client's address (a demo client may have none: then one is typed).
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: `Send ${number}` });
  const to = send.getByRole('textbox', { name: 'To' });
  if (!(await to.inputValue())) await to.fill('accounts@client.example.com');
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(send).toBeHidden();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send again' })).toBeVisible();

  // Invoices & Bills finds it by its number, Sent.
  await page.goto(`/accounting/invoices-and-bills?search=${encodeURIComponent(number)}`);
  const register = page.getByRole('table', { name: 'Invoices & Bills' });
  const row = register.locator('tbody tr').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Sent');
  await expect(row).not.toContainText('Not sent');
  await shot(page, 'invoices-and-bills-found');
});

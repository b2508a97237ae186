import { expect, type Locator, type Page, test } from '@playwright/test';
import Decimal from 'decimal.js';
import { shot, signInAs } from './support/session.ts';

/**
 * Issue 11's main path, as the Accountant does it: a statement of the Dubai office's USD account
 * holding a part payment of an AED invoice and the rest two days later, imported; both matched
 * from the suggestions across currencies; the invoice Paid with its realised FX difference. Then a
 * client pays more than they owe, and that credit pays their invoice.
 */

interface InvoiceItem {
  id: number;
  number: string;
  total: string;
  open_amount: string;
  currency: string;
  company: { code: string };
  client: { id: number; name: string };
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

/** A money figure as the screens print it, whatever thousands separator they use. */
const figure = (value: string) =>
  new RegExp(value.replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s,\u00a0\u202f]?').replace('.', '\\.'));

const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ukDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

async function pick(page: Page, scope: Locator, label: string, option: RegExp, search?: string) {
  await scope.getByRole('combobox', { name: label }).click();
  // Into the open dropdown's own search box (a picker over the directory loads as you type).
  if (search) await page.getByPlaceholder('Start typing...').filter({ visible: true }).fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Selects the bank line whose reference holds `text` on Matched data and allocates the amounts. */
async function allocate(page: Page, text: string, number: string, usd: string, aed: string) {
  await page.goto(`/accounting/matched-data?search=${encodeURIComponent(text)}`);
  const selected = page.getByRole('region', { name: 'Selected bank line' });
  await expect(selected).toContainText(text);
  const suggestions = page.getByRole('region', { name: 'Suggestions' });
  const suggestion = suggestions.getByRole('row').filter({ hasText: number });
  await expect(suggestion).toContainText('Number in the bank text');
  await suggestion.getByRole('button', { name: `Allocate: ${number}` }).click();
  const form = page.getByRole('form', { name: 'Allocation' });
  await form.getByRole('textbox', { name: 'Amount in USD' }).fill(usd);
  await form.getByRole('textbox', { name: 'Amount in AED' }).fill(aed);
  // Before posting: the invoice's share at its stamped rate and the realised FX difference.
  await expect(form.getByLabel('Preview')).toContainText(figure(aed));
  await expect(form.getByText('Realised FX difference')).toBeVisible();
  return form;
}

test('an Accountant imports a statement, matches a cross-currency part payment and the rest, and pays an invoice from credit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'Accountant');
  await expect(page.getByRole('link', { name: /Unmatched transactions/ })).toBeVisible();
  await shot(page, 'workspace');

  // An AED invoice of the Dubai office no one has paid yet.
  const aed = await api<{ data: InvoiceItem[] }>(
    page,
    'client-invoices/?currency=AED&status=Unpaid&kind=invoice',
  );
  const invoice = aed.data.find((i) => i.company.code === 'TPRO');
  expect(invoice, 'a demo AED invoice of TPRO that is Unpaid').toBeTruthy();
  const { number, total } = invoice!;
  // 40% paid first in dollars, the rest two days later; each leg's dollars at about 3.67 AED.
  const partAed = new Decimal(total).times('0.4').toDecimalPlaces(0);
  const restAed = new Decimal(total).minus(partAed);
  const usd = (a: Decimal) => a.dividedBy('3.6725').toDecimalPlaces(2).toFixed(2);
  const csv = [
    'Value Date,Narrative,Counterparty,Amount',
    `${iso(-4)},Part payment ${number},${invoice!.client.name},${usd(partAed)}`,
    `${iso(-2)},Balance ${number.replace(/-/g, '')},${invoice!.client.name},${usd(restAed)}`,
  ].join('\r\n');

  // Import: the account, the file, a preview of the two lines, then the import and its report.
  await page.goto('/accounting/transactions');
  await page.getByRole('button', { name: 'Import statement' }).click();
  const wizard = page.getByRole('form', { name: 'Import a bank statement' });
  await pick(page, wizard, 'Bank account', /Mashreq USD/);
  await wizard.locator('input[type=file]').setInputFiles({
    name: 'mashreq-usd.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await wizard.getByRole('button', { name: 'Next' }).click();
  const lines = wizard.getByRole('table', { name: 'Lines as they will be imported' });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines).toContainText(`Part payment ${number}`);
  await shot(page, 'import-preview');
  await wizard.getByRole('button', { name: /^Import/ }).click();
  await expect(page.getByText('Import finished')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('import-imported')).toContainText('2');
  await shot(page, 'import-report');

  // The part payment: both amounts, the rate they imply and the FX difference, then posted.
  let form = await allocate(page, `Part payment ${number}`, number, usd(partAed), partAed.toFixed(2));
  await shot(page, 'allocation-preview');
  await form.getByRole('button', { name: 'Allocate' }).click();
  await expect(form).toBeHidden();
  // The rest, two days later, settles the invoice in full.
  form = await allocate(
    page,
    `Balance ${number.replace(/-/g, '')}`,
    number,
    usd(restAed),
    restAed.toFixed(2),
  );
  await expect(form).toContainText('This pays the invoice in full');
  await form.getByRole('button', { name: 'Allocate' }).click();
  await expect(form).toBeHidden();

  // The invoice is Paid, and its payments show the rate and the realised FX difference.
  await page.goto(`/accounting/client-invoices/${invoice!.id}`);
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(4); // header, two payments, total
  await expect(payments).toContainText('USD');
  await expect(payments).toContainText(/FX/);
  await shot(page, 'invoice-paid-fx');

  // A client pays more than they owe: the payment is their credit, which pays their invoice.
  const gbp = await api<{ data: InvoiceItem[] }>(
    page,
    'client-invoices/?currency=GBP&status=Unpaid&kind=invoice',
  );
  const next = gbp.data.find((i) => i.company.code === 'BSLF');
  expect(next, 'a demo GBP invoice of BSLF that is Unpaid').toBeTruthy();
  const paid = new Decimal(next!.open_amount).plus('500').toFixed(2);
  await page.goto('/accounting/transactions');
  await page.getByRole('button', { name: 'New transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await pick(page, dialog, 'Bank account', /Barclays GBP \(…9911\)/);
  await pick(page, dialog, 'Type', /^Receive · overpayment$/);
  await dialog.getByRole('textbox', { name: 'Date' }).fill(ukDate(iso(-1)));
  await dialog.getByRole('textbox', { name: 'Date' }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(paid);
  await pick(page, dialog, 'Client', new RegExp(next!.client.name), next!.client.name);
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(`Overpayment ${next!.client.name}`);
  await dialog.getByRole('button', { name: 'Enter transaction' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/accounting/client-invoices/${next!.id}`);
  await page.getByRole('button', { name: 'Pay from balance' }).click();
  const pay = page.getByRole('dialog', { name: `Pay ${next!.number} from the balance` });
  await expect(pay).toContainText(figure(paid));
  await pay.getByRole('button', { name: /^(Pay|Apply)/ }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

  // What is left of the credit shows on the client's page.
  await page.goto(`/directory/clients/${next!.client.id}`);
  const balance = page.getByRole('region', { name: 'Deposit balance' });
  await expect(balance).toContainText('500.00');
  await shot(page, 'client-balance');
});

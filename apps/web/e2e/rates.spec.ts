import { buyKey, PAIRS, sellKey } from '@app/shared/rates/currencies';
import { buildRateSetEntries } from '@app/shared/rates/rate-lookup';
import { applyRate } from '@app/shared/rates/rate-math';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, shot, signInAs } from './support/session.ts';

const DAY = 86_400_000;

/** The date as the header shows it (dd/MM/yy) in this machine's time zone, as the browser uses. */
const ddMMyy = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit' }).format(d);

/** A set nobody would type by accident: every figure differs from the demo history. */
const VALUES: Record<string, string> = {};
PAIRS.forEach((p, i) => {
  VALUES[sellKey(p.original, p.target)] = ['1.2711', '1.1587', '1.0934', '4.7123', '3.6611', '4.0123'][i]!;
  VALUES[buyKey(p.original, p.target)] = ['1.2843', '1.1702', '1.1045', '4.7589', '3.6844', '4.0532'][i]!;
});

/** Signs in through the API and stores a rate set the way the dialog would, at the server's now. */
async function createSetThroughApi(request: APIRequestContext, values: Record<string, string>) {
  await request.get('/api/v1/health'); // sets the XSRF-TOKEN cookie
  const xsrf = () =>
    request.storageState().then((s) => s.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const login = await request.post('/api/v1/auth/token/login/', {
    data: { email: ACCOUNTS.Accountant, password: DEMO_PASSWORD },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.auth_token as string;
  const res = await request.post('/api/v1/rates/', {
    data: buildRateSetEntries(values),
    headers: { Authorization: `Token ${token}`, 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: number; created_at: string };
}

const ratesButton = (page: Page) => page.getByTestId('rates-popover-button');

test('an Accountant creates a set in the dialog, sees it in the popover and the history, and converts 100 GBP to AED', async ({
  page,
}) => {
  await signInAs(page, 'Accountant');
  await page.goto('/accounting/exchange-rates');
  await expect(page.getByRole('heading', { name: 'Exchange rates', level: 1 })).toBeVisible();
  await expect(page.getByTestId('rate-set').first()).toBeVisible();

  await page.getByRole('button', { name: 'New rates' }).click();
  const dialog = page.getByRole('dialog', { name: 'New exchange rate' });
  await expect(dialog.getByRole('heading', { name: 'Main info' })).toBeVisible();
  // pre-filled from the newest set of the demo history
  await expect(dialog.locator('#sell_GBP_USD')).not.toHaveValue('');
  for (const [field, value] of Object.entries(VALUES)) {
    await dialog.locator(`#${field}`).fill(value);
  }
  // typed with a decimal comma, key by key: read as the point, never as 12711
  await dialog.locator('#sell_GBP_USD').fill('');
  await dialog.locator('#sell_GBP_USD').pressSequentially('1,2711');
  await expect(dialog.locator('#sell_GBP_USD')).toHaveValue('1.2711');
  // a point in the wrong place (117.02 for 1.1702) is more than 20% from the current set:
  // asked about, not saved
  await dialog.locator('#buy_GBP_EUR').fill('117.02');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const confirm = dialog.getByRole('alertdialog');
  await expect(confirm).toContainText('moved more than 20% from the current set');
  await expect(confirm.getByRole('listitem')).toHaveCount(1);
  await expect(confirm.getByRole('listitem')).toContainText('GBP / EUR buy:');
  await shot(page, 'rates-dialog-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.locator('#buy_GBP_EUR').fill(VALUES.buy_GBP_EUR!);
  await shot(page, 'rates-dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/accounting/exchange-rates');

  // the history: the new set is first and current
  const newest = page.getByTestId('rate-set').first();
  await expect(newest.getByText('Current')).toBeVisible();
  await expect(newest.locator('[data-pair="GBP_AED"]')).toContainText('4.7123');
  await expect(newest.locator('[data-pair="GBP_AED"]')).toContainText('4.7589');
  await expect(newest.locator('[data-pair="GBP_AED"]')).toContainText('0.2101'); // 1 / 4.7589
  await expect(page.getByTestId('rate-history-chart')).toBeVisible();
  await shot(page, 'rates-page');

  // the header popover: today's date as dd/MM/yy, the new table, no warning
  await ratesButton(page).click();
  const popover = page.getByRole('dialog', { name: 'Exchange rates' });
  await expect(popover.getByTestId('rates-date')).toHaveText(ddMMyy(new Date()));
  await expect(popover.locator('[data-pair="GBP_AED"]')).toContainText('4.7123');
  await expect(popover.getByTestId('rates-stale-warning')).toHaveCount(0);
  await shot(page, 'rates-popover');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  // the converter: 100 GBP to AED is 100 × the set's GBP → AED rate
  await page.getByRole('button', { name: 'Currency converter' }).click();
  const converter = page.getByRole('dialog', { name: 'Currency converter' });
  await converter.getByRole('combobox', { name: /From/ }).selectOption('GBP');
  await converter.getByRole('combobox', { name: /To/ }).selectOption('AED');
  await converter.getByRole('textbox', { name: /Amount/ }).fill('100');
  await expect(converter.getByTestId('converted-amount')).toHaveValue(applyRate('100', VALUES.sell_GBP_AED)!);
  await expect(converter.getByTestId('converted-amount')).toHaveValue('471.2300');
  await shot(page, 'rates-converter');
});

test('a set 16 days old shows the warning; 14 days old does not', async ({ page, request }) => {
  const set = await createSetThroughApi(request, VALUES);
  const created = Date.parse(set.created_at);
  // Staleness is judged against the viewer's now (spec 4), so the browser's clock moves on.
  await page.clock.install({ time: new Date(created + 14 * DAY) });
  await signInAs(page, 'FO');
  await expect(ratesButton(page)).toHaveAccessibleName('Exchange rates');
  await ratesButton(page).click();
  const popover = page.getByRole('dialog', { name: 'Exchange rates' });
  await expect(popover.getByTestId('rates-date')).toHaveText(ddMMyy(new Date(created)));
  await expect(popover.getByTestId('rates-stale-warning')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.clock.runFor(1000); // the fade-out runs on the installed clock
  await expect(popover).toBeHidden();

  await page.clock.setSystemTime(new Date(created + 16 * DAY));
  await ratesButton(page).click();
  await expect(popover.getByTestId('rates-stale-warning')).toBeVisible();
  await expect(popover.getByTestId('rates-stale-warning')).toContainText('more than 15 days old');
  await expect(ratesButton(page)).toHaveAccessibleName('Exchange rates (update needed)');
  await page.clock.runFor(1000); // the fade-in too
  await expect(popover).toHaveCSS('opacity', '1');
  await shot(page, 'rates-popover-stale');
});

import { expect, test } from '@playwright/test';
import { shot, signInAs, toasts } from './support/session.ts';

test.beforeEach(async ({ page }) => {
  // lets a test call the API through the app's own client (headers, loading bar, toasts)
  await page.addInitScript(() => {
    (window as unknown as { __E2E__: boolean }).__E2E__ = true;
  });
});

test('a field the server refuses is marked under the field, with no toast repeating it (an email in use)', async ({
  page,
}) => {
  await signInAs(page, 'Admin');
  await page.goto('/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Someone Else');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('fo@example.com');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('Should be unique', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expect(toasts(page)).toHaveCount(0);
  await shot(page, 'field-error-400');
});

test('a 400 that no form shows is a toast (spec 8: the errors object under the status)', async ({ page }) => {
  await signInAs(page, 'Admin');
  await page.evaluate(async () => {
    const w = window as unknown as { __appHttp: { post: (p: string, b: unknown) => Promise<unknown> } };
    const body = {
      name: 'Someone Else',
      email: 'fo@example.com',
      role: 'FO',
      password: 'long-enough-pass-1',
    };
    await w.__appHttp.post('users/', body).catch(() => null);
  });
  const toast = toasts(page).first();
  await expect(toast).toContainText('400');
  await expect(toast).toContainText('email: Should be unique');
  await shot(page, 'toast-400');
});

test('a 403 shows "Access forbidden!" (an FO calling the admin users API)', async ({ page }) => {
  await signInAs(page, 'FO');
  await page.evaluate(async () => {
    const w = window as unknown as { __appHttp: { get: (p: string) => Promise<unknown> } };
    await w.__appHttp.get('users/').catch(() => null);
  });
  const toast = toasts(page).first();
  await expect(toast).toContainText('403 error');
  await expect(toast).toContainText('Access forbidden!');
});

test('a 403 from the XSRF check shows the same toast through the UI', async ({ page }) => {
  await signInAs(page, 'BO');
  await page.goto('/profile');
  await page.getByRole('textbox', { name: 'Name' }).fill('Bo Changed');
  // the save goes out without its X-XSRF-TOKEN header, as a forged cross-site request would;
  // the real server refuses it with 403
  await page.route('**/api/v1/users/me/', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    const headers = { ...route.request().headers() };
    delete headers['x-xsrf-token'];
    return route.continue({ headers });
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).first()).toContainText('403 error');
  await expect(toasts(page).first()).toContainText('Access forbidden!');
});

test('a 500 shows the fixed message, newest toast on top, and toasts leave by themselves', async ({
  page,
}) => {
  await signInAs(page, 'FO');
  await page.evaluate(async () => {
    const w = window as unknown as { __appHttp: { get: (p: string) => Promise<unknown> } };
    await w.__appHttp.get('users/').catch(() => null);
    await w.__appHttp.get('__test__/error').catch(() => null);
  });
  await expect(toasts(page)).toHaveCount(2);
  await expect(toasts(page).nth(0)).toContainText('500 error');
  await expect(toasts(page).nth(0)).toContainText('Something went wrong. Try again or contact us.');
  await expect(toasts(page).nth(1)).toContainText('403 error');
  // top-right corner, just under the 56 px header (a notice that stays must not hide the bell)
  const box = await toasts(page).first().boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x + box.width).toBeGreaterThan((viewport?.width ?? 0) - 40);
  expect(box?.y).toBeGreaterThanOrEqual(56);
  expect(box?.y).toBeLessThan(80);
  await shot(page, 'toast-500');
  // a tap dismisses
  await toasts(page).nth(1).click();
  await expect(toasts(page)).toHaveCount(1);
  // 5000 ms, then a 300 ms fade
  await expect(toasts(page)).toHaveCount(0, { timeout: 8000 });
});

test('the loading bar runs while a call is in flight', async ({ page }) => {
  await signInAs(page, 'Admin');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/users/?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/users');
  const bar = page.getByTestId('loading-bar');
  await expect(bar).toBeVisible();
  await expect(bar.locator('div')).toHaveCSS('background-color', 'rgb(209, 74, 77)');
  release();
  await expect(bar).toBeHidden();
});

import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, nav, openNav, shot, signIn, signInAs, signOut, toasts } from './support/session.ts';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('everyone edits their name, avatar and password on /profile', async ({ page }) => {
  await signInAs(page, 'BO');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Name' });
  const original = await name.inputValue();
  await name.fill('Bea Backend');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).first()).toContainText('Your profile was saved.');
  await expect(page.getByRole('link', { name: 'Profile of Bea Backend' })).toBeVisible();

  // a file that is not an image is refused before upload
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByRole('alert').filter({ hasText: 'PNG, JPEG, WebP or GIF' })).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(toasts(page).first()).toContainText('Your photo was updated.');
  await expect(page.getByRole('link', { name: 'Profile of Bea Backend' }).locator('img')).toHaveAttribute(
    'src',
    /\/media\/avatars\//,
  );
  await shot(page, 'profile');

  // the photo can be removed again, after a confirmation; the header falls back to initials
  await page.getByRole('button', { name: 'Remove photo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove photo' });
  await confirm.getByRole('button', { name: 'Remove photo' }).click();
  await expect(toasts(page).first()).toContainText('Your photo was removed.');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('link', { name: 'Profile of Bea Backend' }).locator('img')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Profile of Bea Backend' })).toContainText('BB');
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeHidden();

  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('bea-new-password-1');
  await page.getByLabel('Repeat the new password').fill('bea-new-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toasts(page).first()).toContainText('Your password was changed.');

  await signOut(page);
  await signIn(page, 'bo@example.com', 'bea-new-password-1');
  await expect(page).toHaveURL('/requests');
  await openNav(page);
  await expect(nav(page)).toContainText('Bea Backend');

  // put the demo account back as it was for the other specs
  await page.goto('/profile');
  await page.getByRole('textbox', { name: 'Name' }).fill(original);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).first()).toContainText('Your profile was saved.');
  await page.getByLabel('Current password').fill('bea-new-password-1');
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toasts(page).first()).toContainText('Your password was changed.');
});

test('a wrong current password is refused', async ({ page }) => {
  await signInAs(page, 'FO');
  await page.goto('/profile');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('whatever-password-1');
  await page.getByLabel('Repeat the new password').fill('whatever-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.').first()).toBeVisible();
});

test('/recover asks for a reset link, and a bad link token is explained', async ({ page }) => {
  await page.goto('/recover');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await shot(page, 'recover-request');
  await page.getByRole('textbox', { name: 'Email' }).fill('fo@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto('/recover?token=not-a-real-token-value');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('another-password-1');
  await page.getByLabel('Repeat the new password').fill('another-password-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText(/invalid|expired/i);
  await shot(page, 'recover-token');
});

test('/recover explains when too many links were asked for one address', async ({ page }) => {
  const ask = async () => {
    await page.goto('/recover');
    await page.getByRole('textbox', { name: 'Email' }).fill('accountant@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
  };
  for (let i = 0; i < 3; i++) {
    await ask();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  }
  await ask();
  await expect(page.getByRole('alert')).toHaveText('Too many reset requests. Try again in 15 minutes.');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

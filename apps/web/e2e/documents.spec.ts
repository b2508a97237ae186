import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { shot, signInAs } from './support/session.ts';

/**
 * Issue 14's documents path, as BO does it: on a request's page, two files uploaded at once into
 * the request's folder (made with the request), then one downloaded: the bytes that come back are
 * the bytes that went up.
 */
test('BO uploads two files into a request’s folder and downloads one, byte for byte', async ({ page }) => {
  await signInAs(page, 'BO');
  await page
    .getByRole('table', { name: 'Requests' })
    .getByRole('link', { name: /^(BSLF|TPRO|AIRS)-\d{4}-\d{5}$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/requests\/\d+$/);
  const heading = page.getByRole('heading', { level: 1, name: /^(BSLF|TPRO|AIRS)-\d{4}-\d{5}/ });
  const number = ((await heading.textContent()) ?? '').match(/[A-Z]{4}-\d{4}-\d{5}/)?.[0];
  expect(number).toBeTruthy();
  const panel = page.getByTestId('record-folder');
  await expect(panel.getByText(`Folder “${number}”`)).toBeVisible();

  const voucher = Buffer.from(`%PDF-1.4\n% hotel voucher ${Date.now()}\n%%EOF\n`);
  // bytes a text decoder would mangle: the download must be the file, not a reading of it
  const scan = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7 + 3) % 256));
  await panel.locator('input[type="file"]').setInputFiles([
    { name: 'Hotel voucher.pdf', mimeType: 'application/pdf', buffer: voucher },
    { name: 'Passport scan.bin', mimeType: 'application/octet-stream', buffer: scan },
  ]);
  const uploads = panel.getByRole('region', { name: "Uploads to this request's folder" });
  await expect(uploads.getByTestId('upload-row').filter({ hasText: 'Uploaded' })).toHaveCount(2);
  const files = panel.getByRole('table', { name: 'Documents of this request' });
  await expect(files.getByRole('button', { name: 'Preview Hotel voucher.pdf' })).toBeVisible();
  await expect(files.getByRole('button', { name: 'Download Passport scan.bin' })).toBeVisible();
  await shot(page, 'documents-request-panel');

  const download = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Actions for Passport scan.bin' }).click();
  await page.getByRole('menuitem', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Passport scan.bin');
  expect((await readFile(await file.path())).equals(scan)).toBe(true);
});

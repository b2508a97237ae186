import { type Browser, expect, type Page, test } from '@playwright/test';
import { nav, openNav, shot, signInAs, toasts } from './support/session.ts';

/**
 * Issue 13 across two people at once, each in their own browser context: the front office
 * assigns a task to the back office, whose bell counts it without a reload; the back office
 * writes to the front office in the chat, who sees the notice with the author's name.
 */

/** The signed-in person's name, as the header's avatar link says it. */
async function nameOf(page: Page): Promise<string> {
  const label = await page.getByRole('link', { name: /^Profile of / }).getAttribute('aria-label');
  return (label ?? '').replace(/^Profile of /, '');
}

/**
 * Signs in and waits until the page's socket is accepted (the server's `socket.ready`), so an
 * event sent after this reaches it.
 */
async function signInLive(browser: Browser, role: 'FO' | 'BO'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const ready = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/notifications/?token=')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"socket.ready"')) resolve();
      });
    });
  });
  await signInAs(page, role);
  await ready;
  return page;
}

const bell = (page: Page) => page.getByTestId('notification-bell');

async function unreadOf(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(label.match(/(\d+) unread/)?.[1] ?? 0);
}

test('a task assigned to BO rings their bell live; a chat message from BO raises a notice for FO', async ({
  browser,
}) => {
  const fo = await signInLive(browser, 'FO');
  const bo = await signInLive(browser, 'BO');
  const boris = await nameOf(bo);
  expect(boris).not.toBe('');
  const before = await unreadOf(bo);
  const startUrl = bo.url();

  // FO assigns a task to BO in the tasks page's dialog
  const title = `Call the Ritz about late check-out ${Date.now()}`;
  await openNav(fo); // the app's own navigation: FO's socket stays the one already accepted
  await nav(fo).getByRole('link', { name: 'Tasks' }).click();
  await expect(fo).toHaveURL(/\/tasks/);
  await fo.getByRole('button', { name: 'New task' }).click();
  const form = fo.getByRole('dialog', { name: 'New task' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('combobox', { name: /^Assignee/ }).click();
  await fo.getByPlaceholder('Start typing...').filter({ visible: true }).pressSequentially('Boris');
  await fo
    .getByRole('option', { name: /^Boris Back/ })
    .first()
    .click();
  await form.getByRole('button', { name: 'Create task' }).click();
  await expect(form).toBeHidden();

  // BO: the bell rises and a notice says so, without a reload (that the notice stays until
  // closed is use-live-updates.test.tsx's, on a fake clock)
  await expect(bell(bo)).toHaveAttribute('aria-label', `Notifications, ${before + 1} unread`);
  const taskNotice = toasts(bo).filter({ hasText: title });
  await expect(taskNotice).toContainText('New task');
  expect(bo.url()).toBe(startUrl);
  await shot(bo, 'collaboration-bo-new-task');

  // the notice opens the task it tells of, and goes
  await taskNotice.getByRole('button', { name: 'Open' }).click();
  await expect(bo).toHaveURL(/\/tasks\?task=\d+$/);
  const opened = bo.getByRole('dialog', { name: 'Task' });
  await expect(opened).toContainText(title);
  await expect(taskNotice).toHaveCount(0);
  await bo.keyboard.press('Escape');
  await expect(opened).toBeHidden();

  // the notifications page lists it unread, links it to the task and marks it read
  await bell(bo).click();
  await expect(bo).toHaveURL('/notifications');
  const row = bo.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', /^\/tasks\?task=\d+$/);
  await shot(bo, 'collaboration-bo-notifications');
  await row.getByRole('button', { name: `Mark read: ${title}` }).click();
  await expect(row.getByText('Read', { exact: true })).toBeVisible();
  await expect(bell(bo)).toHaveAttribute(
    'aria-label',
    before === 0 ? 'Notifications' : `Notifications, ${before} unread`,
  );

  // BO writes to FO in the chat; FO has no chat open, so a notice says who wrote what
  const text = `Ritz confirmed the 14:00 check-out ${Date.now()}`;
  await bo.getByRole('button', { name: /^Chat/ }).click();
  await bo.getByRole('button', { name: 'New chat' }).click();
  const dialog = bo.getByRole('dialog', { name: 'New chat' });
  await dialog.getByRole('combobox', { name: /^Colleague/ }).click();
  await bo.getByPlaceholder('Start typing...').filter({ visible: true }).pressSequentially('Fiona');
  await bo
    .getByRole('option', { name: /^Fiona Front/ })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  const chat = bo.getByRole('region', { name: /Chat: Fiona Front/ });
  await chat.getByRole('textbox', { name: 'Message' }).fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();

  const notice = toasts(fo).filter({ hasText: text });
  await expect(notice).toContainText(boris);
  await shot(fo, 'collaboration-fo-chat-notice');
  // BO sees no notice of their own message
  await expect(toasts(bo).filter({ hasText: text })).toHaveCount(0);
});

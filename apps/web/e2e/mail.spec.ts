import { type APIRequestContext, expect, test } from '@playwright/test';
// the spec's Node side runs the project's SMTP sink (a test server, not app code) to receive the reply
import { type SmtpSink, startSmtpSink } from '../../server/src/test/smtp-sink.ts';
import { ACCOUNTS, DEMO_PASSWORD, signInAs } from './support/session.ts';

/** A demo message of the Dubai office (the FO's), linked to its sender, Igor Novikov. */
const SUBJECT = 'Plans for the summer';

interface Found {
  id: number;
  mailbox: number;
  message_id: string;
  client: { id: number; name: string };
  from: { address: string };
}

let sink: SmtpSink;
let admin: { call: (method: 'GET' | 'PATCH', path: string, data?: unknown) => Promise<unknown> };
let restore: Record<string, unknown> = {};
let mailboxId = 0;

/** The Admin through the API: the mailbox settings the UI would save. */
async function signInAdmin(request: APIRequestContext) {
  await request.get('/api/v1/health'); // sets the XSRF-TOKEN cookie
  const xsrf = () =>
    request.storageState().then((s) => s.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const login = await request.post('/api/v1/auth/token/login/', {
    data: { email: ACCOUNTS.Admin, password: DEMO_PASSWORD },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.auth_token as string;
  return {
    async call(method: 'GET' | 'PATCH', path: string, data?: unknown) {
      const res = await request.fetch(`/api/v1/${path}`, {
        method,
        ...(data === undefined ? {} : { data }),
        headers: { Authorization: `Token ${token}`, 'X-XSRF-TOKEN': await xsrf() },
      });
      expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
      return ((await res.json()) as { data: unknown }).data;
    },
  };
}

test.beforeAll(async ({ playwright, baseURL }) => {
  sink = await startSmtpSink();
  admin = await signInAdmin(await playwright.request.newContext({ baseURL }));
});

test.afterAll(async () => {
  if (mailboxId) await admin.call('PATCH', `mail/mailboxes/${mailboxId}/`, restore);
  await sink?.stop();
});

test('FO reads a linked email on the client’s page and replies, threaded, through the office’s SMTP', async ({
  page,
}) => {
  const [found] = (await admin.call(
    'GET',
    `mail/messages/?search=${encodeURIComponent(SUBJECT)}`,
  )) as Found[];
  expect(found?.client.name).toBe('Igor Novikov');
  const message = (await admin.call('GET', `mail/messages/${found!.id}/`)) as Found;
  // the office's mailbox sends through the sink (the demo mailboxes are disabled, with no real server)
  mailboxId = found!.mailbox;
  const box = (await admin.call('GET', 'mail/mailboxes/')) as Record<string, unknown>[];
  const before = box.find((m) => m.id === mailboxId)!;
  // put back afterwards (not the user: a login without the password it loses is refused)
  restore = {
    smtp_host: before.smtp_host,
    smtp_port: before.smtp_port,
    smtp_security: before.smtp_security,
    enabled: before.enabled,
  };
  await admin.call('PATCH', `mail/mailboxes/${mailboxId}/`, {
    smtp_host: sink.host,
    smtp_port: sink.port,
    smtp_security: 'none',
    smtp_user: '',
    enabled: true,
  });

  await signInAs(page, 'FO');
  await page.goto(`/directory/clients/${found!.client.id}`);
  const panel = page.getByRole('region', { name: 'Mail' });
  await panel.getByRole('button', { name: new RegExp(`^Open message ${SUBJECT}`) }).click();
  const reader = page.getByRole('dialog', { name: 'Message' });
  await expect(reader.getByRole('heading', { name: SUBJECT })).toBeVisible();
  await expect(reader.getByText('Could you send a few ideas?')).toBeVisible();

  await reader.getByRole('button', { name: 'Reply', exact: true }).click();
  const compose = page.getByRole('dialog', { name: 'Reply' });
  await expect(compose.getByRole('textbox', { name: 'To' })).toHaveValue(
    `Igor Novikov <${found!.from.address}>`,
  );
  await expect(compose.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Re: ${SUBJECT}`);
  await page.keyboard.type('Dear Igor, three yachts for July follow tomorrow.');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose).toBeHidden();

  const sent = await sink.next(15_000);
  expect(sent.to).toEqual([found!.from.address]);
  const raw = sent.raw.toString('utf8');
  expect(raw).toContain(`In-Reply-To: ${message.message_id}`);
  expect(raw).toMatch(/^Subject: Re: Plans for the summer$/m);
  expect(raw).toContain('Dear Igor, three yachts for July follow tomorrow.');
  // the reply is stored, linked to the client like the message it answers
  await expect(
    page.getByRole('region', { name: 'Mail' }).getByRole('button', { name: `Open message Re: ${SUBJECT}` }),
  ).toBeVisible();
});

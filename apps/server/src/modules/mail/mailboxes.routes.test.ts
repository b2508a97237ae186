import { Writable } from 'node:stream';
import { MAIL_MESSAGES, type Mailbox, type MailboxTestResult, type MailFolder } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { loggerOptions } from '../../platform/logging.ts';
import { type Dovecot, startDovecot } from '../../test/dovecot.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { issueToken } from '../../test/tokens.ts';
import { mailboxes } from './mail.table.ts';
import {
  createMailbox,
  insertFolder,
  insertMessage,
  mailboxBody,
  officeId,
} from './messages.test-support.ts';

const OFFICE = { user: 'london@example.com', password: 'london-imap-pass-1' };

let t: TestContext;
let admin: string;
let fo: string;
let bo: string;
let london: number;
let dubai: number;
let dovecot: Dovecot;
let sink: SmtpSink;
let londonBox: Mailbox;
const logLines: string[] = [];

beforeAll(async () => {
  [t, dovecot, sink] = await Promise.all([
    createTestContext(),
    startDovecot({ users: [OFFICE] }),
    startSmtpSink({ users: [OFFICE] }),
  ]);
  [admin, fo, bo] = await Promise.all([t.login('Admin'), t.login('FO'), t.login('BO')]);
  [london, dubai] = await Promise.all([officeId(t, 'London'), officeId(t, 'Dubai')]);
  const res = await t.request({
    method: 'POST',
    url: 'mail/mailboxes/',
    token: admin,
    payload: mailboxBody(london, {
      name: 'London office',
      address: 'London@Example.com',
      imap_host: dovecot.host,
      imap_port: dovecot.port,
      imap_security: 'none',
      imap_user: OFFICE.user,
      imap_password: OFFICE.password,
      smtp_host: sink.host,
      smtp_port: sink.port,
      smtp_security: 'none',
      smtp_user: OFFICE.user,
      smtp_password: OFFICE.password,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  londonBox = res.json().data;
});
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop(), sink?.stop()]);
});

const storedRow = async (id: number) =>
  (await t.database.db.select().from(mailboxes).where(eq(mailboxes.id, id)))[0]!;

describe('creating a mailbox', () => {
  it('answers the settings without any password, seals both passwords, and records the history without them', async () => {
    expect(londonBox).toMatchObject({
      office: { id: london, title: 'London' },
      name: 'London office',
      address: 'london@example.com',
      imap_security: 'none',
      imap_user: OFFICE.user,
      has_imap_password: true,
      smtp_user: OFFICE.user,
      has_smtp_password: true,
      enabled: true,
      unread: 0,
      version: 1,
      last_synced_at: null,
      last_error: null,
    });
    expect(JSON.stringify(londonBox)).not.toContain(OFFICE.password);
    const row = await storedRow(londonBox.id);
    expect(row.imap_password_enc).toMatch(/^v1\./);
    expect(row.imap_password_enc).not.toContain(OFFICE.password);
    expect(row.smtp_password_enc).toMatch(/^v1\./);

    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=mailbox&entity_id=${londonBox.id}`,
      token: admin,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toHaveLength(1);
    expect(history.json().data[0].changes).toMatchObject({
      imap_password: [null, 'set'],
      name: [null, 'London office'],
    });
    expect(history.body).not.toContain(OFFICE.password);
    expect(history.body).not.toContain(row.imap_password_enc);
  });

  it('allows one mailbox per office', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'mail/mailboxes/',
      token: admin,
      payload: mailboxBody(london),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { office: [MAIL_MESSAGES.mailboxPerOffice] } });
  });

  it('refuses an unknown office, an SMTP user without a password and an address that is not one', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: 'mail/mailboxes/',
      token: admin,
      payload: mailboxBody(9999),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('office');
    const { smtp_password: _, ...noSmtpPassword } = mailboxBody(dubai);
    const noPassword = await t.request({
      method: 'POST',
      url: 'mail/mailboxes/',
      token: admin,
      payload: noSmtpPassword,
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual({ smtp_password: [MAIL_MESSAGES.passwordRequired] });
    const badAddress = await t.request({
      method: 'POST',
      url: 'mail/mailboxes/',
      token: admin,
      payload: mailboxBody(dubai, { address: 'not-an-address' }),
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().errors).toHaveProperty('address');
    const anyBox = await t.request({ method: 'GET', url: 'mail/mailboxes/', token: admin });
    expect(anyBox.json().data.map((m: Mailbox) => m.office.title)).toEqual(['London']);
  });
});

describe('updating a mailbox', () => {
  it('keeps a password left out, seals a new one, checks the version, and forgets the SMTP password with its user', async () => {
    const box = await createMailbox(t, admin, mailboxBody(dubai, { name: 'Dubai' }));
    const before = await storedRow(box.id);

    const renamed = await t.request({
      method: 'PATCH',
      url: `mail/mailboxes/${box.id}/`,
      token: admin,
      payload: { name: 'Dubai office', smtp_password: '', version: 1 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Dubai office', version: 2, has_smtp_password: true });
    const kept = await storedRow(box.id);
    expect(kept.imap_password_enc).toBe(before.imap_password_enc);
    expect(kept.smtp_password_enc).toBe(before.smtp_password_enc);

    const stale = await t.request({
      method: 'PATCH',
      url: `mail/mailboxes/${box.id}/`,
      token: admin,
      payload: { name: 'Too late', version: 1 },
    });
    expect(stale.statusCode).toBe(409);

    const newPassword = await t.request({
      method: 'PATCH',
      url: `mail/mailboxes/${box.id}/`,
      token: admin,
      payload: { imap_password: 'a-new-imap-secret', version: 2 },
    });
    expect(newPassword.statusCode, newPassword.body).toBe(200);
    const changed = await storedRow(box.id);
    expect(changed.imap_password_enc).not.toBe(before.imap_password_enc);
    expect(changed.imap_password_enc).not.toContain('a-new-imap-secret');

    const noSmtpLogin = await t.request({
      method: 'PATCH',
      url: `mail/mailboxes/${box.id}/`,
      token: admin,
      payload: { smtp_user: '' },
    });
    expect(noSmtpLogin.statusCode, noSmtpLogin.body).toBe(200);
    expect(noSmtpLogin.json().data).toMatchObject({ smtp_user: '', has_smtp_password: false, version: 4 });
    expect((await storedRow(box.id)).smtp_password_enc).toBeNull();

    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=mailbox&entity_id=${box.id}`,
      token: admin,
    });
    const changes = history.json().data.map((e: { changes: Record<string, unknown> }) => e.changes);
    expect(changes).toContainEqual({ imap_password: ['set', 'changed'] });
    expect(changes).toContainEqual({ name: ['Dubai', 'Dubai office'] });
    expect(history.body).not.toContain('a-new-imap-secret');

    const missing = await t.request({
      method: 'PATCH',
      url: 'mail/mailboxes/99999/',
      token: admin,
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('reading mailboxes and folders', () => {
  it('shows an Admin every mailbox and others their own office’s, with its unread incoming count', async () => {
    const inbox = await insertFolder(t.database.db, londonBox.id, 'INBOX', 'inbox');
    const sent = await insertFolder(t.database.db, londonBox.id, 'Sent', 'sent');
    const archive = await insertFolder(t.database.db, londonBox.id, 'Archive');
    for (const seen of [false, false, true])
      await insertMessage(t.database.db, { mailbox: londonBox.id, folder: inbox.id, subject: 'Hi', seen });
    await insertMessage(t.database.db, {
      mailbox: londonBox.id,
      folder: sent.id,
      subject: 'Out',
      direction: 'out',
    });

    const all = await t.request({ method: 'GET', url: 'mail/mailboxes/', token: admin });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.map((m: Mailbox) => m.office.title)).toEqual(['Dubai', 'London']);
    expect(all.json().data.find((m: Mailbox) => m.id === londonBox.id).unread).toBe(2);
    expect(all.body).not.toMatch(/password"\s*:\s*"|_enc/);

    const mine = await t.request({ method: 'GET', url: 'mail/mailboxes/', token: bo });
    expect(mine.json().data.map((m: Mailbox) => m.office.title)).toEqual(['London']);
    const theirs = await t.request({ method: 'GET', url: 'mail/mailboxes/', token: fo });
    expect(theirs.json().data.map((m: Mailbox) => m.office.title)).toEqual(['Dubai']);

    const folders = await t.request({
      method: 'GET',
      url: `mail/mailboxes/${londonBox.id}/folders/`,
      token: bo,
    });
    expect(folders.statusCode, folders.body).toBe(200);
    expect(folders.json().data).toEqual<MailFolder[]>([
      {
        id: inbox.id,
        mailbox: londonBox.id,
        path: 'INBOX',
        name: 'INBOX',
        role: 'inbox',
        unread: 2,
        total: 3,
      },
      { id: sent.id, mailbox: londonBox.id, path: 'Sent', name: 'Sent', role: 'sent', unread: 0, total: 1 },
      {
        id: archive.id,
        mailbox: londonBox.id,
        path: 'Archive',
        name: 'Archive',
        role: null,
        unread: 0,
        total: 0,
      },
    ]);
    const otherOffice = await t.request({
      method: 'GET',
      url: `mail/mailboxes/${londonBox.id}/folders/`,
      token: fo,
    });
    expect(otherOffice.statusCode).toBe(404);
  });

  it('counts a large folder’s unread exactly and its total from the estimate above a thousand', async () => {
    const big = await insertFolder(t.database.db, londonBox.id, 'Big');
    await t.database.db.execute(sql`
      insert into mail_messages (mailbox_id, folder_id, uidvalidity, uid, message_id, direction, date, seen_at, search_vector)
      select ${londonBox.id}, ${big.id}, 1, n, '<big-' || n || '@example.org>', 'in', now(),
        case when n % 5 = 0 then null else now() end, ''
      from generate_series(1, 1500) n`);
    const folders = await t.request({
      method: 'GET',
      url: `mail/mailboxes/${londonBox.id}/folders/`,
      token: bo,
    });
    const row = folders.json().data.find((f: MailFolder) => f.id === big.id) as MailFolder;
    expect(row.unread).toBe(300);
    expect(row.total).toBeGreaterThan(1000);
    const boxes = await t.request({ method: 'GET', url: 'mail/mailboxes/', token: bo });
    expect(boxes.json().data[0].unread).toBe(302);
  });
});

describe('test connection', () => {
  const settings = () => ({
    imap_host: dovecot.host,
    imap_port: dovecot.port,
    imap_security: 'none',
    imap_user: OFFICE.user,
    imap_password: OFFICE.password,
    smtp_host: sink.host,
    smtp_port: sink.port,
    smtp_security: 'none',
    smtp_user: OFFICE.user,
    smtp_password: OFFICE.password,
    name: 'x',
    address: 'x@example.com',
  });
  const test = async (payload: Record<string, unknown>) => {
    const res = await t.request({ method: 'POST', url: 'mail/mailboxes/test/', token: admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MailboxTestResult;
  };
  const step = (r: MailboxTestResult, name: string) => r.steps.find((s) => s.step === name);

  it('passes every step against a real Dovecot and SMTP server', async () => {
    const result = await test(settings());
    expect(result).toEqual({
      ok: true,
      steps: ['imap_connect', 'imap_login', 'imap_list', 'smtp_connect', 'smtp_auth'].map((s) => ({
        step: s,
        ok: true,
        message: null,
      })),
    });
  });

  it('says the connection failed on a port nothing listens on', async () => {
    const result = await test({ ...settings(), imap_port: 1, smtp_port: 1 });
    expect(result.steps).toEqual([
      {
        step: 'imap_connect',
        ok: false,
        message: 'Connection refused by 127.0.0.1:1: nothing listens on that port',
      },
      {
        step: 'smtp_connect',
        ok: false,
        message: 'Connection refused by 127.0.0.1:1: nothing listens on that port',
      },
    ]);
  });

  it('says TLS failed when asked for TLS on a plain port', async () => {
    const result = await test({ ...settings(), imap_security: 'tls', smtp_security: 'starttls' });
    expect(step(result, 'imap_connect')?.message).toMatch(/^TLS failed: .* does not speak TLS on that port/);
    expect(step(result, 'smtp_connect')?.message).toMatch(/^TLS failed: /);
  });

  it('fills empty passwords from a saved mailbox, and needs one otherwise', async () => {
    const { imap_password: _i, smtp_password: _s, ...noPasswords } = settings();
    const stored = await test({ ...noPasswords, mailbox: londonBox.id });
    expect(stored.ok).toBe(true);
    // a typed password wins over the stored one (SMTP: Dovecot slows down repeated failed logins)
    const typed = await test({ ...noPasswords, smtp_password: 'wrong-pass', mailbox: londonBox.id });
    expect(step(typed, 'imap_login')?.ok).toBe(true);
    expect(step(typed, 'smtp_auth')?.ok).toBe(false);

    const none = await t.request({
      method: 'POST',
      url: 'mail/mailboxes/test/',
      token: admin,
      payload: noPasswords,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ imap_password: [MAIL_MESSAGES.passwordRequired] });
    const unknown = await t.request({
      method: 'POST',
      url: 'mail/mailboxes/test/',
      token: admin,
      payload: { ...noPasswords, mailbox: 99999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('mailbox');
  });

  // Last of the logins: Dovecot delays the logins that follow a failed one from the same address.
  it('says the login failed, in the servers’ own words, on a wrong password', async () => {
    const result = await test({ ...settings(), imap_password: 'wrong-pass', smtp_password: 'wrong-pass' });
    expect(result.ok).toBe(false);
    expect(step(result, 'imap_connect')).toEqual({ step: 'imap_connect', ok: true, message: null });
    expect(step(result, 'imap_login')).toEqual({
      step: 'imap_login',
      ok: false,
      message: 'Authentication failed. [AUTHENTICATIONFAILED]',
    });
    expect(step(result, 'imap_list')).toBeUndefined();
    expect(step(result, 'smtp_auth')).toEqual({
      step: 'smtp_auth',
      ok: false,
      message: '535 Invalid username or password',
    });
  });

  it('is the Admin’s', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'mail/mailboxes/test/',
      token: bo,
      payload: settings(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('passwords in the log', () => {
  it('are redacted under their keys, in the clear or sealed, and as a mail client’s auth.pass', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions('info'), stream);
    log.info({ body: { imap_password: 'p-one', smtp_password: 'p-two' } }, 'a body');
    log.info(
      { imap_password_enc: 'v1.sealed-one', mailbox: { smtp_password_enc: 'v1.sealed-two' } },
      'a row',
    );
    log.info({ options: { auth: { user: 'u', pass: 'p-three' } } }, 'a client');
    const out = lines.join('');
    for (const secret of ['p-one', 'p-two', 'v1.sealed-one', 'v1.sealed-two', 'p-three'])
      expect(out).not.toContain(secret);
    expect(out.match(/\[redacted\]/g)).toHaveLength(5);
  });

  it('never show a mailbox password, even when saving the mailbox fails', async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      database: t.database,
      mailer: { send: async () => {} },
      logger: { level: 'info', stream },
    });
    await app.ready();
    try {
      await t.database.db.execute(
        sql.raw(`alter table mailboxes add constraint no_leaks check (name <> 'Leak')`),
      );
      const token = await issueToken(t.database.db, ROLE_EMAILS.Admin);
      // The office must be free, so that the failure is the constraint's.
      await t.database.db.delete(mailboxes).where(eq(mailboxes.region_id, dubai));
      const failed = await app.inject({
        method: 'POST',
        url: '/api/v1/mail/mailboxes/',
        payload: mailboxBody(dubai, {
          name: 'Leak',
          imap_password: 'Leaky-Imap-1',
          smtp_password: 'Leaky-Smtp-2',
        }),
        headers: {
          cookie: 'XSRF-TOKEN=x-x-x-x-x-x',
          'x-xsrf-token': 'x-x-x-x-x-x',
          authorization: `Token ${token}`,
        },
      });
      expect(failed.statusCode).toBe(500);
      const log = logLines.join('');
      expect(log).toContain('no_leaks');
      expect(log).not.toContain('Leaky-Imap-1');
      expect(log).not.toContain('Leaky-Smtp-2');
      expect(log).not.toMatch(/v1\.[A-Za-z0-9_-]{8,}\./);
    } finally {
      await t.database.db.execute(sql.raw('alter table mailboxes drop constraint no_leaks'));
      await app.close();
    }
  });
});

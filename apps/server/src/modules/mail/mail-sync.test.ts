import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../platform/blob-store.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { type Dovecot, startDovecot } from '../../test/dovecot.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { clients } from '../directory/clients.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { regions } from '../rates/regions.table.ts';
import { makeClient, makeRequest } from '../requests/offers.fixtures.ts';
import { users } from '../users/users.table.ts';
import type { MailDeps } from './mail.deps.ts';
import { mailboxes, mailFolders, mailMessages } from './mail.table.ts';
import { createMailSyncAgent } from './mail-sync.job.ts';
import { exclusivePass, type SyncResult, syncMailbox } from './mail-sync.ts';

/**
 * The sync against a real Dovecot: what is delivered is stored once (whatever passes, processes
 * and UIDVALIDITY do), linked, and announced; IDLE wakes the lease holder; a mailbox that cannot
 * be reached says why.
 */

const OFFICE = { user: 'office@example.com', password: 'office-pass-1' };
const WAIT_MS = 5000;
const KEY = randomBytes(32);
const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-sync-'));

let dovecot: Dovecot;
let t: TestContext;
let deps: MailDeps;
let admin: string;
let boxId: number;
let londonBoxId: number;
let foId: number;
let client: { id: number; email: string };
let request: { id: number; number: string };
let sequence = 0;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${WAIT_MS} ms: ${what}`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function deliver(opts: { from: string; subject: string; to?: string; mailbox?: string }) {
  sequence += 1;
  const messageId = `<m${sequence}.${Date.now()}@example.org>`;
  const raw = await new MailComposer({
    from: opts.from,
    to: opts.to ?? OFFICE.user,
    subject: opts.subject,
    messageId,
    text: `Message ${sequence}: ${opts.subject}`,
  })
    .compile()
    .build();
  await dovecot.deliver(OFFICE.user, raw, opts.mailbox ? { mailbox: opts.mailbox } : {});
  return messageId;
}

const messageCount = async () =>
  (
    await t.database.db.select({ n: count() }).from(mailMessages).where(eq(mailMessages.mailbox_id, boxId))
  )[0]!.n;
const storedRow = async (messageId: string) =>
  (await t.database.db.select().from(mailMessages).where(eq(mailMessages.message_id, messageId)))[0];
const newEmailsFor = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'NewEmail')));
const syncRoute = (id: number) =>
  t.request({ method: 'POST', url: `mail/mailboxes/${id}/sync/`, token: admin });

function doveadm(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('doveadm', ['-c', path.join(dovecot.dir, 'dovecot.conf'), ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`doveadm ${args.join(' ')}: ${stderr}`)),
    );
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  dovecot = await startDovecot({ users: [OFFICE] });
  t = await createTestContext({ DATA_DIR: dataDir, MAIL_SECRET_KEY: KEY.toString('base64') });
  const db = t.database.db;
  deps = {
    db,
    config: t.config,
    secrets: createSecretBox(KEY),
    blobs: createBlobStore(path.join(dataDir, 'blobs')),
    jobs: t.app.jobs,
  };
  admin = await t.login('Admin');
  const [fo] = await db.select().from(users).where(eq(users.email, 'fo@example.com'));
  foId = fo!.id;
  const [dubai] = await db.select().from(regions).where(eq(regions.title, 'Dubai'));
  const [london] = await db.select().from(regions).where(eq(regions.title, 'London'));
  const settings = {
    address: OFFICE.user,
    imap_host: dovecot.host,
    imap_port: dovecot.port,
    imap_security: 'none',
    imap_user: OFFICE.user,
    imap_password_enc: deps.secrets.seal(OFFICE.password),
    smtp_host: '127.0.0.1',
    smtp_port: 25,
    smtp_security: 'none',
  };
  // Dubai's mailbox: Fiona (FO) works there, so she may read what it receives.
  const [box] = await db
    .insert(mailboxes)
    .values({ ...settings, region_id: dubai!.id, name: 'Dubai office' })
    .returning();
  boxId = box!.id;
  const [other] = await db
    .insert(mailboxes)
    .values({ ...settings, region_id: london!.id, name: 'London office', imap_port: await closedPort() })
    .returning();
  londonBoxId = other!.id;
  const clientId = await makeClient(db, 'Ann', 'Lee');
  client = { id: clientId, email: 'ann@example.org' };
  await db.update(clients).set({ email: client.email, fo_manager_id: foId }).where(eq(clients.id, clientId));
  request = await makeRequest(db, clientId);
});

afterAll(async () => {
  await t?.close();
  await dovecot?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('mail sync', () => {
  it('stores what was delivered, linked, with NewEmail for the FO manager (not for history) and the server’s read marks', async () => {
    const linked = await deliver({
      from: 'Ann Lee <ann@example.org>',
      subject: `Dates for ${request.number}`,
    });
    const stranger = await deliver({ from: 'someone@example.net', subject: 'Offer' });
    const sent = await deliver({
      from: OFFICE.user,
      to: 'Ann <ann@example.org>',
      subject: 'Your visa',
      mailbox: 'Sent',
    });
    // The stranger's message was read in another mail program before the first sync.
    const imap = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: OFFICE.user, pass: OFFICE.password },
      logger: false,
    });
    await imap.connect();
    await imap.mailboxOpen('INBOX');
    await imap.messageFlagsAdd({ header: { 'message-id': stranger } }, ['\\Seen']);
    // Ann's letter of 2020, there before the mailbox was set up: history, linked but not announced.
    const history = '<history@example.org>';
    await imap.append(
      'INBOX',
      `From: Ann Lee <ann@example.org>\r\nTo: ${OFFICE.user}\r\nSubject: Old times\r\nMessage-ID: ${history}\r\n\r\nHello\r\n`,
      [],
      new Date('2020-05-01T10:00:00Z'),
    );
    await imap.logout();

    const res = await syncRoute(boxId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      stored: 4,
      more: false,
      folders: [
        { id: expect.any(Number), path: 'INBOX', role: 'inbox', stored: 3, more: false },
        { id: expect.any(Number), path: 'Sent', role: 'sent', stored: 1, more: false },
      ],
    });

    const inbound = await storedRow(linked);
    expect(inbound).toMatchObject({
      direction: 'in',
      client_id: client.id,
      request_id: request.id,
      linked_by: 'auto',
      from_name: 'Ann Lee',
      seen_at: null,
      uid: 1,
    });
    expect(await storedRow(stranger)).toMatchObject({ client_id: null, seen_at: expect.any(Date) });
    expect(await storedRow(sent)).toMatchObject({ direction: 'out', client_id: client.id, request_id: null });
    expect(await storedRow(history)).toMatchObject({ client_id: client.id, linked_by: 'auto' });
    const notices = await newEmailsFor(foId);
    expect(notices.map((n) => [n.title, n.data])).toEqual([
      [`New email from Ann Lee: Dates for ${request.number}`, { message_id: inbound!.id }],
    ]);

    const folders = await t.database.db.select().from(mailFolders).where(eq(mailFolders.mailbox_id, boxId));
    expect(Object.fromEntries(folders.map((f) => [f.path, f.role]))).toEqual({
      INBOX: 'inbox',
      Sent: 'sent',
      Drafts: null,
      Trash: null,
      Junk: null,
    });
    expect(folders.find((f) => f.path === 'INBOX')).toMatchObject({
      last_uid: 3,
      uidvalidity: expect.any(Number),
    });
    const [box] = await t.database.db.select().from(mailboxes).where(eq(mailboxes.id, boxId));
    expect(box).toMatchObject({ last_synced_at: expect.any(Date), last_error: null });
  });

  it('stores nothing twice: two passes at once (two processes), then another', async () => {
    const before = await messageCount();
    const noticesBefore = (await newEmailsFor(foId)).length;
    const fresh = await deliver({ from: 'ann@example.org', subject: 'One more thing' });
    // Separate deps: nothing shared in memory, only the database, as two server processes.
    const other: MailDeps = { ...deps, secrets: createSecretBox(KEY) };
    const [a, b] = await Promise.all([syncMailbox(deps, boxId), syncMailbox(other, boxId)]);
    expect(a.stored + b.stored).toBe(1);
    expect(await messageCount()).toBe(before + 1);
    expect(await newEmailsFor(foId)).toHaveLength(noticesBefore + 1);
    expect(await storedRow(fresh)).toMatchObject({ client_id: client.id });

    const again = await syncMailbox(deps, boxId);
    expect(again.stored).toBe(0);
    expect(await messageCount()).toBe(before + 1);
  });

  it('resumes a stopped pass where its last transaction left the cursor', async () => {
    const before = await messageCount();
    const ids = [];
    for (const subject of ['First', 'Second', 'Third'])
      ids.push(await deliver({ from: 'x@example.net', subject }));
    const [inbox] = await t.database.db
      .select()
      .from(mailFolders)
      .where(and(eq(mailFolders.mailbox_id, boxId), eq(mailFolders.path, 'INBOX')));
    const stop = new AbortController();
    // Batches of two messages, one per transaction; stopped after the first batch.
    const stopped = syncMailbox(deps, boxId, {
      batchSize: 2,
      storeChunk: 1,
      signal: stop.signal,
      onBatch: () => stop.abort(),
    });
    await expect(stopped).rejects.toThrow('The sync was stopped');
    const [halfway] = await t.database.db.select().from(mailFolders).where(eq(mailFolders.id, inbox!.id));
    expect(halfway!.last_uid).toBe(inbox!.last_uid + 2);
    expect(await messageCount()).toBe(before + 2);
    expect(await storedRow(ids[2]!)).toBeUndefined();

    const rest = await syncMailbox(deps, boxId, { batchSize: 2, storeChunk: 1 });
    expect(rest.folders.find((f) => f.path === 'INBOX')).toMatchObject({
      stored: 1,
      last_uid: inbox!.last_uid + 3,
    });
    expect(await messageCount()).toBe(before + 3);
  });

  it('bounds a batch in bytes as well as in messages: a message over the bound is a batch alone', async () => {
    for (const subject of ['Big 1', 'Big 2']) await deliver({ from: 'x@example.net', subject });
    const fetched: [string, number][] = [];
    const result = await syncMailbox(deps, boxId, {
      batchBytes: 1,
      onBatch: (b) => fetched.push([b.folder, b.fetched]),
    });
    expect(result.stored).toBe(2);
    expect(fetched).toEqual([
      ['INBOX', 1],
      ['INBOX', 1],
    ]);
  });

  it('ends a pass out of time between transactions, saying more are left (the sync route’s bound)', async () => {
    const before = await messageCount();
    const ids = [];
    for (const subject of ['Late 1', 'Late 2', 'Late 3'])
      ids.push(await deliver({ from: 'x@example.net', subject }));
    // Past its deadline from the start: one transaction (of two messages), then the answer.
    const bounded = await syncMailbox(deps, boxId, { storeChunk: 2, deadline: Date.now() - 1 });
    expect(bounded).toMatchObject({ stored: 2, more: true });
    expect(bounded.folders).toEqual([expect.objectContaining({ path: 'INBOX', stored: 2, more: true })]);
    expect(await storedRow(ids[2]!)).toBeUndefined();
    const rest = await syncMailbox(deps, boxId, { storeChunk: 2, deadline: Date.now() - 1 });
    expect(rest).toMatchObject({ stored: 1, more: true }); // INBOX done, Sent not looked at
    expect(rest.folders.map((f) => [f.path, f.stored, f.more])).toEqual([['INBOX', 1, false]]);
    expect(await syncMailbox(deps, boxId)).toMatchObject({ stored: 0, more: false });
    expect(await messageCount()).toBe(before + 3);
  });

  it('answers the sync route at once while this process’s pass of the mailbox is under way', async () => {
    let finish = () => {};
    const background = exclusivePass(t.database.db, boxId, () => new Promise<void>((r) => (finish = r)));
    try {
      const res = await syncRoute(boxId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ stored: 0, more: true, folders: [] });
    } finally {
      finish();
      await background;
    }
    expect((await syncRoute(boxId)).json().data).toMatchObject({ stored: 0, more: false });
  });

  it('refetches after a UIDVALIDITY change without duplicating a message', async () => {
    const before = await messageCount();
    const [inbox] = await t.database.db
      .select()
      .from(mailFolders)
      .where(and(eq(mailFolders.mailbox_id, boxId), eq(mailFolders.path, 'INBOX')));
    const changed = inbox!.uidvalidity! + 1000;
    await doveadm(['mailbox', 'update', '-u', OFFICE.user, '--uid-validity', String(changed), 'INBOX']);

    const result = await syncMailbox(deps, boxId);
    expect(result.folders.find((f) => f.path === 'INBOX')).toMatchObject({ stored: 0, uidvalidity: changed });
    expect(await messageCount()).toBe(before);
    const [after] = await t.database.db.select().from(mailFolders).where(eq(mailFolders.id, inbox!.id));
    expect(after).toMatchObject({ uidvalidity: changed, last_uid: inbox!.last_uid });
  });

  it('gives a mailbox to one process at a time; the holder hears of new mail through IDLE', async () => {
    const log = { info() {}, warn() {}, error() {} };
    const passes: Array<(r: SyncResult | Error) => void> = [];
    const nextPass = () =>
      new Promise<SyncResult | Error>((resolve) => passes.push(resolve)).then((r) => {
        if (r instanceof Error) throw r;
        return r;
      });
    const onPass = (id: number, outcome: SyncResult | Error) => {
      if (id === boxId) passes.shift()?.(outcome);
    };
    const agents = ['process-a', 'process-b'].map((owner) =>
      createMailSyncAgent(deps, { owner, pollMs: 60_000, log, onPass }),
    );
    try {
      const firstPass = nextPass();
      await Promise.all(agents.map((a) => a.tick()));
      const holders = agents.filter((a) => a.held().includes(boxId));
      expect(holders).toHaveLength(1);
      const holder = holders[0]!;
      const other = agents.find((a) => a !== holder)!;
      expect((await within(firstPass, 'the first pass')).stored).toBe(0);
      const [held] = await t.database.db.select().from(mailboxes).where(eq(mailboxes.id, boxId));
      expect(held).toMatchObject({ sync_owner: holder.owner, sync_lease_until: expect.any(Date) });

      // Delivered while the holder idles: EXISTS wakes it, long before its next poll.
      const woken = nextPass();
      const messageId = await deliver({ from: 'ann@example.org', subject: 'Heard through IDLE' });
      expect((await within(woken, 'a pass woken by IDLE')).stored).toBe(1);
      expect(await storedRow(messageId)).toMatchObject({ client_id: client.id });

      await other.tick();
      expect(other.held()).not.toContain(boxId);
      await holder.stop();
      const [released] = await t.database.db.select().from(mailboxes).where(eq(mailboxes.id, boxId));
      expect(released).toMatchObject({ sync_owner: null, sync_lease_until: null });
      await other.tick();
      expect(other.held()).toContain(boxId);
    } finally {
      await Promise.all(agents.map((a) => a.stop()));
    }
  });

  it('takes over a mailbox whose holder stopped renewing its lease', async () => {
    await t.database.db
      .update(mailboxes)
      .set({ sync_owner: 'crashed-process', sync_lease_until: new Date(Date.now() - 1000) })
      .where(eq(mailboxes.id, boxId));
    const agent = createMailSyncAgent(deps, {
      owner: 'survivor',
      pollMs: 60_000,
      log: { info() {}, warn() {}, error() {} },
    });
    try {
      await agent.tick();
      expect(agent.held()).toContain(boxId);
    } finally {
      await agent.stop();
    }
  });

  it('answers 400 with the reason for a mailbox that cannot be reached, and keeps it as last_error', async () => {
    const refused = await syncRoute(londonBoxId);
    expect(refused.statusCode).toBe(400);
    const [box] = await t.database.db.select().from(mailboxes).where(eq(mailboxes.id, londonBoxId));
    const reason = `Connection refused by 127.0.0.1:${box!.imap_port}: nothing listens on that port`;
    expect(refused.json()).toEqual({ errors: { detail: [reason] } });
    expect(box!.last_error).toBe(reason);
    expect(box!.last_synced_at).toBeNull();

    await t.database.db
      .update(mailboxes)
      .set({ imap_port: dovecot.port, imap_password_enc: deps.secrets.seal('wrong-password') })
      .where(eq(mailboxes.id, londonBoxId));
    const wrong = await syncRoute(londonBoxId);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.detail[0]).toMatch(
      /^Login refused by 127\.0\.0\.1:\d+: Authentication failed\. \[AUTHENTICATIONFAILED\]$/,
    );

    await t.database.db.update(mailboxes).set({ enabled: false }).where(eq(mailboxes.id, londonBoxId));
    expect((await syncRoute(londonBoxId)).json()).toEqual({
      errors: { detail: ['This mailbox is disabled: enable it in its settings first'] },
    });
    expect((await syncRoute(999_999)).statusCode).toBe(404);
  });
});

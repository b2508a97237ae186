import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createSecretBox, loadSecretKey } from '../../platform/secret-box.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { seedDemoUpTo } from '../../test/seeded.ts';
import { clients } from '../directory/clients.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { regions } from '../rates/regions.table.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { seedMail } from './mail.seed.ts';
import { mailAttachments, mailboxes, mailFolders, mailMessages } from './mail.table.ts';

const now = new Date('2026-11-24T10:00:00Z');
let t: TestContext;
let db: Db;
let seedMs = 0;

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  await seedDemoUpTo(t, now, 'requests');
  const started = performance.now();
  await db.transaction((tx) => seedMail({ db: tx as unknown as Db, config: t.config, now }));
  seedMs = performance.now() - started;
});
afterAll(() => t.close());

const person = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;

describe('demo mail', () => {
  it('gives each office a disabled mailbox on imap.example.com with sealed passwords, an INBOX and a Sent folder', async () => {
    const boxes = await db.select().from(mailboxes);
    const offices = await db.select().from(regions);
    expect(boxes.map((b) => b.name).sort()).toEqual(offices.map((o) => `${o.title} office`).sort());
    const secrets = createSecretBox(loadSecretKey(t.config.mailSecretKey, t.config.dataDir));
    for (const b of boxes) {
      expect(b).toMatchObject({ enabled: false, last_error: null, imap_host: 'imap.example.com' });
      expect(b.imap_password_enc).not.toContain('demo');
      expect(secrets.open(b.imap_password_enc).length).toBeGreaterThan(8);
      expect(secrets.open(b.smtp_password_enc!).length).toBeGreaterThan(8);
      const folders = await db.select().from(mailFolders).where(eq(mailFolders.mailbox_id, b.id));
      expect(folders.map((f) => [f.path, f.role]).sort()).toEqual([
        ['INBOX', 'inbox'],
        ['Sent', 'sent'],
      ]);
    }
    expect(seedMs).toBeLessThan(10_000);
  });

  it('stores about forty messages over the last weeks, in and out, threaded, read and unread, with attachments', async () => {
    const rows = await db.select().from(mailMessages);
    expect(rows.length).toBeGreaterThanOrEqual(35);
    expect(rows.length).toBeLessThanOrEqual(45);
    expect(new Set(rows.map((r) => r.direction))).toEqual(new Set(['in', 'out']));
    for (const r of rows) {
      expect(r.date.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(r.date.getTime()).toBeGreaterThan(now.getTime() - 30 * 86_400_000);
      if (r.seen_at) expect(r.seen_at.getTime()).toBeGreaterThan(r.date.getTime());
    }
    const unread = rows.filter((r) => r.seen_at === null);
    expect(unread.length).toBeGreaterThanOrEqual(4);
    expect(unread.every((r) => r.direction === 'in')).toBe(true);
    expect(rows.length - unread.length).toBeGreaterThan(unread.length * 3);
    // replies point at a stored message of the same mailbox
    const replies = rows.filter((r) => r.in_reply_to !== null);
    expect(replies.length).toBeGreaterThanOrEqual(10);
    for (const r of replies)
      expect(
        rows.some((p) => p.message_id === r.in_reply_to && p.mailbox_id === r.mailbox_id),
        r.subject,
      ).toBe(true);
    expect(replies.every((r) => r.references.at(-1) === r.in_reply_to)).toBe(true);
    // small PDFs and a PNG, kept in the blob store
    const files = await db.select().from(mailAttachments);
    expect(new Set(files.map((f) => f.content_type))).toEqual(new Set(['application/pdf', 'image/png']));
    expect(files.every((f) => f.content_hash !== null && f.size > 100 && f.size < 50_000)).toBe(true);
    // one HTML newsletter with a remote image and a tracking pixel
    const html = rows.filter((r) => r.html !== null);
    expect(html).toHaveLength(1);
    expect(html[0]!.html).toMatch(/<img src="https:\/\/images\./);
    expect(html[0]!.html).toMatch(/width="1" height="1"/);
    expect(html[0]!.client_id).toBeNull();
  });

  it("links messages to the demo FO's and BO's clients and requests, in their own offices' mailboxes", async () => {
    const rows = await db
      .select({
        mailbox: mailMessages.mailbox_id,
        office: mailboxes.region_id,
        client: mailMessages.client_id,
        request: mailMessages.request_id,
        subject: mailMessages.subject,
        linked_by: mailMessages.linked_by,
        fo: clients.fo_manager_id,
        requestBo: requests.bo_manager_id,
        number: requests.number,
      })
      .from(mailMessages)
      .innerJoin(mailboxes, eq(mailboxes.id, mailMessages.mailbox_id))
      .leftJoin(clients, eq(clients.id, mailMessages.client_id))
      .leftJoin(requests, eq(requests.id, mailMessages.request_id));
    const [fo, bo] = [await person(ROLE_EMAILS.FO), await person(ROLE_EMAILS.BO)];
    const foLinked = rows.filter((r) => r.office === fo.region_id && r.fo === fo.id);
    expect(foLinked.length).toBeGreaterThanOrEqual(10);
    expect(foLinked.filter((r) => r.request !== null).length).toBeGreaterThanOrEqual(8);
    // a request is linked by its number in the subject
    for (const r of rows.filter((x) => x.request !== null)) expect(r.subject).toContain(r.number);
    expect(rows.every((r) => r.linked_by === (r.client === null ? null : 'auto'))).toBe(true);
    // one client writes without a number: linked by the address alone
    expect(rows.some((r) => r.office === fo.region_id && r.client !== null && r.request === null)).toBe(true);
    const boLinked = rows.filter((r) => r.office === bo.region_id && r.requestBo === bo.id);
    expect(boLinked.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.office === bo.region_id && r.client !== null).length).toBeGreaterThanOrEqual(
      10,
    );
  });

  it('leaves a lived-in bell: NewEmail notices read with their messages, a few unread for FO and BO', async () => {
    const [fo, bo] = [await person(ROLE_EMAILS.FO), await person(ROLE_EMAILS.BO)];
    const notices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'NewEmail'), inArray(notifications.user_id, [fo.id, bo.id])));
    const ofMail = notices.filter((n) => (n.data as { message_id?: number }).message_id !== undefined);
    for (const who of [fo, bo]) {
      const mine = ofMail.filter((n) => n.user_id === who.id);
      const unread = mine.filter((n) => n.read_at === null);
      expect(mine.length, who.email).toBeGreaterThanOrEqual(4);
      expect(unread.length, who.email).toBeGreaterThanOrEqual(1);
      expect(unread.length, who.email).toBeLessThanOrEqual(4);
    }
    const messages = await db.select().from(mailMessages).where(isNotNull(mailMessages.id));
    for (const n of ofMail) {
      const m = messages.find((x) => x.id === (n.data as { message_id: number }).message_id)!;
      expect(n.created_at.getTime()).toBe(m.date.getTime());
      expect(n.read_at === null).toBe(m.seen_at === null);
    }
  });
});

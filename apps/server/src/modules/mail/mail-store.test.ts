import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { createBlobStore } from '../../platform/blob-store.ts';
import { prefixQuery } from '../../platform/full-text-search.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { clients } from '../directory/clients.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { regions } from '../rates/regions.table.ts';
import { makeClient, makeRequest } from '../requests/offers.fixtures.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { mailAttachments, mailboxes, mailFolders, mailMessages } from './mail.table.ts';
import {
  messageSearchVector,
  type PreparedMessage,
  prepareMessage,
  RAW_SOURCE_FILENAME,
  storeMessages,
} from './mail-store.ts';

/** Parsing (bad input included) and storing: links, "once", NewEmail. The sync over IMAP: mail-sync.test.ts. */

const blobDir = mkdtempSync(path.join(tmpdir(), 'mail-store-'));
const blobs = createBlobStore(blobDir);
afterAll(() => rmSync(blobDir, { recursive: true, force: true }));

const compose = (opts: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer(opts).compile().build();

describe('prepareMessage', () => {
  it('reads addresses, threading headers, both bodies and an attachment into the blob store', async () => {
    const pdf = Buffer.from('%PDF-1.4 passport');
    const m = await prepareMessage(
      await compose({
        from: '"Ann Lee" <Ann.Lee@Example.org>',
        to: 'Office <office@example.com>, bob@example.org',
        cc: 'carol@example.org',
        subject: 'Visa for BSLF-2026-00042',
        messageId: '<m1@example.org>',
        inReplyTo: '<m0@example.com>',
        references: ['<root@example.com>', '<m0@example.com>'],
        date: new Date('2026-03-01T10:00:00Z'),
        text: 'Dear office,\n\nthe passport is attached.',
        html: '<p>Dear office, the passport is attached.</p>',
        attachments: [{ filename: '../../etc/passport.pdf', content: pdf, contentType: 'application/pdf' }],
      }),
      blobs,
    );
    expect(m).toMatchObject({
      messageId: '<m1@example.org>',
      inReplyTo: '<m0@example.com>',
      references: ['<root@example.com>', '<m0@example.com>'],
      fromName: 'Ann Lee',
      fromAddress: 'ann.lee@example.org',
      to: [
        { name: 'Office', address: 'office@example.com' },
        { name: '', address: 'bob@example.org' },
      ],
      cc: [{ name: '', address: 'carol@example.org' }],
      subject: 'Visa for BSLF-2026-00042',
      text: 'Dear office,\n\nthe passport is attached.',
      html: '<p>Dear office, the passport is attached.</p>',
      snippet: 'Dear office, the passport is attached.',
    });
    expect(m.date.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    const hash = createHash('sha256').update(pdf).digest('hex');
    expect(m.attachments).toEqual([
      {
        position: 1,
        filename: 'passport.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        contentHash: hash,
        contentId: null,
      },
    ]);
    expect(readFileSync(blobs.pathOf(hash)).equals(pdf)).toBe(true);
  });

  it('keeps broken MIME as text, with the raw source attached', async () => {
    const source = Buffer.from(
      'From: Ann <ann@example.org>\r\nSubject: Dates\r\nMessage-ID: <broken@example.org>\r\n' +
        'Content-Type: multipart/mixed\r\n\r\nWe arrive on the 3rd.\r\n\u0000--end\r\n',
    );
    const m = await prepareMessage(source, blobs);
    expect(m).toMatchObject({
      messageId: '<broken@example.org>',
      fromAddress: 'ann@example.org',
      subject: 'Dates',
      text: 'We arrive on the 3rd.\r\n--end',
      html: null,
    });
    expect(m.attachments).toEqual([
      {
        position: 1,
        filename: RAW_SOURCE_FILENAME,
        contentType: 'message/rfc822',
        size: source.length,
        contentHash: createHash('sha256').update(source).digest('hex'),
        contentId: null,
      },
    ]);
    expect(readFileSync(blobs.pathOf(m.attachments[0]!.contentHash!)).equals(source)).toBe(true);
  });

  it('records an attachment over the bound (25 MB; 1 KiB here) by name and size only', async () => {
    // The same branch as 25 MB, with a small bound: a 30 MB fixture cost a second to encode and parse.
    const bound = 1024;
    const big = Buffer.alloc(bound + 1, 7);
    const small = Buffer.alloc(bound, 'a'); // exactly at the bound: kept
    const m = await prepareMessage(
      await compose({
        from: 'ann@example.org',
        subject: 'Scans',
        text: 'Two files',
        attachments: [
          { filename: 'scan.bin', content: big, contentType: 'application/octet-stream' },
          { filename: 'note.txt', content: small, contentType: 'text/plain' },
        ],
      }),
      blobs,
      { attachmentMaxBytes: bound },
    );
    expect(m.attachments.map((a) => [a.filename, a.size, a.contentHash])).toEqual([
      ['scan.bin', big.length, null],
      ['note.txt', small.length, createHash('sha256').update(small).digest('hex')],
    ]);
    expect(m.text).toBe('Two files');
  });

  it('gives a message without a Message-ID one from its content, the same each time', async () => {
    const source = Buffer.from('From: ann@example.org\r\nSubject: No id\r\n\r\nHello\r\n');
    const first = await prepareMessage(source, blobs);
    const again = await prepareMessage(Buffer.from(source), blobs);
    expect(first.messageId).toBe(`<${createHash('sha256').update(source).digest('hex')}@backoffice>`);
    expect(again.messageId).toBe(first.messageId);
    const other = await prepareMessage(Buffer.from(`${source}!`), blobs);
    expect(other.messageId).not.toBe(first.messageId);
  });

  it('keeps cid: links in the HTML and the inline part with its content id', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const m = await prepareMessage(
      await compose({
        from: 'ann@example.org',
        subject: 'Logo',
        html: '<p>Our logo <img src="cid:logo@ann"></p>',
        attachments: [{ filename: 'logo.png', content: png, contentType: 'image/png', cid: 'logo@ann' }],
      }),
      blobs,
    );
    expect(m.html).toContain('src="cid:logo@ann"');
    expect(m.attachments).toMatchObject([
      { filename: 'logo.png', contentType: 'image/png', contentId: 'logo@ann' },
    ]);
    expect(m.attachments[0]!.contentHash).toBe(createHash('sha256').update(png).digest('hex'));
  });

  it('reads the text of an HTML body sent without one (beside an attachment) for the snippet and search', async () => {
    const m = await prepareMessage(
      await compose({
        from: 'ann@example.org',
        subject: 'Invoice',
        html: '<style>p{color:red}</style><p>Please find the <b>invoice</b> attached &amp; paid.</p>',
        attachments: [
          { filename: 'invoice.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' },
        ],
      }),
      blobs,
    );
    expect(m.html).toContain('<b>invoice</b>');
    expect(m.text).toBe('Please find the invoice attached & paid.');
    expect(m.snippet).toBe('Please find the invoice attached & paid.');
    expect(messageSearchVector(m)).toContain("'invoice'");
  });

  it('uses the arrival time when the Date header is missing or unreadable', async () => {
    const receivedAt = new Date('2026-02-02T02:02:02Z');
    const m = await prepareMessage(
      Buffer.from('From: ann@example.org\r\nDate: someday\r\nSubject: x\r\n\r\nHi\r\n'),
      blobs,
      { receivedAt },
    );
    expect(m.date).toEqual(receivedAt);
  });
});

describe('storeMessages', () => {
  let t: TestContext;
  let mailboxId: number;
  let londonId: number;
  let ids: Record<'admin' | 'fo' | 'bo', number>;
  let client: { id: number; email: string };
  let request: { id: number; number: string };

  const message = (over: Partial<PreparedMessage>): PreparedMessage => ({
    messageId: `<${Math.random().toString(36).slice(2)}@example.org>`,
    inReplyTo: null,
    references: [],
    fromName: 'Stranger',
    fromAddress: 'stranger@example.org',
    to: [{ name: '', address: 'office@example.com' }],
    cc: [],
    subject: 'Hello',
    date: new Date('2026-03-01T10:00:00Z'),
    text: 'Some text',
    html: null,
    snippet: 'Some text',
    size: 100,
    attachments: [],
    ...over,
  });
  const store = (direction: 'in' | 'out', items: Parameters<typeof storeMessages>[2]) =>
    t.database.db.transaction((tx) => storeMessages(tx as Tx, { mailboxId, direction }, items));
  const row = async (id: number) =>
    (await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;
  const newEmails = (userId: number) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), eq(notifications.type, 'NewEmail')));

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    const people = await db.select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => people.find((p) => p.email === email)!.id;
    ids = { admin: idOf('admin@example.com'), fo: idOf('fo@example.com'), bo: idOf('bo@example.com') };
    const [london] = await db.select().from(regions).where(eq(regions.title, 'London'));
    londonId = london!.id;
    // Fiona (FO) works in Dubai; the mailbox is Dubai's, so she may read its mail.
    const [dubai] = await db.select().from(regions).where(eq(regions.title, 'Dubai'));
    const [box] = await db
      .insert(mailboxes)
      .values({
        region_id: dubai!.id,
        name: 'Dubai office',
        address: 'office@example.com',
        imap_host: '127.0.0.1',
        imap_port: 143,
        imap_security: 'none',
        imap_user: 'office@example.com',
        imap_password_enc: 'v1.x.y.z',
        smtp_host: '127.0.0.1',
        smtp_port: 25,
        smtp_security: 'none',
      })
      .returning();
    mailboxId = box!.id;
    const clientId = await makeClient(db, 'Ann', 'Lee');
    client = { id: clientId, email: 'ann@example.org' };
    await db
      .update(clients)
      .set({ email: client.email, fo_manager_id: ids.fo })
      .where(eq(clients.id, clientId));
    request = await makeRequest(db, await makeClient(db, 'Ben', 'Stone'));
    await db.update(requests).set({ bo_manager_id: ids.bo }).where(eq(requests.id, request.id));
  });
  afterAll(() => t?.close());

  it('stores a message once, links it by sender and tells the client’s FO manager', async () => {
    const m = message({ fromName: 'Ann Lee', fromAddress: client.email, subject: 'Dates' });
    const [id] = await store('in', [{ message: m, folderId: null, uidvalidity: null, uid: null }]);
    expect(id).toEqual(expect.any(Number));
    expect(await row(id!)).toMatchObject({
      client_id: client.id,
      request_id: null,
      linked_by: 'auto',
      seen_at: null,
    });
    const notices = await newEmails(ids.fo);
    expect(notices.map((n) => [n.title, n.data])).toEqual([
      ['New email from Ann Lee: Dates', { message_id: id }],
    ]);

    expect(await store('in', [{ message: m, folderId: null, uidvalidity: null, uid: null }])).toEqual([null]);
    expect(await newEmails(ids.fo)).toHaveLength(1);
  });

  it('links by the request number in the subject, with the request’s client and managers', async () => {
    const m = message({ subject: `Re: your trip ${request.number}`, fromAddress: client.email });
    const dup = { ...m };
    const [id, again] = await store('in', [
      { message: m, folderId: null, uidvalidity: null, uid: null },
      { message: dup, folderId: null, uidvalidity: null, uid: null },
    ]);
    expect(again).toBeNull();
    const stored = await row(id!);
    const [req] = await t.database.db.select().from(requests).where(eq(requests.id, request.id));
    expect(stored).toMatchObject({ request_id: request.id, client_id: req!.client_id, linked_by: 'auto' });
    // The request's FO (Fiona, Dubai) hears of it; its BO (Boris, London) cannot read Dubai's mail.
    expect(
      (await newEmails(ids.fo)).filter((n) => (n.data as { message_id?: number }).message_id === id),
    ).toHaveLength(1);
    expect(
      (await newEmails(ids.bo)).filter((n) => (n.data as { message_id?: number }).message_id === id),
    ).toHaveLength(0);
    await t.database.db.update(users).set({ region_id: null, role: 'Admin' }).where(eq(users.id, ids.bo));
    try {
      const [next] = await store('in', [
        { message: message({ subject: request.number }), folderId: null, uidvalidity: null, uid: null },
      ]);
      expect(
        (await newEmails(ids.bo)).filter((n) => (n.data as { message_id?: number }).message_id === next),
      ).toHaveLength(1);
    } finally {
      await t.database.db.update(users).set({ region_id: londonId, role: 'BO' }).where(eq(users.id, ids.bo));
    }
  });

  it('links a sent message by its recipients, takes the sender’s own links and raises no notice', async () => {
    const before = (await newEmails(ids.fo)).length;
    const [byAddress, chosen] = await store('out', [
      {
        message: message({ fromAddress: 'office@example.com', to: [{ name: 'Ann', address: client.email }] }),
        folderId: null,
        uidvalidity: null,
        uid: null,
        seen: true,
      },
      {
        message: message({ fromAddress: 'office@example.com' }),
        folderId: null,
        uidvalidity: null,
        uid: null,
        seen: true,
        requestId: request.id,
      },
    ]);
    expect(await row(byAddress!)).toMatchObject({
      direction: 'out',
      client_id: client.id,
      linked_by: 'auto',
      seen_at: expect.any(Date),
    });
    const [req] = await t.database.db.select().from(requests).where(eq(requests.id, request.id));
    expect(await row(chosen!)).toMatchObject({
      request_id: request.id,
      client_id: req!.client_id,
      linked_by: 'user',
    });
    expect(await newEmails(ids.fo)).toHaveLength(before);
  });

  it('gives a sent message stored without a UID the one of its Sent copy when the sync meets it', async () => {
    const [sent] = await t.database.db
      .insert(mailFolders)
      .values({ mailbox_id: mailboxId, path: 'Sent', name: 'Sent', role: 'sent' })
      .returning();
    const m = message({ fromAddress: 'office@example.com' });
    const [id] = await store('out', [{ message: m, folderId: sent!.id, uidvalidity: null, uid: null }]);
    // the sync's pass of Sent: the same Message-ID at UID 7, and another message already at UID 8
    const other = message({ fromAddress: 'office@example.com' });
    const [otherId] = await store('out', [{ message: other, folderId: sent!.id, uidvalidity: 5, uid: 8 }]);
    const copy = message({ messageId: m.messageId });
    const clash = message({ messageId: `<clash-${m.messageId.slice(1)}` });
    await store('out', [{ message: clash, folderId: null, uidvalidity: null, uid: null }]);
    expect(
      await store('out', [
        { message: copy, folderId: sent!.id, uidvalidity: 5, uid: 7 },
        { message: clash, folderId: sent!.id, uidvalidity: 5, uid: 8 },
      ]),
    ).toEqual([null, null]);
    expect(await row(id!)).toMatchObject({ folder_id: sent!.id, uidvalidity: 5, uid: 7 });
    expect(await row(otherId!)).toMatchObject({ uid: 8 });
    const [clashRow] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.message_id, clash.messageId));
    expect(clashRow).toMatchObject({ uid: null }); // UID 8 is the other message's: left alone
  });

  it('stores an unlinked message without a notice, its attachments in order and its search words', async () => {
    const before = (await newEmails(ids.fo)).length;
    const m = message({
      subject: 'Brochure',
      text: 'Please find our summer catalogue',
      attachments: [
        {
          position: 1,
          filename: 'a.pdf',
          contentType: 'application/pdf',
          size: 5,
          contentHash: 'a'.repeat(64),
          contentId: null,
        },
        {
          position: 2,
          filename: 'big.bin',
          contentType: 'application/octet-stream',
          size: 31_457_280,
          contentHash: null,
          contentId: null,
        },
      ],
    });
    const [id] = await store('in', [{ message: m, folderId: null, uidvalidity: null, uid: null }]);
    expect(await row(id!)).toMatchObject({
      client_id: null,
      request_id: null,
      linked_by: null,
      has_attachments: true,
    });
    const files = await t.database.db
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.message_id, id!));
    expect(files.map((f) => [f.position, f.filename, f.content_hash])).toEqual([
      [1, 'a.pdf', 'a'.repeat(64)],
      [2, 'big.bin', null],
    ]);
    expect(await newEmails(ids.fo)).toHaveLength(before);
    const found = await t.database.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(sql`${mailMessages.search_vector} @@ ${prefixQuery('catalog strang')}::tsquery`);
    expect(found.map((r) => r.id)).toEqual([id]);
  });
});

import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from '@app/shared';
import { MAIL_ATTACHMENTS_MAX_BYTES, MAIL_MESSAGES } from '@app/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../db/client.ts';
import { createBlobStore } from '../../platform/blob-store.ts';
import { createSecretBox, loadSecretKey } from '../../platform/secret-box.ts';
import { type Dovecot, startDovecot } from '../../test/dovecot.ts';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { issueToken } from '../../test/tokens.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { regions } from '../rates/regions.table.ts';
import { requests } from '../requests/requests.table.ts';
import { mailboxes, mailFolders, mailMessages } from './mail.table.ts';
import { prepareMessage, storeMessages } from './mail-store.ts';

/**
 * Sending (decision 0014) against the real SMTP sink and a real Dovecot (the Sent folder's copy):
 * compose with attachments, reply threading, forward, the bounds, refusals and privacy.
 */

const OFFICE = { user: 'dubai@concierge.example.com', password: 'office-pass-1' };
const REFUSED = 'nobody@example.org';
const NOW = new Date('2026-03-02T10:00:00Z');

let t: TestContext;
let db: Db;
let sink: SmtpSink;
let dovecot: Dovecot;
let fo: string;
let bo: string;
let admin: string;
/** Fiona's office (Dubai): its mailbox, with an INBOX and a Sent folder; and London's. */
let dubai: { mailbox: number; inbox: number; sent: number };
let london: number;
let client: { id: number; email: string };
let request: { id: number; number: string; client_id: number };
let otherClient: { id: number; email: string };

const blobs = () => createBlobStore(path.join(t.config.dataDir, 'blobs'));

function form(fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[] = []) {
  const boundary = '----mail-send-test-boundary-7Hq';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function send(token: string, fields: Record<string, string>, files?: { name: string; data: Buffer }[]) {
  return t.request({ method: 'POST', url: 'mail/messages/', token, ...form(fields, files) });
}

const storedCount = async () => (await db.select({ n: count() }).from(mailMessages))[0]!.n;

/** An incoming message stored as the sync would: parsed, then inserted and linked. */
async function receive(opts: {
  messageId: string;
  from: string;
  subject: string;
  text: string;
  references?: string[];
  attachments?: { filename: string; content: Buffer }[];
}): Promise<number> {
  const raw = await new MailComposer({
    from: opts.from,
    to: OFFICE.user,
    subject: opts.subject,
    text: opts.text,
    messageId: opts.messageId,
    date: NOW,
    ...(opts.references && { references: opts.references }),
    ...(opts.attachments && { attachments: opts.attachments }),
  })
    .compile()
    .build();
  const message = await prepareMessage(raw, blobs());
  const [id] = await db.transaction((tx) =>
    storeMessages(tx as Tx, { mailboxId: dubai.mailbox, direction: 'in' }, [
      { message, folderId: dubai.inbox, uidvalidity: null, uid: null },
    ]),
  );
  return id!;
}

beforeAll(async () => {
  t = await createTestContext();
  db = t.database.db;
  [sink, dovecot] = await Promise.all([
    startSmtpSink({ users: [OFFICE], rejectRecipients: [REFUSED] }),
    startDovecot({ users: [OFFICE] }),
  ]);
  const box = createSecretBox(loadSecretKey(t.config.mailSecretKey, t.config.dataDir));
  const offices = await db.select().from(regions);
  const officeId = (title: string) => offices.find((o) => o.title === title)!.id;
  const settings = {
    imap_host: dovecot.host,
    imap_port: dovecot.port,
    imap_security: 'none',
    imap_user: OFFICE.user,
    imap_password_enc: box.seal(OFFICE.password),
    smtp_host: sink.host,
    smtp_port: sink.port,
    smtp_security: 'none',
    smtp_user: OFFICE.user,
    smtp_password_enc: box.seal(OFFICE.password),
  };
  const [d, l] = await db
    .insert(mailboxes)
    .values([
      { ...settings, region_id: officeId('Dubai'), name: 'Dubai office', address: OFFICE.user },
      { ...settings, region_id: officeId('London'), name: 'London office', address: 'london@example.com' },
    ])
    .returning();
  const folders = await db
    .insert(mailFolders)
    .values([
      { mailbox_id: d!.id, path: 'INBOX', name: 'Inbox', role: 'inbox' },
      { mailbox_id: d!.id, path: 'Sent', name: 'Sent', role: 'sent' },
      { mailbox_id: l!.id, path: 'INBOX', name: 'Inbox', role: 'inbox' },
    ])
    .returning();
  dubai = { mailbox: d!.id, inbox: folders[0]!.id, sent: folders[1]!.id };
  london = l!.id;
  // Two clients and a request of the first, written directly (the demo seed takes seconds); the
  // companies are the reference data every database has.
  const [company] = await db.select().from(companies).where(eq(companies.code, 'BSLF'));
  const people = await db
    .insert(clients)
    .values(
      [
        ['Alexander', 'Volkov', 'alexander.volkov@example.net'],
        ['Olga', 'Fedorova', 'olga.fedorova@example.net'],
      ].map(([first, last, email]) => ({
        first_name: first!,
        last_name: last!,
        email: email!,
        sort_name: `${last} ${first}`.toLowerCase(),
        search_vector: sql`to_tsvector('simple', ${`${first} ${last}`})`,
      })),
    )
    .returning({ id: clients.id, email: clients.email });
  [client, otherClient] = people as { id: number; email: string }[] as [typeof client, typeof client];
  const [r] = await db
    .insert(requests)
    .values({
      number: 'BSLF-2026-00042',
      company_id: company!.id,
      year: 2026,
      seq: 42,
      client_id: client.id,
      region_id: officeId('Dubai'),
      base_currency: 'GBP',
      search_vector: sql`to_tsvector('simple', 'BSLF-2026-00042')`,
    })
    .returning({ id: requests.id, number: requests.number, client_id: requests.client_id });
  request = r!;
  [fo, bo, admin] = await Promise.all([
    issueToken(db, ROLE_EMAILS.FO),
    issueToken(db, ROLE_EMAILS.BO),
    issueToken(db, ROLE_EMAILS.Admin),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([sink?.stop(), dovecot?.stop()]);
  await t?.close();
});

describe('compose', () => {
  let sent: MailMessage;

  it('sends through the office SMTP with both attachments, as FO of the office, and stores it sent, read and linked', async () => {
    const pdf = Buffer.from('%PDF-1.4 itinerary \u0000 bytes');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const res = await send(
      fo,
      {
        mailbox: String(dubai.mailbox),
        to: `"${'Volkov, A.'}" <${client.email}>`,
        cc: 'Assistant <assistant@example.org>; second@example.org',
        subject: 'Your itinerary',
        text: 'Dear client,\nplease find the itinerary attached.',
      },
      [
        { name: 'itinerary.pdf', data: pdf },
        { name: '../../map.png', data: png },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    sent = res.json().data;

    const received = await sink.next();
    expect(received.user).toBe(OFFICE.user);
    expect(received.from).toBe(OFFICE.user);
    expect(received.to).toEqual([client.email, 'assistant@example.org', 'second@example.org']);
    const parsed = await simpleParser(received.raw);
    expect(parsed.subject).toBe('Your itinerary');
    expect(parsed.messageId).toBe(sent.message_id);
    expect(parsed.from?.value).toEqual([{ name: 'Dubai office', address: OFFICE.user }]);
    expect(parsed.text?.trim()).toBe('Dear client,\nplease find the itinerary attached.');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['itinerary.pdf', 'application/pdf'],
      ['map.png', 'image/png'],
    ]);
    expect(parsed.attachments[0]!.content.equals(pdf)).toBe(true);
    expect(parsed.attachments[1]!.content.equals(png)).toBe(true);

    expect(sent).toMatchObject({
      mailbox: dubai.mailbox,
      folder: dubai.sent,
      direction: 'out',
      seen: true,
      subject: 'Your itinerary',
      from: { name: 'Dubai office', address: OFFICE.user },
      to: [{ name: 'Volkov, A.', address: client.email }],
      cc: [
        { name: 'Assistant', address: 'assistant@example.org' },
        { name: '', address: 'second@example.org' },
      ],
      in_reply_to: null,
      has_attachments: true,
      client: { id: client.id },
      linked_by: 'auto',
    });
    expect(sent.attachments.map((a) => [a.n, a.filename, a.size, a.stored])).toEqual([
      [1, 'itinerary.pdf', pdf.length, true],
      [2, 'map.png', png.length, true],
    ]);
  });

  it('appends a read copy to the Sent folder on the server, and a later sync of it stores nothing twice', async () => {
    const client = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: OFFICE.user, pass: OFFICE.password },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    let copy: { uid: number; flags: Set<string>; source: Buffer; uidValidity: number };
    try {
      const box = await client.mailboxOpen('Sent');
      const [found] = await client.fetchAll('1:*', { uid: true, flags: true, source: true, envelope: true });
      expect(found?.envelope?.messageId).toBe(sent.message_id);
      copy = {
        uid: found!.uid,
        flags: found!.flags ?? new Set(),
        source: found!.source!,
        uidValidity: Number(box.uidValidity),
      };
    } finally {
      await client.logout();
    }
    expect(copy.flags.has('\\Seen')).toBe(true);
    // the stored row knows where the copy landed
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, sent.id));
    expect([row!.uidvalidity, row!.uid]).toEqual([copy.uidValidity, copy.uid]);

    // The sync meets it in Sent: by UID and by Message-ID it is there already.
    const before = await storedCount();
    const message = await prepareMessage(copy.source, blobs());
    const ids = await db.transaction((tx) =>
      storeMessages(tx as Tx, { mailboxId: dubai.mailbox, direction: 'out' }, [
        { message, folderId: dubai.sent, uidvalidity: copy.uidValidity, uid: copy.uid, seen: true },
      ]),
    );
    expect(ids).toEqual([null]);
    // even had the UID not been recorded (a server without UIDPLUS): the Message-ID keeps it once
    await db.update(mailMessages).set({ uid: null, uidvalidity: null }).where(eq(mailMessages.id, sent.id));
    const again = await db.transaction((tx) =>
      storeMessages(tx as Tx, { mailboxId: dubai.mailbox, direction: 'out' }, [
        { message, folderId: dubai.sent, uidvalidity: copy.uidValidity, uid: copy.uid, seen: true },
      ]),
    );
    expect(again).toEqual([null]);
    expect(await storedCount()).toBe(before);
  });

  it('still stores the message when the copy to Sent fails (IMAP unreachable), and says nothing to the sender', async () => {
    await db.update(mailboxes).set({ imap_port: 1 }).where(eq(mailboxes.id, dubai.mailbox));
    try {
      const res = await send(fo, { mailbox: String(dubai.mailbox), to: 'someone@example.org', text: 'Hi' });
      expect(res.statusCode, res.body).toBe(201);
      await sink.next();
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, res.json().data.id));
      expect(row).toMatchObject({ direction: 'out', folder_id: dubai.sent, uid: null });
    } finally {
      await db.update(mailboxes).set({ imap_port: dovecot.port }).where(eq(mailboxes.id, dubai.mailbox));
    }
  });

  it('links to the client and request the sender chose', async () => {
    const res = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'partner@example.org',
      subject: 'About the booking',
      request: String(request.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    await sink.next();
    expect(res.json().data).toMatchObject({
      client: { id: request.client_id },
      request: { id: request.id, number: request.number },
      linked_by: 'user',
    });
    const refused = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'partner@example.org',
      client: String(otherClient.id),
      request: String(request.id),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ request: [MAIL_MESSAGES.linkOfAnotherClient] });
  });
});

describe('reply and forward', () => {
  it('threads a reply: In-Reply-To, References, "Re: " once, the parent links kept', async () => {
    const parent = await receive({
      messageId: '<q2@client.example>',
      from: client.email,
      subject: `Re: Visa for ${request.number}`,
      text: 'Any news about the visa?',
      references: ['<q0@client.example>', '<q1@concierge.example.com>'],
    });
    const [parentRow] = await db.select().from(mailMessages).where(eq(mailMessages.id, parent));
    expect(parentRow!.request_id).toBe(request.id);

    const res = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'consulate-desk@example.org',
      text: 'The visa is ready.',
      reply_to: String(parent),
    });
    expect(res.statusCode, res.body).toBe(201);
    const parsed = await simpleParser((await sink.next()).raw);
    expect(parsed.subject).toBe(`Re: Visa for ${request.number}`);
    expect(parsed.inReplyTo).toBe('<q2@client.example>');
    expect(parsed.references).toEqual([
      '<q0@client.example>',
      '<q1@concierge.example.com>',
      '<q2@client.example>',
    ]);
    expect(res.json().data).toMatchObject({
      in_reply_to: '<q2@client.example>',
      references: ['<q0@client.example>', '<q1@concierge.example.com>', '<q2@client.example>'],
      subject: `Re: Visa for ${request.number}`,
      // the recipient is no client: the links come from the message answered
      client: { id: request.client_id },
      request: { id: request.id },
    });

    const fresh = await receive({
      messageId: '<q3@client.example>',
      from: client.email,
      subject: 'Dates',
      text: 'x',
    });
    const first = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: client.email,
      reply_to: String(fresh),
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstParsed = await simpleParser((await sink.next()).raw);
    expect(firstParsed.subject).toBe('Re: Dates');
    expect(firstParsed.inReplyTo).toBe('<q3@client.example>');
    expect(firstParsed.references).toBe('<q3@client.example>');
  });

  it('forwards the text quoted and the attachments, unless told not to', async () => {
    const scan = Buffer.from('%PDF-1.4 passport scan');
    const parent = await receive({
      messageId: '<f1@client.example>',
      from: client.email,
      subject: 'Passport',
      text: 'Scan attached.',
      attachments: [{ filename: 'passport.pdf', content: scan }],
    });
    const res = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'embassy@example.org',
      text: 'Please see below.',
      forward_of: String(parent),
    });
    expect(res.statusCode, res.body).toBe(201);
    const parsed = await simpleParser((await sink.next()).raw);
    expect(parsed.subject).toBe('Fwd: Passport');
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.text).toContain('Please see below.');
    expect(parsed.text).toContain('---------- Forwarded message ---------');
    expect(parsed.text).toContain(`From: ${client.email}`);
    expect(parsed.text).toContain('Scan attached.');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['passport.pdf']);
    expect(parsed.attachments[0]!.content.equals(scan)).toBe(true);
    expect(res.json().data.attachments).toHaveLength(1);

    // a text that quotes the message already (the web's draft) is sent as typed, not quoted twice
    const typed = 'FYI\n\n---------- Forwarded message ----------\nFrom: x\n\nScan attached.\n';
    const quoted = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'embassy@example.org',
      text: typed,
      forward_of: String(parent),
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect((await simpleParser((await sink.next()).raw)).text?.trimEnd()).toBe(typed.trimEnd());

    // the attachment's blob gone from the store: a 400 that says so, nothing sent or stored
    const lostScan = Buffer.from('%PDF-1.4 a scan whose blob is lost');
    const lost = await receive({
      messageId: '<f2@client.example>',
      from: client.email,
      subject: 'Lost',
      text: 'x',
      attachments: [{ filename: 'lost.pdf', content: lostScan }],
    });
    await rm(blobs().pathOf(createHash('sha256').update(lostScan).digest('hex')));
    const before = await storedCount();
    const sentSoFar = sink.messages.length;
    const missing = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'embassy@example.org',
      forward_of: String(lost),
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors.forward_of[0]).toContain('"lost.pdf" of this message is no longer stored');
    expect(sink.messages).toHaveLength(sentSoFar);
    expect(await storedCount()).toBe(before);

    const bare = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'embassy@example.org',
      subject: 'FW: Passport',
      forward_of: String(parent),
      forward_attachments: 'false',
    });
    expect(bare.statusCode, bare.body).toBe(201);
    const bareParsed = await simpleParser((await sink.next()).raw);
    expect(bareParsed.subject).toBe('FW: Passport');
    expect(bareParsed.attachments).toEqual([]);
  });
});

describe('refused', () => {
  it('attachments over 25 MB in total: 400 FILE_TOO_LARGE, nothing sent or stored', async () => {
    const before = [sink.messages.length, await storedCount()];
    const half = Buffer.alloc(MAIL_ATTACHMENTS_MAX_BYTES / 2 + 1024, 1);
    const res = await send(fo, { mailbox: String(dubai.mailbox), to: client.email }, [
      { name: 'a.bin', data: half },
      { name: 'b.bin', data: half },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { code: 'file_too_large', detail: MAIL_MESSAGES.attachmentsTooLarge(MAIL_ATTACHMENTS_MAX_BYTES) },
    ]);
    expect([sink.messages.length, await storedCount()]).toEqual(before);
  });

  it('a recipient the server refuses: 400 with its reason, nothing stored', async () => {
    const before = [sink.messages.length, await storedCount()];
    const res = await send(fo, { mailbox: String(dubai.mailbox), to: REFUSED, subject: 'Hello', text: 'x' });
    expect(res.statusCode).toBe(400);
    const [error] = res.json().errors;
    expect(error.code).toBe('mail_send_failed');
    expect(error.detail).toMatch(/^The message was not sent: .*550 No such user/);
    expect([sink.messages.length, await storedCount()]).toEqual(before);
  });

  it('a login the server refuses, or no server at all: 400 with what failed', async () => {
    const box = createSecretBox(loadSecretKey(t.config.mailSecretKey, t.config.dataDir));
    await db
      .update(mailboxes)
      .set({ smtp_password_enc: box.seal('wrong-pass') })
      .where(eq(mailboxes.id, dubai.mailbox));
    try {
      const res = await send(fo, { mailbox: String(dubai.mailbox), to: client.email });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].detail).toMatch(/^The message was not sent: .*(535|[Ii]nvalid)/);
      // sealed under another key (MAIL_SECRET_KEY changed): said, never a 500
      const stranger = createSecretBox(Buffer.alloc(32, 7));
      await db
        .update(mailboxes)
        .set({ smtp_password_enc: stranger.seal(OFFICE.password) })
        .where(eq(mailboxes.id, dubai.mailbox));
      const unreadable = await send(fo, { mailbox: String(dubai.mailbox), to: client.email });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json().errors[0].detail).toMatch(/password cannot be read/);
      await db
        .update(mailboxes)
        .set({ smtp_port: 1, smtp_password_enc: box.seal(OFFICE.password) })
        .where(eq(mailboxes.id, dubai.mailbox));
      const down = await send(fo, { mailbox: String(dubai.mailbox), to: client.email });
      expect(down.statusCode).toBe(400);
      expect(down.json().errors[0].detail).toMatch(/^The message was not sent: .*ECONNREFUSED/);
    } finally {
      await db
        .update(mailboxes)
        .set({ smtp_password_enc: box.seal(OFFICE.password), smtp_port: sink.port })
        .where(eq(mailboxes.id, dubai.mailbox));
    }
  });

  it('bad addresses, one message each; no recipient; a reply and a forward at once; unknown fields', async () => {
    const res = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'good@example.org, not-an-address, Ann <ann@>',
      cc: 'a@b.com c@d.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      to: [MAIL_MESSAGES.badAddress('not-an-address'), MAIL_MESSAGES.badAddress('Ann <ann@>')],
      cc: [MAIL_MESSAGES.badAddress('a@b.com c@d.com')],
    });
    const none = await send(fo, { mailbox: String(dubai.mailbox), to: ' , ' });
    expect(none.json().errors).toEqual({ to: [MAIL_MESSAGES.noRecipients] });
    const both = await send(fo, {
      mailbox: String(dubai.mailbox),
      to: 'a@b.com',
      reply_to: '1',
      forward_of: '2',
    });
    expect(both.json().errors).toEqual({
      reply_to: [MAIL_MESSAGES.oneParent],
      forward_of: [MAIL_MESSAGES.oneParent],
    });
    const unknown = await send(fo, { mailbox: String(dubai.mailbox), to: 'a@b.com', bcc: 'x@y.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ bcc: ['Unknown field: bcc'] });
    const noMailbox = await send(fo, { to: 'a@b.com', subject: 'Line\r\nBcc: x@y.com' });
    expect(Object.keys(noMailbox.json().errors).sort()).toEqual(['mailbox', 'subject']);
  });

  it("another office's mailbox or message is a 404 (BO of London); Admin may use any; a disabled mailbox is refused", async () => {
    const before = sink.messages.length;
    const boSend = await send(bo, { mailbox: String(dubai.mailbox), to: 'a@b.com' });
    expect(boSend.statusCode).toBe(404);
    const [parent] = await db.select({ id: mailMessages.id }).from(mailMessages).limit(1);
    const boReply = await send(bo, { mailbox: String(london), to: 'a@b.com', reply_to: String(parent!.id) });
    expect(boReply.statusCode).toBe(404);
    const foLondon = await send(fo, { mailbox: String(london), to: 'a@b.com' });
    expect(foLondon.statusCode).toBe(404);
    expect(sink.messages.length).toBe(before);

    const adminSend = await send(admin, {
      mailbox: String(dubai.mailbox),
      to: 'a@b.com',
      text: 'From the Admin',
    });
    expect(adminSend.statusCode, adminSend.body).toBe(201);
    await sink.next();

    await db.update(mailboxes).set({ enabled: false }).where(eq(mailboxes.id, dubai.mailbox));
    try {
      const disabled = await send(fo, { mailbox: String(dubai.mailbox), to: 'a@b.com' });
      expect(disabled.statusCode).toBe(400);
      expect(disabled.json().errors[0].detail).toBe(MAIL_MESSAGES.mailboxDisabled);
    } finally {
      await db.update(mailboxes).set({ enabled: true }).where(eq(mailboxes.id, dubai.mailbox));
    }
    expect(sink.messages.length).toBe(before + 1);
    // nothing was stored for the refused sends, only the Admin's
    const admins = await db
      .select({ n: count() })
      .from(mailMessages)
      .where(and(eq(mailMessages.direction, 'out'), eq(mailMessages.text, 'From the Admin')));
    expect(admins[0]!.n).toBe(1);
  });
});

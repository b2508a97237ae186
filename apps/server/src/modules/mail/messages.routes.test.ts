import path from 'node:path';
import { Readable } from 'node:stream';
import { MAIL_MESSAGES, type MailMessage, type MailMessageSummary } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../platform/blob-store.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, type RequestsWorld, requestBody } from '../requests/requests.test-support.ts';
import {
  createMailbox,
  insertAttachment,
  insertFolder,
  insertMessage,
  mailboxBody,
} from './messages.test-support.ts';

let t: TestContext;
let w: RequestsWorld;
let admin: string;
let fo: string;
let bo: string;
let omar: number;
let annaRequest: { id: number; number: string };
let omarRequest: { id: number; number: string };
const box = { london: 0, dubai: 0 };
const folder = { inbox: 0, sent: 0, dubaiInbox: 0 };
/** Message ids by name. */
const msg = { oldRead: 0, newRead: 0, oldUnread: 0, newUnread: 0, sent: 0, dubai: 0 };
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(40, 3),
]);
const HTML_FILE = Buffer.from('<script>alert(1)</script>');
const hashes = { png: '', html: '' };

const day = (d: number, h = 9) => new Date(Date.UTC(2026, 2, d, h));

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: `/tmp/mail-messages-test-${process.pid}-${Date.now()}` });
  w = await buildWorld(t);
  [admin, fo, bo] = [w.token.Admin, w.token.FO, w.token.BO];
  const client = await t.request({
    method: 'POST',
    url: 'clients/',
    token: admin,
    payload: { first_name: 'Omar', last_name: 'Sharif' },
  });
  omar = client.json().data.id;
  const request = async (clientId: number) => {
    const res = await t.request({
      method: 'POST',
      url: 'requests/',
      token: fo,
      payload: requestBody(w, { client_id: clientId }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data.id as number, number: res.json().data.number as string };
  };
  annaRequest = await request(w.client.anna);
  omarRequest = await request(omar);

  box.london = (await createMailbox(t, admin, mailboxBody(w.region.london))).id;
  box.dubai = (await createMailbox(t, admin, mailboxBody(w.region.dubai))).id;
  const db = t.database.db;
  folder.inbox = (await insertFolder(db, box.london, 'INBOX', 'inbox')).id;
  folder.sent = (await insertFolder(db, box.london, 'Sent', 'sent')).id;
  folder.dubaiInbox = (await insertFolder(db, box.dubai, 'INBOX', 'inbox')).id;

  const blobs = createBlobStore(path.join(t.config.dataDir, 'blobs'));
  const put = async (b: Buffer) =>
    (await blobs.put(Readable.from([b]), { maxBytes: 1e6, tooLarge: 'x' })).hash;
  hashes.png = await put(PNG);
  hashes.html = await put(HTML_FILE);

  const inbox = { mailbox: box.london, folder: folder.inbox };
  msg.oldRead = await insertMessage(db, {
    ...inbox,
    subject: 'Yacht charter in Monaco',
    fromName: 'Anna Karenina',
    from: 'anna@karenina.example',
    text: 'Please book the yacht for the regatta weekend.',
    date: day(1),
    seen: true,
    client: w.client.anna,
  });
  msg.newRead = await insertMessage(db, {
    ...inbox,
    subject: 'Invoice question',
    fromName: 'Ledger Team',
    from: 'accounts@ledger.example',
    text: 'About the invoice for March.',
    date: day(5),
    seen: true,
  });
  msg.oldUnread = await insertMessage(db, {
    ...inbox,
    subject: `Transfer for ${annaRequest.number}`,
    fromName: 'Anna Karenina',
    from: 'anna@karenina.example',
    text: 'A chauffeur from the airport, please.',
    date: day(2),
    client: w.client.anna,
    request: annaRequest.id,
  });
  msg.newUnread = await insertMessage(db, {
    ...inbox,
    subject: 'Photos of the villa',
    fromName: 'Villa Agency',
    from: 'hello@villas.example',
    text: 'See the pictures attached.',
    html: `<p onclick="steal()">See <b>the villa</b>:</p><img src="cid:front@villa" alt="front"><img src="https://tracker.example/logo.png" alt="Logo"><img src="https://tracker.example/open.gif" width="1" height="1"><script>alert(1)</script><a href="https://villas.example/book">Book</a>`,
    date: day(6),
  });
  await insertAttachment(db, {
    message: msg.newUnread,
    position: 1,
    filename: 'front.png',
    contentType: 'image/png',
    size: PNG.length,
    hash: hashes.png,
    contentId: 'front@villa',
  });
  await insertAttachment(db, {
    message: msg.newUnread,
    position: 2,
    filename: '../../etc/"passwd" ünïcode.html',
    contentType: 'text/html',
    size: HTML_FILE.length,
    hash: hashes.html,
  });
  await insertAttachment(db, {
    message: msg.newUnread,
    position: 3,
    filename: 'huge-video.mp4',
    contentType: 'video/mp4',
    size: 30 * 1024 * 1024,
    hash: null,
  });
  msg.sent = await insertMessage(db, {
    mailbox: box.london,
    folder: folder.sent,
    subject: 'Re: Yacht charter in Monaco',
    fromName: 'London Office',
    from: 'office@example.com',
    text: 'The yacht is booked.',
    date: day(3),
    seen: true,
    direction: 'out',
    client: w.client.anna,
  });
  msg.dubai = await insertMessage(db, {
    mailbox: box.dubai,
    folder: folder.dubaiInbox,
    subject: 'Desert safari',
    fromName: 'Omar Sharif',
    from: 'omar@sharif.example',
    text: 'Dune bashing for four.',
    date: day(4),
    client: omar,
  });
});
afterAll(() => t.close());

async function list(token: string, query: string) {
  const res = await t.request({ method: 'GET', url: `mail/messages/?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: MailMessageSummary[]; meta: { total: number } };
  return { ids: body.data.map((m) => m.id), total: body.meta.total, data: body.data };
}

describe('the mail list', () => {
  it('lists a folder unread first, then newest, with the total and pages', async () => {
    const all = await list(bo, `folder=${folder.inbox}`);
    expect(all.ids).toEqual([msg.newUnread, msg.oldUnread, msg.newRead, msg.oldRead]);
    expect(all.total).toBe(4);
    const first = all.data.find((m) => m.id === msg.oldUnread)!;
    expect(first).toMatchObject({
      mailbox: box.london,
      folder: folder.inbox,
      direction: 'in',
      from: { name: 'Anna Karenina', address: 'anna@karenina.example' },
      seen: false,
      client: { id: w.client.anna, name: 'Anna Karenina' },
      request: { id: annaRequest.id, number: annaRequest.number },
      linked_by: 'auto',
      has_attachments: false,
    });
    const page2 = await list(bo, `folder=${folder.inbox}&limit=2&offset=2`);
    expect(page2).toMatchObject({ ids: [msg.newRead, msg.oldRead], total: 4 });
  });

  it('filters by mailbox, unread, client and request', async () => {
    expect((await list(bo, `mailbox=${box.london}`)).ids).toEqual([
      msg.newUnread,
      msg.oldUnread,
      msg.newRead,
      msg.sent,
      msg.oldRead,
    ]);
    expect((await list(bo, `folder=${folder.inbox}&unread=true`)).ids).toEqual([
      msg.newUnread,
      msg.oldUnread,
    ]);
    expect((await list(bo, `folder=${folder.inbox}&unread=false`)).ids).toEqual([msg.newRead, msg.oldRead]);
    expect((await list(bo, `client=${w.client.anna}`)).ids).toEqual([msg.oldUnread, msg.sent, msg.oldRead]);
    expect((await list(bo, `request=${annaRequest.id}`)).ids).toEqual([msg.oldUnread]);
  });

  it('searches the sender, the subject and the text by the start of their words', async () => {
    const search = async (words: string) =>
      (await list(bo, `mailbox=${box.london}&search=${encodeURIComponent(words)}`)).ids;
    expect(await search('karen')).toEqual([msg.oldUnread, msg.oldRead]); // sender's name
    expect(await search('ledger.example')).toEqual([msg.newRead]); // sender's address
    expect(await search('yacht')).toEqual([msg.sent, msg.oldRead]); // subject and text
    expect(await search('chauff')).toEqual([msg.oldUnread]); // text only
    expect(await search('YACHT regatta')).toEqual([msg.oldRead]); // every word, any case
    expect(await search(annaRequest.number)).toEqual([msg.oldUnread]);
    expect(await search('nothing-like-this')).toEqual([]);
    expect((await list(bo, `folder=${folder.inbox}&search=yacht`)).total).toBe(1);
    expect(await list(bo, `mailbox=${box.london}&search=yacht&limit=1`)).toMatchObject({
      ids: [msg.sent],
      total: 2,
    });
    // past the last page: nothing, and still the total
    expect(await list(bo, `mailbox=${box.london}&search=yacht&offset=5`)).toMatchObject({
      ids: [],
      total: 2,
    });
  });

  it('shows an Admin every office’s mail and anyone else only their own office’s', async () => {
    // across mailboxes: each one's head, merged in the list's order
    const everything = await list(admin, '');
    expect(everything.ids).toEqual([
      msg.newUnread,
      msg.dubai,
      msg.oldUnread,
      msg.newRead,
      msg.sent,
      msg.oldRead,
    ]);
    expect(everything.total).toBe(6);
    expect(await list(admin, 'limit=3&offset=2')).toMatchObject({
      ids: [msg.oldUnread, msg.newRead, msg.sent],
      total: 6,
    });
    expect((await list(admin, 'search=yacht')).ids).toEqual([msg.sent, msg.oldRead]);
    const dubai = await list(fo, '');
    expect(dubai).toMatchObject({ ids: [msg.dubai], total: 1 });
    expect(await list(fo, `mailbox=${box.london}`)).toMatchObject({ ids: [], total: 0 });
    expect(await list(fo, `folder=${folder.inbox}`)).toMatchObject({ ids: [], total: 0 });
    expect(await list(fo, `client=${w.client.anna}`)).toMatchObject({ ids: [], total: 0 });
    expect(await list(fo, 'search=yacht')).toMatchObject({ ids: [], total: 0 });
    expect(
      (await t.request({ method: 'GET', url: 'mail/messages/', token: w.token.Accountant })).statusCode,
    ).toBe(403);
  });
});

describe('a message', () => {
  it('answers its HTML sanitised, remote images held back, cid images pointed at the attachment', async () => {
    const res = await t.request({ method: 'GET', url: `mail/messages/${msg.newUnread}/`, token: bo });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data as MailMessage;
    expect(m.html).toBe(
      `<p>See <b>the villa</b>:</p><img src="/api/v1/mail/messages/${msg.newUnread}/attachments/1/?inline=true" alt="front" /><span data-remote-image title="Logo">[image: Logo]</span><a href="https://villas.example/book" target="_blank" rel="noopener noreferrer">Book</a>`,
    );
    expect(m.remote_images).toBe(true);
    expect(m).toMatchObject({
      text: 'See the pictures attached.',
      seen: false,
      message_id: expect.stringMatching(/^<test-\d+@example\.org>$/),
      cc: [],
      references: [],
      in_reply_to: null,
    });
    expect(m.attachments).toEqual([
      { n: 1, filename: 'front.png', content_type: 'image/png', size: PNG.length, stored: true },
      {
        n: 2,
        filename: '../../etc/"passwd" ünïcode.html',
        content_type: 'text/html',
        size: HTML_FILE.length,
        stored: true,
      },
      { n: 3, filename: 'huge-video.mp4', content_type: 'video/mp4', size: 30 * 1024 * 1024, stored: false },
    ]);

    const shown = await t.request({
      method: 'GET',
      url: `mail/messages/${msg.newUnread}/?images=true`,
      token: bo,
    });
    expect(shown.json().data.html).toContain('<img src="https://tracker.example/logo.png" alt="Logo" />');
    expect(shown.json().data.html).not.toContain('open.gif');
    expect(shown.json().data.remote_images).toBe(false);
    // reading it does not mark it read: the reader's PATCH does
    expect((await list(bo, `folder=${folder.inbox}&unread=true`)).ids).toContain(msg.newUnread);
  });

  it('is a 404 to another office and where it does not exist', async () => {
    expect(
      (await t.request({ method: 'GET', url: `mail/messages/${msg.newUnread}/`, token: fo })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `mail/messages/${msg.dubai}/`, token: fo })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `mail/messages/${msg.dubai}/`, token: admin })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: 'mail/messages/99999/', token: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('marking and linking', () => {
  const patch = (id: number, payload: Record<string, unknown>, token = bo) =>
    t.request({ method: 'PATCH', url: `mail/messages/${id}/`, token, payload });

  it('marks read and unread', async () => {
    const read = await patch(msg.newUnread, { seen: true });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.seen).toBe(true);
    expect((await list(bo, `folder=${folder.inbox}&unread=true`)).ids).toEqual([msg.oldUnread]);
    const unread = await patch(msg.newUnread, { seen: false });
    expect(unread.json().data.seen).toBe(false);
    expect((await list(bo, `folder=${folder.inbox}&unread=true`)).ids).toEqual([
      msg.newUnread,
      msg.oldUnread,
    ]);
  });

  it('links a client and a request by hand, a request bringing its client', async () => {
    const client = await patch(msg.newRead, { client: omar });
    expect(client.statusCode, client.body).toBe(200);
    expect(client.json().data).toMatchObject({
      client: { id: omar, name: 'Omar Sharif' },
      request: null,
      linked_by: 'user',
    });
    const request = await patch(msg.newRead, { request: omarRequest.id });
    expect(request.json().data).toMatchObject({
      client: { id: omar },
      request: { id: omarRequest.id, number: omarRequest.number },
      linked_by: 'user',
    });
    const byRequest = await patch(msg.newUnread, { request: annaRequest.id });
    expect(byRequest.json().data).toMatchObject({
      client: { id: w.client.anna, name: 'Anna Karenina' },
      request: { id: annaRequest.id },
      linked_by: 'user',
    });
    expect((await list(bo, `request=${annaRequest.id}`)).ids).toEqual([msg.newUnread, msg.oldUnread]);
  });

  it('refuses a request of another client than the linked one, and unknown records', async () => {
    const other = await patch(msg.oldUnread, { request: omarRequest.id });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ errors: { request: [MAIL_MESSAGES.linkOfAnotherClient] } });
    const both = await patch(msg.oldUnread, { client: w.client.anna, request: omarRequest.id });
    expect(both.json()).toEqual({ errors: { request: [MAIL_MESSAGES.linkOfAnotherClient] } });
    const switched = await patch(msg.oldUnread, { client: omar, request: omarRequest.id });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data).toMatchObject({ client: { id: omar }, request: { id: omarRequest.id } });
    expect((await patch(msg.oldUnread, { client: 99999 })).json().errors).toHaveProperty('client');
    expect((await patch(msg.oldUnread, { request: 99999 })).json().errors).toHaveProperty('request');
  });

  it('unlinks: the client takes its request along; a request alone can go', async () => {
    const noRequest = await patch(msg.newRead, { request: null });
    expect(noRequest.json().data).toMatchObject({ client: { id: omar }, request: null, linked_by: 'user' });
    await patch(msg.newRead, { request: omarRequest.id });
    const none = await patch(msg.newRead, { client: null });
    expect(none.json().data).toMatchObject({ client: null, request: null, linked_by: 'user' });
    // an unlink by hand keeps its mark, so the sync does not link it again
    const auto = await patch(msg.oldRead, { client: null });
    expect(auto.json().data).toMatchObject({ client: null, linked_by: 'user' });
  });

  it('is a 404 to another office', async () => {
    expect((await patch(msg.newUnread, { seen: true }, fo)).statusCode).toBe(404);
    expect((await patch(msg.newUnread, { client: omar }, fo)).statusCode).toBe(404);
    const still = await t.request({ method: 'GET', url: `mail/messages/${msg.newUnread}/`, token: bo });
    expect(still.json().data).toMatchObject({ seen: false, client: { id: w.client.anna } });
  });
});

describe('attachments', () => {
  const download = (id: number, n: number, query = '', token = bo) =>
    t.request({ method: 'GET', url: `mail/messages/${id}/attachments/${n}/${query}`, token });

  it('downloads with a safe name, nosniff and a strict CSP; inline only for an image or PDF asked so', async () => {
    const png = await download(msg.newUnread, 1);
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.equals(PNG)).toBe(true);
    expect(png.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'content-disposition': `attachment; filename="front.png"; filename*=UTF-8''front.png`,
      'x-content-type-options': 'nosniff',
    });
    expect(png.headers['content-security-policy']).toContain("default-src 'none'");
    expect(png.headers['content-security-policy']).toContain('sandbox');
    const inline = await download(msg.newUnread, 1, '?inline=true');
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);

    const html = await download(msg.newUnread, 2, '?inline=true');
    expect(html.statusCode).toBe(200);
    expect(html.rawPayload.equals(HTML_FILE)).toBe(true);
    const disposition = String(html.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="\.\._\.\._etc__passwd_ _n_code\.html"; filename\*=UTF-8''/,
    );
    expect(disposition).not.toContain('/');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is a 404 with a clear message for one too large to keep, and for one that is not there', async () => {
    const huge = await download(msg.newUnread, 3);
    expect(huge.statusCode).toBe(404);
    expect(huge.json().errors.detail).toBe(MAIL_MESSAGES.attachmentNotStored);
    expect((await download(msg.newUnread, 4)).json().errors.detail).toBe('Attachment not found.');
    expect((await download(99999, 1)).json().errors.detail).toBe('Message not found.');
  });

  it('is a 404 to another office', async () => {
    const res = await download(msg.newUnread, 1, '', fo);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors.detail).toBe('Message not found.');
  });
});

describe('a long mailbox', () => {
  it('walks the list index for a common word, and collects a rare one from the search index', async () => {
    // 6,000 messages in Dubai: a word in all of them, another in every 500th; one in three unread
    await t.database.db.execute(sql`
      insert into mail_messages (mailbox_id, folder_id, uidvalidity, uid, message_id, direction, from_name,
        from_address, subject, date, seen_at, search_vector)
      select ${box.dubai}, ${folder.dubaiInbox}, 7, n, '<long-' || n || '@example.org>', 'in', 'Long', 'long@example.org',
        'Long ' || n, timestamptz '2026-01-01' + make_interval(mins => n),
        case when n % 3 = 0 then null else timestamptz '2026-06-01' end,
        case when n % 500 = 0 then 'ubiquitous seldom' else 'ubiquitous' end::tsvector
      from generate_series(1, 6000) n`);
    await t.database.db.execute(sql`analyze mail_messages`);
    // the newest unread ones first: n = 6000, 5997, ...
    const expected = await t.database.db.execute(sql`
      select id from mail_messages where folder_id = ${folder.dubaiInbox} and uidvalidity = 7
      order by (seen_at is not null), date desc, id desc limit 20`);
    const ids = (expected as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);

    const common = await list(fo, 'search=ubiquitous');
    expect(common.ids).toEqual(ids);
    expect(common.total).toBeGreaterThan(1000); // the estimate: "about"
    const inFolder = await list(fo, `folder=${folder.dubaiInbox}&search=ubiq&offset=20`);
    expect(inFolder.ids).toHaveLength(20);
    expect(inFolder.ids).not.toContain(ids[0]);

    const rare = await list(fo, 'search=seldom');
    expect(rare.total).toBe(12);
    expect(rare.data.map((m) => m.subject)).toEqual([
      'Long 6000',
      'Long 4500',
      'Long 3000',
      'Long 1500', // unread (n divisible by 3), newest first
      ...[5500, 5000, 4000, 3500, 2500, 2000, 1000, 500].map((n) => `Long ${n}`),
    ]);
    expect((await list(fo, 'search=seldom ubiquitous')).total).toBe(12);
    expect((await list(bo, 'search=ubiquitous')).total).toBe(0);
  });
});

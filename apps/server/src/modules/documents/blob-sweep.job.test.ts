import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { DocumentFile } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../platform/blob-store.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { mailAttachments, mailboxes, mailMessages } from '../mail/mail.table.ts';
import { regions } from '../rates/regions.table.ts';
import { BLOB_GRACE_MS, BLOB_SWEEP_JOB } from './blob-sweep.job.ts';
import { multipartBody } from './documents.test-support.ts';

let t: TestContext;
let bo: string;
let root: string;
let folderId: number;

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: `/tmp/documents-sweep-${process.pid}-${Date.now()}` });
  bo = await t.login('BO');
  root = path.join(t.config.dataDir, 'blobs');
  const res = await t.request({
    method: 'POST',
    url: 'documents/folders/',
    token: bo,
    payload: { name: 'Sweep' },
  });
  folderId = res.json().data.id;
});
afterAll(() => t.close());

const blobPath = (hash: string) => path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash);
const exists = async (file: string) =>
  readdir(path.dirname(file)).then(
    (names) => names.includes(path.basename(file)),
    () => false,
  );
/** Two hours ago: past the grace. */
const old = () => new Date(Date.now() - 2 * BLOB_GRACE_MS);

async function upload(name: string, text: string): Promise<DocumentFile> {
  const res = await t.request({
    method: 'POST',
    url: 'documents/files/',
    token: bo,
    ...multipartBody({ folder: String(folderId) }, [{ name, data: Buffer.from(text) }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0];
}

async function age(file: string): Promise<void> {
  await utimes(file, old(), old());
}

/** A mail message with one attachment naming `hash` (the mail module's tables, written directly). */
async function mailAttachmentNaming(hash: string): Promise<void> {
  const db = t.database.db;
  const [office] = await db.select({ id: regions.id }).from(regions).limit(1);
  const [box] = await db
    .insert(mailboxes)
    .values({
      region_id: office!.id,
      name: 'Sweep box',
      address: 'sweep@example.com',
      imap_host: 'imap.example.com',
      imap_port: 993,
      imap_security: 'tls',
      imap_user: 'u',
      imap_password_enc: 'x',
      smtp_host: 'smtp.example.com',
      smtp_port: 465,
      smtp_security: 'tls',
    })
    .returning();
  const [message] = await db
    .insert(mailMessages)
    .values({
      mailbox_id: box!.id,
      message_id: '<sweep@example.com>',
      direction: 'in',
      date: new Date(),
      search_vector: sql`to_tsvector('simple', '')`,
    })
    .returning();
  await db.insert(mailAttachments).values({
    message_id: message!.id,
    position: 0,
    filename: 'kept.pdf',
    content_type: 'application/pdf',
    size: 3,
    content_hash: hash,
  });
}

describe('the blob sweep', () => {
  it('removes old blobs no row names and old temporary files; keeps named, fresh and mail-named ones', async () => {
    const blobs = createBlobStore(root);
    const put = async (text: string) =>
      (await blobs.put(Readable.from([Buffer.from(text)]), { maxBytes: 1024, tooLarge: 'x' })).hash;

    const named = await upload('named.txt', 'a file row names me\n');
    const deleted = await upload('deleted.txt', 'my row is deleted\n');
    const del = await t.request({ method: 'DELETE', url: `documents/files/${deleted.id}/`, token: bo });
    expect(del.statusCode).toBe(204);
    const orphanOld = await put('nobody names me, for hours\n');
    const orphanFresh = await put('nobody names me yet: an upload under way\n');
    const mailNamed = await put('a mail attachment names me\n');
    await mailAttachmentNaming(mailNamed);
    for (const hash of [named.content_hash, deleted.content_hash, orphanOld, mailNamed])
      await age(blobPath(hash));
    await mkdir(path.join(root, 'tmp'), { recursive: true });
    const tmpOld = path.join(root, 'tmp', 'cut-off-upload');
    const tmpFresh = path.join(root, 'tmp', 'upload-under-way');
    await writeFile(tmpOld, 'half');
    await writeFile(tmpFresh, 'half');
    await age(tmpOld);

    expect(await t.app.jobs.runNow(BLOB_SWEEP_JOB)).toBe('ran');

    expect(await exists(blobPath(named.content_hash))).toBe(true);
    expect(await exists(blobPath(mailNamed))).toBe(true);
    expect(await exists(blobPath(orphanFresh))).toBe(true);
    expect(await exists(blobPath(deleted.content_hash))).toBe(false);
    expect(await exists(blobPath(orphanOld))).toBe(false);
    expect(await exists(tmpOld)).toBe(false);
    expect(await exists(tmpFresh)).toBe(true);
    const download = await t.request({
      method: 'GET',
      url: `documents/files/${named.id}/download/`,
      token: bo,
    });
    expect(download.body).toBe('a file row names me\n');
  });

  it('spares an old unnamed blob whose content was just uploaded again (its time is renewed)', async () => {
    const blobs = createBlobStore(root);
    const data = Buffer.from('stored long ago, unnamed, then sent again\n');
    const { hash } = await blobs.put(Readable.from([data]), { maxBytes: 1024, tooLarge: 'x' });
    await age(blobPath(hash));
    // an upload of the same bytes whose row is not written yet
    await blobs.put(Readable.from([data]), { maxBytes: 1024, tooLarge: 'x' });
    expect(await t.app.jobs.runNow(BLOB_SWEEP_JOB)).toBe('ran');
    expect(await exists(blobPath(hash))).toBe(true);
    // a sweep two hours on takes it, since no row ever came
    expect(await t.app.jobs.runNow(BLOB_SWEEP_JOB, { now: new Date(Date.now() + 2 * BLOB_GRACE_MS) })).toBe(
      'ran',
    );
    expect(await exists(blobPath(hash))).toBe(false);
  });
});

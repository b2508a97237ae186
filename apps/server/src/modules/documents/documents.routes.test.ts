import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_MESSAGES, type DocumentFile, type DocumentFolder, MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { multipartBody } from './documents.test-support.ts';

let t: TestContext;
let admin: string;
let fo: string;
let bo: string;
let accountant: string;

beforeAll(async () => {
  // A data dir of this file's own: blobs are written there.
  t = await createTestContext({ DATA_DIR: `/tmp/documents-test-${process.pid}-${Date.now()}` });
  [admin, fo, bo, accountant] = await Promise.all([
    t.login('Admin'),
    t.login('FO'),
    t.login('BO'),
    t.login('Accountant'),
  ]);
});
afterAll(() => t.close());

async function folder(token: string, body: Record<string, unknown>): Promise<DocumentFolder> {
  const res = await t.request({ method: 'POST', url: 'documents/folders/', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function upload(token: string, folderId: number, files: { name: string; data: Buffer }[]) {
  return t.request({
    method: 'POST',
    url: 'documents/files/',
    token,
    ...multipartBody({ folder: String(folderId) }, files),
  });
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 7),
]);

describe('folders', () => {
  it('creates, lists children, renames and records the history', async () => {
    const root = await folder(fo, { name: '  Contracts  ' });
    expect(root).toMatchObject({ name: 'Contracts', parent: null, version: 1 });
    const child = await folder(fo, { name: '2026', parent: root.id });
    const roots = await t.request({ method: 'GET', url: 'documents/folders/', token: fo });
    expect(roots.json().data.map((f: DocumentFolder) => f.name)).toContain('Contracts');
    expect(roots.json().data.map((f: DocumentFolder) => f.name)).not.toContain('2026');
    const kids = await t.request({ method: 'GET', url: `documents/folders/?parent=${root.id}`, token: fo });
    expect(kids.json()).toMatchObject({ data: [{ id: child.id, name: '2026' }], meta: { total: 1 } });

    const renamed = await t.request({
      method: 'PATCH',
      url: `documents/folders/${child.id}/`,
      token: bo,
      payload: { name: '2026 signed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: '2026 signed', version: 2 });
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=document_folder&entity_id=${child.id}`,
      token: admin,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.length).toBe(2);
  });

  it('answers one folder with the folders above it, and whether it has subfolders', async () => {
    const a = await folder(fo, { name: 'Path A' });
    const b = await folder(fo, { name: 'Path B', parent: a.id });
    const c = await folder(fo, { name: 'Path C', parent: b.id });
    const res = await t.request({ method: 'GET', url: `documents/folders/${c.id}/`, token: bo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: c.id,
      name: 'Path C',
      has_children: false,
      path: [
        { id: a.id, name: 'Path A' },
        { id: b.id, name: 'Path B' },
      ],
    });
    const top = await t.request({ method: 'GET', url: `documents/folders/${a.id}/`, token: bo });
    expect(top.json().data).toMatchObject({ path: [], has_children: true });
    const kids = await t.request({ method: 'GET', url: `documents/folders/?parent=${a.id}`, token: bo });
    expect(kids.json().data).toMatchObject([{ id: b.id, has_children: true }]);
    const missing = await t.request({ method: 'GET', url: 'documents/folders/999999/', token: bo });
    expect(missing.statusCode).toBe(404);
  });

  it('says what an upload takes', async () => {
    const res = await t.request({ method: 'GET', url: 'documents/settings/', token: fo });
    expect(res.json().data).toEqual({ max_file_bytes: t.config.documentMaxBytes, max_files: 50 });
  });

  it('refuses a clash in the same folder (any case) but not in another', async () => {
    const a = await folder(fo, { name: 'Clash A' });
    const b = await folder(fo, { name: 'Clash B' });
    await folder(fo, { name: 'Invoices', parent: a.id });
    await folder(fo, { name: 'Invoices', parent: b.id });
    const clash = await t.request({
      method: 'POST',
      url: 'documents/folders/',
      token: fo,
      payload: { name: 'INVOICES', parent: a.id },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ name: [MESSAGES.unique] });
    const rootClash = await t.request({
      method: 'POST',
      url: 'documents/folders/',
      token: fo,
      payload: { name: 'clash a' },
    });
    expect(rootClash.json().errors).toEqual({ name: [MESSAGES.unique] });
  });

  it('refuses traversal and separator names for folders', async () => {
    for (const name of ['../x', '..', '.', 'a/b', 'a\\b', 'tab\there', '   ']) {
      const res = await t.request({
        method: 'POST',
        url: 'documents/folders/',
        token: fo,
        payload: { name },
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors.name, name).toHaveLength(1);
      if (name.includes('/') || name.startsWith('.'))
        expect(res.json().errors.name).toEqual([DOCUMENT_MESSAGES.badName]);
    }
    const long = await t.request({
      method: 'POST',
      url: 'documents/folders/',
      token: fo,
      payload: { name: 'x'.repeat(256) },
    });
    expect(long.json().errors.name).toEqual(['Maximum 255 characters']);
  });

  it('moves a folder, and refuses a move into itself or its own subtree', async () => {
    const top = await folder(fo, { name: 'Move top' });
    const mid = await folder(fo, { name: 'Move mid', parent: top.id });
    const leaf = await folder(fo, { name: 'Move leaf', parent: mid.id });
    const other = await folder(fo, { name: 'Move other' });
    for (const parent of [top.id, mid.id, leaf.id]) {
      const res = await t.request({
        method: 'PATCH',
        url: `documents/folders/${top.id}/`,
        token: fo,
        payload: { parent },
      });
      expect(res.statusCode, String(parent)).toBe(400);
      expect(res.json().errors).toEqual({ parent: [DOCUMENT_MESSAGES.moveIntoItself] });
    }
    const moved = await t.request({
      method: 'PATCH',
      url: `documents/folders/${mid.id}/`,
      token: fo,
      payload: { parent: other.id },
    });
    expect(moved.json().data).toMatchObject({ parent: other.id });
    const toRoot = await t.request({
      method: 'PATCH',
      url: `documents/folders/${mid.id}/`,
      token: fo,
      payload: { parent: null },
    });
    expect(toRoot.json().data).toMatchObject({ parent: null });
    const missing = await t.request({
      method: 'PATCH',
      url: `documents/folders/${mid.id}/`,
      token: fo,
      payload: { parent: 999999 },
    });
    expect(missing.json().errors).toEqual({ parent: [MESSAGES.invalidValue] });
  });

  it('refuses a stale version with 409', async () => {
    const f = await folder(fo, { name: 'Versioned' });
    await t.request({
      method: 'PATCH',
      url: `documents/folders/${f.id}/`,
      token: fo,
      payload: { name: 'Versioned 2', version: 1 },
    });
    const stale = await t.request({
      method: 'PATCH',
      url: `documents/folders/${f.id}/`,
      token: fo,
      payload: { name: 'Versioned 3', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('deletes an empty tree, answers 409 with the count for one holding files until confirm=true', async () => {
    const empty = await folder(bo, { name: 'Empty' });
    await folder(bo, { name: 'Empty child', parent: empty.id });
    const gone = await t.request({ method: 'DELETE', url: `documents/folders/${empty.id}/`, token: bo });
    expect(gone.statusCode, gone.body).toBe(204);

    const full = await folder(bo, { name: 'Full' });
    const sub = await folder(bo, { name: 'Full sub', parent: full.id });
    expect((await upload(bo, full.id, [{ name: 'a.txt', data: Buffer.from('a') }])).statusCode).toBe(201);
    expect(
      (
        await upload(bo, sub.id, [
          { name: 'b.txt', data: Buffer.from('b') },
          { name: 'c.txt', data: Buffer.from('c') },
        ])
      ).statusCode,
    ).toBe(201);
    const refused = await t.request({ method: 'DELETE', url: `documents/folders/${full.id}/`, token: bo });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      { code: 'folder_not_empty', detail: DOCUMENT_MESSAGES.folderHasFiles(3) },
    ]);
    expect(refused.json().errors[0].detail).toContain('3 files');

    const confirmed = await t.request({
      method: 'DELETE',
      url: `documents/folders/${full.id}/?confirm=true`,
      token: bo,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const after = await t.request({ method: 'GET', url: `documents/files/?folder=${sub.id}`, token: bo });
    expect(after.json().meta.total).toBe(0);
    const subGone = await t.request({
      method: 'PATCH',
      url: `documents/folders/${sub.id}/`,
      token: bo,
      payload: { name: 'x' },
    });
    expect(subGone.statusCode).toBe(404);
  });

  it('lets only holders of ROLE_ALLOW_DELETE_FOLDER (and Admin) delete a folder', async () => {
    const f = await folder(fo, { name: 'Guarded' });
    const byFo = await t.request({ method: 'DELETE', url: `documents/folders/${f.id}/`, token: fo });
    expect(byFo.statusCode).toBe(403);
    const byAdmin = await t.request({ method: 'DELETE', url: `documents/folders/${f.id}/`, token: admin });
    expect(byAdmin.statusCode).toBe(204);
  });

  it('refuses the Accountant everywhere', async () => {
    const f = await folder(admin, { name: 'Not for accounting' });
    const calls = [
      { method: 'GET', url: 'documents/folders/' },
      { method: 'POST', url: 'documents/folders/', payload: { name: 'x' } },
      { method: 'PATCH', url: `documents/folders/${f.id}/`, payload: { name: 'y' } },
      { method: 'DELETE', url: `documents/folders/${f.id}/` },
      { method: 'GET', url: `documents/files/?folder=${f.id}` },
    ] as const;
    for (const c of calls) {
      const res = await t.request({ ...c, token: accountant });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
    }
  });

  it('links a folder to one client at most', async () => {
    const both = await t.request({
      method: 'POST',
      url: 'documents/folders/',
      token: fo,
      payload: { name: 'x', client: 1, request: 1 },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toMatchObject({ request: [DOCUMENT_MESSAGES.oneLink] });
    const noClient = await t.request({
      method: 'POST',
      url: 'documents/folders/',
      token: fo,
      payload: { name: 'x', client: 999999 },
    });
    expect(noClient.json().errors).toEqual({ client: [MESSAGES.invalidValue] });
  });
});

describe('files', () => {
  let box: DocumentFolder;
  let other: DocumentFolder;
  beforeAll(async () => {
    box = await folder(bo, { name: 'Uploads' });
    other = await folder(bo, { name: 'Elsewhere' });
  });

  it('uploads two files at once, lists them and downloads them byte for byte', async () => {
    const res = await upload(bo, box.id, [
      { name: 'offer.pdf', data: PDF },
      { name: 'photo.png', data: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [pdf, png] = res.json().data as DocumentFile[];
    expect(pdf).toMatchObject({
      name: 'offer.pdf',
      mime: 'application/pdf',
      size: PDF.length,
      folder: box.id,
    });
    expect(png).toMatchObject({ name: 'photo.png', mime: 'image/png', size: PNG.length });
    expect(pdf!.uploaded_by).toEqual({ id: expect.any(Number), name: 'Boris Back' });

    const list = await t.request({ method: 'GET', url: `documents/files/?folder=${box.id}`, token: fo });
    expect(list.json().data.map((f: DocumentFile) => f.name)).toEqual(['offer.pdf', 'photo.png']);
    expect(list.json().data[0].uploaded_by.name).toBe('Boris Back');

    const down = await t.request({ method: 'GET', url: `documents/files/${pdf!.id}/download/`, token: fo });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(PDF)).toBe(true);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="offer.pdf"; filename*=UTF-8''offer.pdf`,
    );
    expect(down.headers['x-content-type-options']).toBe('nosniff');

    const inline = await t.request({
      method: 'GET',
      url: `documents/files/${png!.id}/download/?inline=true`,
      token: fo,
    });
    expect(inline.rawPayload.equals(PNG)).toBe(true);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(inline.headers['content-security-policy']).toContain("default-src 'none'");
    expect(inline.headers['content-security-policy']).toContain('sandbox');

    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=document_file&entity_id=${pdf!.id}`,
      token: admin,
    });
    expect(history.json().data.length).toBe(1);
  });

  it('stores the same content once, by its hash', async () => {
    const data = Buffer.from('same bytes, two names\n');
    const res = await upload(bo, box.id, [
      { name: 'one.txt', data },
      { name: 'two.txt', data },
    ]);
    const [a, b] = res.json().data as DocumentFile[];
    expect(a!.content_hash).toBe(b!.content_hash);
    const dir = path.join(
      t.config.dataDir,
      'blobs',
      a!.content_hash.slice(0, 2),
      a!.content_hash.slice(2, 4),
    );
    expect(await readdir(dir)).toEqual([a!.content_hash]);
  });

  it('never shows non-image, non-PDF content inline, and names the type from the bytes, not the client', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await t.request({
      method: 'POST',
      url: 'documents/files/',
      token: bo,
      ...multipartBody({ folder: String(box.id) }, [
        { name: 'page.pdf', data: html, type: 'application/pdf' },
      ]),
    });
    const file = res.json().data[0] as DocumentFile;
    expect(file.mime).toBe('text/plain');
    const down = await t.request({
      method: 'GET',
      url: `documents/files/${file.id}/download/?inline=true`,
      token: bo,
    });
    expect(down.headers['content-disposition']).toMatch(/^attachment; /);
    expect(down.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('sniffs types', async () => {
    const cases: [string, Buffer, string][] = [
      ['a.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg'],
      ['a.gif', Buffer.from('GIF89a\x01\x00', 'latin1'), 'image/gif'],
      [
        'a.webp',
        Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
        'image/webp',
      ],
      [
        'a.docx',
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['a.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 2]), 'application/zip'],
      ['fake.docx', Buffer.from('not a zip at all'), 'text/plain'],
      ['a.bin', Buffer.from([0, 1, 2, 3, 0xfe]), 'application/octet-stream'],
      ['a.exe.png', Buffer.from([0x4d, 0x5a, 0x90, 0x00]), 'application/octet-stream'],
    ];
    const res = await upload(
      bo,
      other.id,
      cases.map(([name, data]) => ({ name, data })),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().data as DocumentFile[]).map((f) => f.mime)).toEqual(cases.map((c) => c[2]));
  });

  it('keeps only the base name of an upload: ../ and folders in the name go', async () => {
    const res = await upload(bo, other.id, [
      { name: '../../etc/passwd', data: Buffer.from('x') },
      { name: 'C:\\Users\\me\\report.pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().data as DocumentFile[]).map((f) => f.name)).toEqual(['passwd', 'report.pdf']);
    const nothingLeft = await upload(bo, other.id, [{ name: '../..', data: Buffer.from('x') }]);
    expect(nothingLeft.statusCode).toBe(400);
    expect(nothingLeft.json().errors).toEqual({ name: [DOCUMENT_MESSAGES.badName] });
  });

  it('refuses an upload whose name already exists in the folder, and stores none of the batch', async () => {
    const res = await upload(bo, other.id, [
      { name: 'fresh.txt', data: Buffer.from('x') },
      { name: 'PASSWD', data: Buffer.from('y') },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: [MESSAGES.unique] });
    const list = await t.request({
      method: 'GET',
      url: `documents/files/?folder=${other.id}&limit=100`,
      token: bo,
    });
    expect(list.json().data.map((f: DocumentFile) => f.name)).not.toContain('fresh.txt');
  });

  it('refuses an upload without a folder, to a missing folder, without files, or with an empty one', async () => {
    const noFolder = await t.request({
      method: 'POST',
      url: 'documents/files/',
      token: bo,
      ...multipartBody({}, [{ name: 'a.txt', data: Buffer.from('a') }]),
    });
    expect(noFolder.json().errors).toEqual({ folder: [MESSAGES.required] });
    const missing = await upload(bo, 999999, [{ name: 'a.txt', data: Buffer.from('a') }]);
    expect(missing.json().errors).toEqual({ folder: [MESSAGES.invalidValue] });
    const none = await t.request({
      method: 'POST',
      url: 'documents/files/',
      token: bo,
      ...multipartBody({ folder: String(box.id) }, []),
    });
    expect(none.json().errors).toEqual({ file: [DOCUMENT_MESSAGES.noFiles] });
    const empty = await upload(bo, box.id, [{ name: 'blank.txt', data: Buffer.alloc(0) }]);
    expect(empty.json().errors).toEqual({ file: [DOCUMENT_MESSAGES.emptyFile('blank.txt')] });
    const json = await t.request({
      method: 'POST',
      url: 'documents/files/',
      token: bo,
      payload: { folder: box.id },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers a clear 404, not a 500, for a file whose content is gone from the store', async () => {
    const data = Buffer.from('content that will be lost\n');
    const [file] = (await upload(bo, other.id, [{ name: 'lost.txt', data }])).json().data as DocumentFile[];
    await rm(
      path.join(
        t.config.dataDir,
        'blobs',
        file!.content_hash.slice(0, 2),
        file!.content_hash.slice(2, 4),
        file!.content_hash,
      ),
    );
    const res = await t.request({ method: 'GET', url: `documents/files/${file!.id}/download/`, token: bo });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().errors.detail).toBe(
      'The content of "lost.txt" is missing from the file store. Upload the file again, or ask an administrator to restore the store.',
    );
    // the same bytes uploaded again bring the content back for both rows
    expect((await upload(bo, other.id, [{ name: 'found.txt', data }])).statusCode).toBe(201);
    const back = await t.request({ method: 'GET', url: `documents/files/${file!.id}/download/`, token: bo });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(data)).toBe(true);
  });

  it('renames and moves a file, refusing a clash, then deletes it', async () => {
    const res = await upload(bo, box.id, [{ name: 'draft.txt', data: Buffer.from('draft') }]);
    const file = res.json().data[0] as DocumentFile;
    const clash = await t.request({
      method: 'PATCH',
      url: `documents/files/${file.id}/`,
      token: fo,
      payload: { name: 'OFFER.pdf' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ name: [MESSAGES.unique] });
    const traversal = await t.request({
      method: 'PATCH',
      url: `documents/files/${file.id}/`,
      token: fo,
      payload: { name: '../draft.txt' },
    });
    expect(traversal.json().errors).toMatchObject({ name: [DOCUMENT_MESSAGES.badName] });
    const renamed = await t.request({
      method: 'PATCH',
      url: `documents/files/${file.id}/`,
      token: fo,
      payload: { name: 'final.txt', folder: other.id },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'final.txt', folder: other.id });
    const del = await t.request({ method: 'DELETE', url: `documents/files/${file.id}/`, token: fo });
    expect(del.statusCode).toBe(204);
    const again = await t.request({ method: 'GET', url: `documents/files/${file.id}/download/`, token: fo });
    expect(again.statusCode).toBe(404);
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=document_file&entity_id=${file.id}`,
      token: admin,
    });
    expect(history.json().data.length).toBe(3);
  });
});

describe('the size bound', () => {
  let small: TestContext;
  let token: string;
  let dir: DocumentFolder;
  beforeAll(async () => {
    small = await createTestContext({
      DATA_DIR: `/tmp/documents-small-${process.pid}-${Date.now()}`,
      DOCUMENT_MAX_BYTES: '1024',
    });
    token = await small.login('BO');
    dir = (
      await small.request({ method: 'POST', url: 'documents/folders/', token, payload: { name: 'Small' } })
    ).json().data;
  });
  afterAll(() => small.close());

  it('takes a file of exactly the bound and refuses one byte more, leaving no temporary file and no row', async () => {
    const send = (data: Buffer, name: string) =>
      small.request({
        method: 'POST',
        url: 'documents/files/',
        token,
        ...multipartBody({ folder: String(dir.id) }, [{ name, data }]),
      });
    const ok = await send(Buffer.alloc(1024, 0x61), 'exact.txt');
    expect(ok.statusCode, ok.body).toBe(201);
    const big = await send(Buffer.alloc(1025, 0x62), 'big.txt');
    expect(big.statusCode).toBe(413);
    expect(big.json().errors.detail).toBe(DOCUMENT_MESSAGES.tooLarge(1024));
    expect(await readdir(path.join(small.config.dataDir, 'blobs', 'tmp'))).toEqual([]);
    const list = await small.request({ method: 'GET', url: `documents/files/?folder=${dir.id}`, token });
    expect(list.json().data.map((f: DocumentFile) => f.name)).toEqual(['exact.txt']);
  });
});

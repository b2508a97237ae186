import { DOCUMENT_MESSAGES, type DocumentFolder, type DocumentFolderDetail, MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, type RequestsWorld, requestBody } from '../requests/requests.test-support.ts';
import { documentFolders } from './documents.table.ts';
import { multipartBody } from './documents.test-support.ts';

/** The folders of records: a request's made with it, a client's on first use, and what a request's deletion leaves. */
let t: TestContext;
let w: RequestsWorld;

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: `/tmp/documents-records-${process.pid}-${Date.now()}` });
  w = await buildWorld(t);
});
afterAll(() => t.close());

async function newRequest(): Promise<{ id: number; number: string }> {
  const res = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.FO,
    payload: requestBody(w),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function folderOf(link: 'client' | 'request', id: number): Promise<DocumentFolder[]> {
  const res = await t.request({ method: 'GET', url: `documents/folders/?${link}=${id}`, token: w.token.BO });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function detail(id: number): Promise<DocumentFolderDetail> {
  const res = await t.request({ method: 'GET', url: `documents/folders/${id}/`, token: w.token.BO });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('a request', () => {
  it('gets its folder "Requests/<number>" on creation, in the same transaction, with its history', async () => {
    const request = await newRequest();
    const [folder] = await folderOf('request', request.id);
    expect(folder).toMatchObject({ name: request.number, request: request.id, client: null });
    const full = await detail(folder!.id);
    expect(full.path.map((p) => p.name)).toEqual(['Requests']);
    const second = await newRequest();
    const [other] = await folderOf('request', second.id);
    expect(other!.parent).toBe(folder!.parent); // one "Requests" for all
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=document_folder&entity_id=${folder!.id}`,
      token: w.token.Admin,
    });
    expect(history.json().data).toHaveLength(1);
  });

  it('asks the record route for its folder: the same one, answered 200', async () => {
    const request = await newRequest();
    const [folder] = await folderOf('request', request.id);
    const again = await t.request({
      method: 'POST',
      url: 'documents/folders/record/',
      token: w.token.BO,
      payload: { request: request.id },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(folder!.id);
  });

  it('takes "<number> (2)" when an unlinked folder already has the number, rather than failing the request', async () => {
    const [anyFolder] = await folderOf('request', (await newRequest()).id);
    // The next number of the company: BSLF-<year>-<seq + 1>
    const [prefix, year, seq] = anyFolder!.name.split('-');
    const next = `${prefix}-${year}-${String(Number(seq) + 1).padStart(5, '0')}`;
    const squat = await t.request({
      method: 'POST',
      url: 'documents/folders/',
      token: w.token.BO,
      payload: { name: next.toLowerCase(), parent: anyFolder!.parent },
    });
    expect(squat.statusCode, squat.body).toBe(201);
    const request = await newRequest();
    expect(request.number).toBe(next);
    const [folder] = await folderOf('request', request.id);
    expect(folder!.name).toBe(`${next} (2)`);
  });

  it('on deletion takes its empty folder along, and leaves one holding files in place, unlinked', async () => {
    const empty = await newRequest();
    const [emptyFolder] = await folderOf('request', empty.id);
    const del = await t.request({ method: 'DELETE', url: `requests/${empty.id}/`, token: w.token.FO });
    expect(del.statusCode, del.body).toBe(204);
    const gone = await t.request({
      method: 'GET',
      url: `documents/folders/${emptyFolder!.id}/`,
      token: w.token.BO,
    });
    expect(gone.statusCode).toBe(404);

    const full = await newRequest();
    const [fullFolder] = await folderOf('request', full.id);
    const up = await t.request({
      method: 'POST',
      url: 'documents/files/',
      token: w.token.BO,
      ...multipartBody({ folder: String(fullFolder!.id) }, [{ name: 'voucher.txt', data: Buffer.from('v') }]),
    });
    expect(up.statusCode, up.body).toBe(201);
    const del2 = await t.request({ method: 'DELETE', url: `requests/${full.id}/`, token: w.token.FO });
    expect(del2.statusCode, del2.body).toBe(204);
    const kept = await detail(fullFolder!.id);
    expect(kept).toMatchObject({ name: full.number, request: null });
    const files = await t.request({
      method: 'GET',
      url: `documents/files/?folder=${kept.id}`,
      token: w.token.BO,
    });
    expect(files.json().meta.total).toBe(1);
  });
});

describe('a client', () => {
  it('has no folder until first asked, then "Clients/<name>", the same one every time', async () => {
    expect(await folderOf('client', w.client.anna)).toEqual([]);
    const first = await t.request({
      method: 'POST',
      url: 'documents/folders/record/',
      token: w.token.FO,
      payload: { client: w.client.anna },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ name: 'Anna Karenina', client: w.client.anna, request: null });
    const again = await t.request({
      method: 'POST',
      url: 'documents/folders/record/',
      token: w.token.BO,
      payload: { client: w.client.anna },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await detail(first.json().data.id)).path.map((p) => p.name)).toEqual(['Clients']);
    expect(await folderOf('client', w.client.anna)).toHaveLength(1);
  });

  it('gets a folder name without separators when the name has them', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'clients/',
      token: w.token.Admin,
      payload: { first_name: 'AC/DC', last_name: 'Fan\\Club' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = await t.request({
      method: 'POST',
      url: 'documents/folders/record/',
      token: w.token.FO,
      payload: { client: res.json().data.id },
    });
    expect(made.json().data.name).toBe('AC-DC Fan-Club');
  });

  it('refuses a missing client, both links or neither', async () => {
    const missing = await t.request({
      method: 'POST',
      url: 'documents/folders/record/',
      token: w.token.FO,
      payload: { client: 999999 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ client: [MESSAGES.invalidValue] });
    for (const payload of [{}, { client: w.client.anna, request: 1 }]) {
      const res = await t.request({
        method: 'POST',
        url: 'documents/folders/record/',
        token: w.token.FO,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({ request: [DOCUMENT_MESSAGES.recordLink] });
    }
    const byAccountant = await t.request({
      method: 'POST',
      url: 'documents/folders/record/',
      token: w.token.Accountant,
      payload: { client: w.client.anna },
    });
    expect(byAccountant.statusCode).toBe(403);
    // nothing half-made: still one Clients folder
    const roots = await t.database.db
      .select()
      .from(documentFolders)
      .where(eq(documentFolders.name, 'Clients'));
    expect(roots).toHaveLength(1);
  });
});

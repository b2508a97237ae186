import type { DocumentFile, DocumentFolder } from '@app/shared';
import { count, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { sniffMime } from '../../platform/blob-store.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { seedDemoUpTo } from '../../test/seeded.ts';
import { requests } from '../requests/requests.table.ts';
import { seedDocuments, tinyPdf, tinyPng } from './documents.seed.ts';
import { documentFolders } from './documents.table.ts';

let t: TestContext;
let bo: string;
let seedMs: number;

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: `/tmp/documents-seed-${process.pid}-${Date.now()}` });
  const now = new Date('2026-11-24T10:00:00Z');
  // what the seeder builds on (users, clients, requests; the later seeders add nothing it reads),
  // then this one alone (timed)
  await seedDemoUpTo(t, now, 'requests');
  const started = performance.now();
  await t.database.db.transaction((tx) => seedDocuments({ db: tx as unknown as Db, config: t.config, now }));
  seedMs = performance.now() - started;
  bo = await t.login('BO');
});
afterAll(() => t.close());

async function get<T>(url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url, token: bo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('documents demo data', () => {
  it('has the top folders, a folder for every demo request under Requests, and a client folder', async () => {
    const roots = await get<DocumentFolder[]>('documents/folders/');
    expect(roots.map((f) => f.name)).toEqual([
      'Clients',
      'Contracts',
      'Requests',
      'Supplier rate sheets',
      'Templates',
    ]);
    const [{ n: requestCount }] = (await t.database.db.select({ n: count() }).from(requests)) as [
      { n: number },
    ];
    const linked = await t.database.db
      .select({ n: count() })
      .from(documentFolders)
      .where(isNotNull(documentFolders.request_id));
    expect(linked[0]!.n).toBe(requestCount);
    expect(requestCount).toBeGreaterThan(0);
    const requestsRoot = roots.find((f) => f.name === 'Requests')!;
    const page = await t.request({
      method: 'GET',
      url: `documents/folders/?parent=${requestsRoot.id}&limit=5`,
      token: bo,
    });
    expect(page.json().meta.total).toBe(requestCount);
    const clients = await get<DocumentFolder[]>(`documents/folders/?parent=${roots[0]!.id}`);
    expect(clients).toHaveLength(1);
    expect(clients[0]!.client).not.toBeNull();
  });

  it('has small PDFs and PNGs whose bytes download and are what their type says', async () => {
    const roots = await get<DocumentFolder[]>('documents/folders/');
    const templates = roots.find((f) => f.name === 'Templates')!;
    const files = await get<DocumentFile[]>(`documents/files/?folder=${templates.id}`);
    expect(files.map((f) => [f.name, f.mime])).toEqual([
      ['Offer template.pdf', 'application/pdf'],
      ['Office logo.png', 'image/png'],
    ]);
    for (const f of files) {
      expect(f.uploaded_by?.name).toBe('Boris Back');
      const res = await t.request({ method: 'GET', url: `documents/files/${f.id}/download/`, token: bo });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(f.size);
      expect(sniffMime(res.rawPayload)).toBe(f.mime);
    }
    const pdf = await t.request({
      method: 'GET',
      url: `documents/files/${files[0]!.id}/download/`,
      token: bo,
    });
    expect(pdf.body).toMatch(/^%PDF-1\.4\n/);
    expect(pdf.body).toContain('(Offer template) Tj');
    expect(pdf.body.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('writes the history of what it made, and is quick', async () => {
    const roots = await get<DocumentFolder[]>('documents/folders/');
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=document_folder&entity_id=${roots[0]!.id}`,
      token: await t.login('Admin'),
    });
    expect(history.json().data).toHaveLength(1);
    expect(seedMs).toBeLessThan(3000);
  });
});

describe('the tiny files', () => {
  it('make a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = tinyPdf('Title (with) \\ marks', ['a line']).toString('latin1');
    const xref = Number(pdf.match(/startxref\n(\d+)\n/)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(6);
    for (const [i, o] of offsets.entries()) expect(pdf.slice(o, o + 8)).toBe(`${i + 1} 0 obj\n`);
    expect(pdf).toContain('(Title \\(with\\) \\\\ marks) Tj');
  });

  it('make a PNG of the asked size', () => {
    const png = tinyPng(3, 2, () => [1, 2, 3]);
    expect(sniffMime(png)).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
  });
});

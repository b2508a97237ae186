import fs from 'node:fs';
import path from 'node:path';
import type { RequestRecord } from '@app/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { TestContext } from '../../test/harness.ts';
import { hotelLine, type RequestsWorld, requestBody } from '../requests/requests.test-support.ts';

/** A small PDF as a scanner writes one; `marker` makes each one's bytes (and hash) its own. */
export const pdfBytes = (marker = 'bill') =>
  Buffer.from(
    `%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
/** The 8-byte PNG signature and an IHDR chunk: enough for a sniffer, which is what is tested. */
export const pngBytes = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  ]);
export const gifBytes = () => Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1');
/** A Windows program: 'MZ' and a DOS stub. */
export const exeBytes = () =>
  Buffer.concat([Buffer.from('MZ\u0090\u0000\u0003\u0000', 'latin1'), Buffer.alloc(200, 0x41)]);

export interface FilePart {
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser sends it: the text fields, then the file. */
export function multipart(fields: Record<string, string>, file: FilePart | null) {
  const boundary = '----bill-upload-test';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  };
}

/** A request made through the requests API whose lines are all Confirmed (by the BO). */
export async function confirmedRequest(
  t: TestContext,
  w: RequestsWorld,
  lines: Array<Record<string, unknown>>,
  over: Record<string, unknown> = {},
): Promise<RequestRecord> {
  const created = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.FO,
    payload: requestBody(w, { lines: lines.map((l) => hotelLine(w, l)), ...over }) as never,
  });
  expect(created.statusCode, created.body).toBe(201);
  let record = created.json().data as RequestRecord;
  for (const line of [...record.lines]) {
    const res = await t.request({
      method: 'POST',
      url: `requests/${record.id}/lines/${line.id}/status/`,
      token: w.token.BO,
      payload: { status: 'Confirmed', version: line.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    record = res.json().data as RequestRecord;
  }
  return record;
}

/** Every file under a folder, relative to it, sorted (temporary ones included). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

/** What a refused call must leave as it was: rows of bills, their lines, register, audit, files. */
export async function billState(t: TestContext) {
  const [row] = await queryRows<{
    bills: number;
    lines: number;
    register: number;
    audit: number;
    versions: number;
  }>(
    t.database.db,
    sql`select (select count(*)::int from supplier_invoices) as bills,
               (select count(*)::int from supplier_invoice_lines) as lines,
               (select count(*)::int from document_register where doc_kind = 'bill') as register,
               (select count(*)::int from audit_log where entity = 'supplier_invoice') as audit,
               (select coalesce(sum(version), 0)::int from supplier_invoices) as versions`,
  );
  return { ...row!, files: filesUnder(path.join(t.config.dataDir, 'bills')) };
}

import path from 'node:path';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { asc, eq, isNull } from 'drizzle-orm';
import { createBlobStore } from '../../platform/blob-store.ts';
import type { SeedContext } from '../../platform/module.ts';
import { type ChangeEntry, recordChanges } from '../audit/audit.service.ts';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import {
  CLIENTS_ROOT,
  DOCUMENT_FILE_ENTITY,
  DOCUMENT_FOLDER_ENTITY,
  REQUESTS_ROOT,
} from './documents.service.ts';
import { documentFiles, documentFolders } from './documents.table.ts';

const DAY = 24 * 3_600_000;

// ---------------------------------------------------------------------------------------------
// Tiny real files, made here so the demo needs no binary fixtures.

/** A one-page PDF (A4) with a title and a few lines of Helvetica; a viewer opens it as is. */
export function tinyPdf(title: string, lines: string[]): Buffer {
  const esc = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = [
    'BT /F1 20 Tf 72 760 Td',
    `(${esc(title)}) Tj`,
    '/F1 11 Tf 0 -32 Td 15 TL',
    ...lines.map((l) => `(${esc(l)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    // the title a viewer shows in its bar
    `<< /Title (${esc(title)}) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG of `width` × `height`, each pixel from `paint(x, y)`. */
export function tinyPng(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(paint(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A blue-and-white banner with a stripe: the office logo of the demo. */
const logo = () =>
  tinyPng(240, 80, (x, y) =>
    y > 56 && y < 64 ? [230, 160, 40] : (x + y) % 40 < 20 ? [30, 90, 170] : [240, 244, 250],
  );
/** A grey card with a darker photo square: a passport scan stand-in. */
const scan = () =>
  tinyPng(200, 140, (x, y) =>
    x > 14 && x < 70 && y > 20 && y < 96
      ? [120, 130, 140]
      : y % 12 === 0 && x > 84
        ? [90, 90, 90]
        : [225, 228, 232],
  );

// ---------------------------------------------------------------------------------------------

interface SeedFile {
  name: string;
  data: Buffer;
  daysAgo: number;
}

/**
 * Documents demo data: "Contracts", "Supplier rate sheets" and "Templates" with a few small PDFs
 * and images; "Requests" with a folder per demo request (as a new request gets on creation), the
 * newest request's holding a scan and a confirmation; "Clients" with the first client's folder.
 */
export async function seedDocuments({ db, config, now }: SeedContext): Promise<void> {
  const blobs = createBlobStore(path.join(config.dataDir, 'blobs'));
  const bo = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'bo@example.com')))[0];
  const fo = (await db.select({ id: users.id }).from(users).where(eq(users.email, 'fo@example.com')))[0];
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const history: ChangeEntry[] = [];

  const top = await db
    .insert(documentFolders)
    .values(
      ['Contracts', 'Supplier rate sheets', 'Templates', REQUESTS_ROOT, CLIENTS_ROOT].map((name) => ({
        name,
        created_by: bo?.id ?? null,
        created_at: at(120),
        updated_at: at(120),
      })),
    )
    .returning();
  const byName = new Map(top.map((f) => [f.name, f]));
  const contracts2026 = (
    await db
      .insert(documentFolders)
      .values({ name: '2026', parent_id: byName.get('Contracts')!.id, created_by: bo?.id ?? null })
      .returning()
  )[0]!;

  // Every demo request's folder under Requests, in one statement.
  const requestRows = await db
    .select({ id: requests.id, number: requests.number })
    .from(requests)
    .orderBy(asc(requests.id));
  const requestFolders = requestRows.length
    ? await db
        .insert(documentFolders)
        .values(
          requestRows.map((r) => ({
            name: r.number,
            parent_id: byName.get(REQUESTS_ROOT)!.id,
            request_id: r.id,
            created_by: fo?.id ?? null,
          })),
        )
        .returning()
    : [];
  const firstClient = (
    await db
      .select({ id: clients.id, first: clients.first_name, last: clients.last_name })
      .from(clients)
      .where(isNull(clients.archived_at))
      .orderBy(asc(clients.id))
      .limit(1)
  )[0];
  const clientFolder = firstClient
    ? (
        await db
          .insert(documentFolders)
          .values({
            name: `${firstClient.first} ${firstClient.last}`.trim(),
            parent_id: byName.get(CLIENTS_ROOT)!.id,
            client_id: firstClient.id,
            created_by: fo?.id ?? null,
          })
          .returning()
      )[0]
    : undefined;
  for (const f of [...top, contracts2026, ...requestFolders, ...(clientFolder ? [clientFolder] : [])])
    history.push({
      entity: DOCUMENT_FOLDER_ENTITY,
      id: f.id,
      before: null,
      after: { name: f.name, parent: f.parent_id, client: f.client_id, request: f.request_id },
    });

  const pdf = (title: string, ...lines: string[]) => tinyPdf(title, lines);
  const place: [folderId: number | undefined, SeedFile][] = [
    [
      contracts2026.id,
      {
        name: 'Hotel Artemide agreement 2026.pdf',
        data: pdf(
          'Hotel Artemide - agency agreement 2026',
          'Net rates valid 1 Jan - 31 Dec 2026.',
          'Release: 14 days.',
        ),
        daysAgo: 40,
      },
    ],
    [
      byName.get('Contracts')!.id,
      {
        name: 'Transfer partner terms.pdf',
        data: pdf('Transfer partner terms', 'Airport transfers, Dubai and Abu Dhabi.', 'Payment: 30 days.'),
        daysAgo: 90,
      },
    ],
    [
      byName.get('Supplier rate sheets')!.id,
      {
        name: 'Rate sheet summer 2026.pdf',
        data: pdf(
          'Rate sheet - summer 2026',
          'Deluxe room BB: 240 EUR',
          'Suite BB: 410 EUR',
          'Extra bed: 60 EUR',
        ),
        daysAgo: 25,
      },
    ],
    [
      byName.get('Templates')!.id,
      {
        name: 'Offer template.pdf',
        data: pdf('Offer template', 'Dear {client},', 'Please find our offer below.'),
        daysAgo: 100,
      },
    ],
    [byName.get('Templates')!.id, { name: 'Office logo.png', data: logo(), daysAgo: 100 }],
    [requestFolders.at(-1)?.id, { name: 'Passport scan.png', data: scan(), daysAgo: 2 }],
    [
      requestFolders.at(-1)?.id,
      {
        name: 'Booking confirmation.pdf',
        data: pdf(
          'Booking confirmation',
          `Request ${requestRows.at(-1)?.number ?? ''}`,
          'Confirmed by the hotel.',
        ),
        daysAgo: 1,
      },
    ],
    [
      clientFolder?.id,
      {
        name: 'Passport copy.png',
        data: scan(),
        daysAgo: 10,
      },
    ],
  ];
  const values: (typeof documentFiles.$inferInsert)[] = [];
  for (const [folderId, file] of place) {
    if (folderId === undefined) continue;
    const stored = await blobs.put(Readable.from([file.data]), {
      maxBytes: config.documentMaxBytes,
      tooLarge: 'too large',
      name: file.name,
    });
    values.push({
      folder_id: folderId,
      name: file.name,
      content_hash: stored.hash,
      mime: stored.mime,
      size: stored.size,
      uploaded_by: bo?.id ?? null,
      created_at: at(file.daysAgo),
      updated_at: at(file.daysAgo),
    });
  }
  const files = values.length ? await db.insert(documentFiles).values(values).returning() : [];
  for (const f of files)
    history.push({
      entity: DOCUMENT_FILE_ENTITY,
      id: f.id,
      before: null,
      after: { name: f.name, folder: f.folder_id, mime: f.mime, size: f.size, content_hash: f.content_hash },
    });
  await recordChanges(db, null, history);
}

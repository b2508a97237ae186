import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { auditLog } from '../audit/audit.table.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { rateSets } from '../rates/rates.table.ts';
import { makeClient, makeRequest, makeSupplier } from '../requests/offers.fixtures.ts';
import { formatDay } from '../requests/offers.format.ts';
import { requestLines } from '../requests/requests.table.ts';
import { clientInvoiceLines, clientInvoices } from './invoices.table.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  creditNote,
  getInvoice,
  type InvoicesWorld,
  issued,
} from './invoices.test-support.ts';
import { registerRepository } from './register.repository.ts';
import { documentRegister } from './register.table.ts';

/**
 * The PDF and the sending through the API, with mail going through a real SMTP server on loopback.
 * Most invoices are arranged straight in the tables (numbered in 2025, apart from the issuing
 * service's series), so those tests do not depend on how invoices are issued; one walk issues an
 * invoice and its credit note through the API and prints and sends what the service stored.
 */

interface Received {
  to: string[];
  raw: string;
}
let smtp: SMTPServer;
const received: Received[] = [];
let t: TestContext;
let tokens: Record<'Accountant' | 'Admin' | 'FO' | 'BO', string>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'invoice-routes-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  const [accountant, admin, fo, bo] = await Promise.all(
    (['Accountant', 'Admin', 'FO', 'BO'] as const).map((r) => t.login(r)),
  );
  tokens = { Accountant: accountant!, Admin: admin!, FO: fo!, BO: bo! };
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The message as a reader sees it: quoted-printable soft breaks joined, escapes decoded. */
const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

let seq = 0;

/** An issued invoice of one Confirmed line, as the issuing service writes it. */
async function arrangeInvoice(opts: { snapshotEmail?: string | null; clientEmail?: string | null } = {}) {
  const db = t.database.db;
  seq += 1;
  const clientId = await makeClient(db, 'Eleanor', `Whitcombe${seq}`);
  if (opts.clientEmail !== undefined)
    await db.update(clients).set({ email: opts.clientEmail }).where(eq(clients.id, clientId));
  const supplier = await makeSupplier(db, `Plaza Athénée ${seq}`);
  const request = await makeRequest(db, clientId, [{ status: 'Invoiced', supplier_id: supplier }]);
  const [line] = await db.select().from(requestLines).where(eq(requestLines.request_id, request.id));
  const [company] = await db.select().from(companies).where(eq(companies.code, 'BSLF'));
  const [set] = await db
    .insert(rateSets)
    .values({ created_at: new Date('2025-03-01T00:00:00Z') })
    .returning();
  const number = `BSLF-INV-2025-${String(seq).padStart(4, '0')}`;
  const [invoice] = await db
    .insert(clientInvoices)
    .values({
      kind: 'invoice',
      number,
      company_id: company!.id,
      year: 2025,
      seq,
      client_id: clientId,
      request_id: request.id,
      currency: 'GBP',
      issue_date: '2025-03-12',
      due_date: '2025-03-26',
      total: '18450.00',
      base_currency: 'GBP',
      rate_set_id: set!.id,
      rate: '1.000000',
      total_base: '18450.00',
      bill_to: {
        name: `Eleanor Whitcombe${seq}`,
        address: '14 Cheyne Walk',
        city: 'London SW3 5RA',
        country: 'United Kingdom',
        email: opts.snapshotEmail === undefined ? `eleanor${seq}@example.com` : opts.snapshotEmail,
      },
      seller: {
        name: company!.name,
        address: company!.address,
        vat_number: company!.vat_number,
        registration_number: '09876543',
        base_currency: 'GBP',
        bank: {
          account_name: company!.name,
          bank_name: 'Barclays',
          account_number: 'GB29BARC20000055779911',
          swift: 'BARCGB22',
          currency: 'GBP',
        },
      },
    })
    .returning();
  await db.insert(clientInvoiceLines).values({
    invoice_id: invoice!.id,
    position: 1,
    line_id: line!.id,
    request_id: request.id,
    account_type: 'Toms EU',
    description: 'Hotel: Hôtel Plaza Athénée, Prestige Suite · 2 pax',
    service_date_from: '2026-04-12',
    service_date_to: '2026-04-16',
    amount: '18450.00',
  });
  await registerRepository.syncInvoice(db, invoice!.id);
  return { id: invoice!.id, number, request, clientId };
}

const send = (id: number, payload: Record<string, unknown> = {}, token = tokens.Accountant) =>
  t.request({ method: 'POST', url: `client-invoices/${id}/send/`, token, payload });

const invoiceRow = async (id: number) =>
  (await t.database.db.select().from(clientInvoices).where(eq(clientInvoices.id, id)))[0]!;

const sendAudits = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'client_invoice'), eq(auditLog.entity_id, id), eq(auditLog.action, 'send')),
    )
    .orderBy(auditLog.id);

describe('GET client-invoices/{id}/pdf/', () => {
  it('answers the PDF inline under the invoice number, the same bytes every time', async () => {
    const inv = await arrangeInvoice();
    const res = await t.request({
      method: 'GET',
      url: `client-invoices/${inv.id}/pdf/`,
      token: tokens.Accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${inv.number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(dir, `${inv.number}.pdf`);
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain(inv.number);
    expect(text).toContain(inv.request.number);
    expect(text).toContain(`Eleanor Whitcombe${seq}`);
    expect(text).toContain('Hotel: Hôtel Plaza Athénée, Prestige Suite · 2 pax');
    expect(text).toContain('VAT reg. no. GB284771023');
    expect(text).toContain('GBP 18,450.00');
    expect(text).toContain('GB29 BARC 2000 0055 7799 11');

    const again = await t.request({
      method: 'GET',
      url: `client-invoices/${inv.id}/pdf/`,
      token: tokens.Admin,
    });
    expect(again.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers 404 for an unknown invoice', async () => {
    const res = await t.request({
      method: 'GET',
      url: 'client-invoices/999999/pdf/',
      token: tokens.Accountant,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST client-invoices/{id}/send/', () => {
  it("mails the PDF to the client's address, marks it Sent and records the sending", async () => {
    const inv = await arrangeInvoice();
    const before = received.length;
    const res = await send(inv.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: inv.id, sent_to: `eleanor${seq}@example.com`, version: 2 });

    expect(received.length).toBe(before + 1);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual([`eleanor${seq}@example.com`]);
    expect(mail.raw).toContain(`Subject: Invoice ${inv.number} from Bespoke Lifestyle Ltd`);
    expect(readable(mail.raw)).toContain(`Dear Eleanor Whitcombe${seq},`);
    expect(readable(mail.raw)).toContain(
      `Please find attached invoice ${inv.number} for GBP 18,450.00, due on 26 March 2025.`,
    );
    expect(readable(mail.raw)).toContain('Kind regards,\r\nBespoke Lifestyle Ltd');
    expect(mail.raw).toMatch(new RegExp(`Content-Type: application/pdf; name=${inv.number}\\.pdf`));

    const row = await invoiceRow(inv.id);
    expect(row.sent_at?.toISOString()).toBe(data.sent_at);
    expect(row.sent_to).toBe(`eleanor${seq}@example.com`);
    const [register] = await t.database.db
      .select()
      .from(documentRegister)
      .where(and(eq(documentRegister.doc_kind, 'invoice'), eq(documentRegister.doc_id, inv.id)));
    expect(register!.sent).toBe(true);
    const audits = await sendAudits(inv.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.changes.sent_to).toEqual([null, `eleanor${seq}@example.com`]);
  });

  it('keeps the first sending time, takes the new address, a copy and the written message', async () => {
    const inv = await arrangeInvoice();
    const first = (await send(inv.id)).json().data;
    const res = await send(inv.id, {
      to: 'Family.Office@example.com',
      cc: 'pa@example.com',
      message: 'Dear Mrs Whitcombe,\n\nThe invoice for Paris, as promised.\n\nWarm regards,\nAnna',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.sent_at).toBe(first.sent_at);
    expect(data.sent_to).toBe('family.office@example.com');
    expect(data.version).toBe(first.version + 1);

    const mail = received.at(-1)!;
    expect(mail.to).toEqual(['family.office@example.com', 'pa@example.com']);
    expect(mail.raw).toContain('Cc: pa@example.com');
    expect(readable(mail.raw)).toContain('The invoice for Paris, as promised.');
    expect(readable(mail.raw)).not.toContain('Please find attached');

    const row = await invoiceRow(inv.id);
    expect(row.sent_at?.toISOString()).toBe(first.sent_at);
    expect(row.sent_to).toBe('family.office@example.com');
    const audits = await sendAudits(inv.id);
    expect(audits).toHaveLength(2);
    expect(audits[1]!.changes).toMatchObject({
      sent_to: [`eleanor${seq}@example.com`, 'family.office@example.com'],
      cc: [null, 'pa@example.com'],
    });
  });

  it("falls back to the client's current address when the issued snapshot has none", async () => {
    const inv = await arrangeInvoice({ snapshotEmail: null, clientEmail: `later${seq + 1}@example.com` });
    const res = await send(inv.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sent_to).toBe(`later${seq}@example.com`);
    expect(received.at(-1)!.to).toEqual([`later${seq}@example.com`]);
  });

  it('refuses a client without an email when no address is given, and writes and sends nothing', async () => {
    const inv = await arrangeInvoice({ snapshotEmail: null, clientEmail: null });
    const before = received.length;
    const res = await send(inv.id, { to: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('client_without_email');
    expect(res.json().errors[0].detail).toContain(inv.number);
    expect(received.length).toBe(before);
    const row = await invoiceRow(inv.id);
    expect(row.sent_at).toBeNull();
    expect(row.version).toBe(1);
    expect(await sendAudits(inv.id)).toHaveLength(0);
  });

  it('refuses a malformed address under its field', async () => {
    const inv = await arrangeInvoice();
    const res = await send(inv.id, { to: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.to).toHaveLength(1);
    expect(received.filter((m) => m.to.includes('not-an-address'))).toHaveLength(0);
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await send(999999)).statusCode).toBe(404);
  });

  it('is for Admin and Accountant only: FO and BO get 403 for the PDF and the sending', async () => {
    const inv = await arrangeInvoice();
    const before = received.length;
    for (const role of ['FO', 'BO'] as const) {
      const pdf = await t.request({
        method: 'GET',
        url: `client-invoices/${inv.id}/pdf/`,
        token: tokens[role],
      });
      expect(pdf.statusCode).toBe(403);
      expect((await send(inv.id, {}, tokens[role])).statusCode).toBe(403);
    }
    expect((await send(inv.id, {}, tokens.Admin)).statusCode).toBe(200);
    expect(received.length).toBe(before + 1);
  });
});

/** The PDF's text, as pdftotext lays it out. */
async function pdfText(id: number): Promise<string> {
  const res = await t.request({ method: 'GET', url: `client-invoices/${id}/pdf/`, token: tokens.Accountant });
  expect(res.statusCode, res.body).toBe(200);
  const file = join(dir, `issued-${id}.pdf`);
  writeFileSync(file, res.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

describe('an invoice and its credit note issued through the API', () => {
  let w: InvoicesWorld;
  beforeAll(async () => {
    w = await buildInvoicesWorld(t);
  });

  it('prints and sends what the issuing service stored', async () => {
    const r = await confirmedRequest(
      t,
      w,
      [
        { hotel_name: "Claridge's", sell: '12450.00' },
        { account_type: 'Disbursement', hotel_name: 'Royal Opera House', sell: '960.00' },
      ],
      { client_id: w.boris },
    );
    const inv = await issued(t, w, r);
    const text = await pdfText(inv.id);
    expect(text).toContain('INVOICE');
    expect(text).toContain(inv.number);
    expect(text).toContain(r.number);
    expect(text).toContain(formatDay(inv.issue_date));
    expect(text).toContain(formatDay(inv.due_date));
    expect(text).toContain('Bespoke Lifestyle Ltd');
    expect(text).toContain('VAT reg. no. GB284771023');
    expect(text).toContain('Boris Godunov');
    expect(text).toContain('1 Red Square');
    expect(text).toContain('Moscow, Russia');
    expect(text).toMatch(/Claridge’s[\s\S]*12,450.00/);
    expect(text).toContain('Tour Operators’ Margin Scheme');
    expect(text).toMatch(
      /Disbursements \(paid on your behalf, outside the scope of VAT\)[\s\S]*Royal Opera House/,
    );
    expect(text).toContain('GBP 13,410.00');
    expect(text).toContain('GB29 NWBK 6016 1331 9268 19');
    expect(text).toContain('COUTGB22');
    expect(text).toContain('Coutts & Co');

    const sent = await send(inv.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(received.at(-1)!.to).toEqual(['boris@example.com']);
    const record = await getInvoice(t, w, inv.id);
    expect(record.sent_at).toBe(sent.json().data.sent_at);
    expect(record.version).toBe(sent.json().data.version);

    const credited = await creditNote(t, w, record, { reason: 'The opera was cancelled' });
    expect(credited.statusCode, credited.body).toBe(201);
    const cn = credited.json().data as { id: number; number: string };
    const cnText = await pdfText(cn.id);
    expect(cnText).toContain('CREDIT NOTE');
    expect(cnText).toContain(cn.number);
    expect(cnText).toMatch(new RegExp(`CREDITS INVOICE[\\s\\S]*${inv.number}`));
    expect(cnText).toContain('Reason: The opera was cancelled');
    expect(cnText).toContain('GBP -13,410.00');
    expect(cnText).not.toContain('PAYMENT DETAILS');

    expect((await send(cn.id)).statusCode).toBe(200);
    const mail = readable(received.at(-1)!.raw);
    expect(mail).toContain(`Subject: Credit note ${cn.number} from Bespoke Lifestyle Ltd`);
    expect(mail).toContain(
      `Please find attached credit note ${cn.number} for GBP 13,410.00, crediting invoice ${inv.number}.`,
    );
  });
});

describe('sending when the mail server is down', () => {
  let down: TestContext;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    down = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => down.close());

  it('fails and leaves the invoice Not sent, with no audit row', async () => {
    const saved = t;
    t = down;
    try {
      const inv = await arrangeInvoice();
      const token = await down.login('Accountant');
      const res = await send(inv.id, {}, token);
      expect(res.statusCode).toBe(500);
      const row = await invoiceRow(inv.id);
      expect(row.sent_at).toBeNull();
      expect(row.sent_to).toBeNull();
      expect(await sendAudits(inv.id)).toHaveLength(0);
    } finally {
      t = saved;
    }
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BILL_FILE_MAX_BYTES,
  type BillRecord,
  findRate,
  type RateSet,
  type RequestRecord,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, postRates, type RequestsWorld } from '../requests/requests.test-support.ts';
import {
  billState,
  confirmedRequest,
  exeBytes,
  type FilePart,
  filesUnder,
  gifBytes,
  multipart,
  pdfBytes,
  pngBytes,
} from './bills.test-support.ts';

let t: TestContext;
let w: RequestsWorld;
let rates: RateSet;
let dataDir: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bills-test-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  w = await buildWorld(t);
  rates = (await postRates(t, w)) as unknown as RateSet;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Who = 'Admin' | 'Accountant' | 'FO' | 'BO';
let numbers = 0;
const nextNumber = () => `INV-${++numbers}`;

/** The text fields of a bill over these lines, with an amount equal to their cost unless given. */
const fieldsFor = (lines: number[], over: Record<string, string> = {}): Record<string, string> => ({
  supplier: String(w.supplier.ritz),
  number: nextNumber(),
  issue_date: today,
  currency: 'GBP',
  amount: '1000.00',
  lines: JSON.stringify(lines),
  ...over,
});

const post = (
  fields: Record<string, string>,
  file: FilePart | null = { name: 'bill.pdf', content: pdfBytes() },
  who: Who = 'Accountant',
) =>
  t.request({ method: 'POST', url: 'supplier-invoices/', token: w.token[who], ...multipart(fields, file) });

async function created(fields: Record<string, string>, file?: FilePart): Promise<BillRecord> {
  const res = await post(fields, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** One Confirmed line of the Ritz (GBP 1000 by default) on a new BSLF request. */
async function line(over: Record<string, unknown> = {}, request: Record<string, unknown> = {}) {
  const r = await confirmedRequest(t, w, [over], request);
  return { id: r.lines[0]!.id, request: r };
}

const get = async (id: number): Promise<BillRecord> =>
  (await t.request({ method: 'GET', url: `supplier-invoices/${id}/`, token: w.token.Accountant })).json()
    .data;

const patch = (id: number, payload: Record<string, unknown>, who: Who = 'Accountant') =>
  t.request({
    method: 'PATCH',
    url: `supplier-invoices/${id}/`,
    token: w.token[who],
    payload: payload as never,
  });

const registerRow = async (id: number) =>
  (
    await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select company_id, counterparty_kind, counterparty_id, counterparty_name, number, request_numbers,
            issue_date::text as issue_date, due_date::text as due_date, currency, total::text as total,
            settled_amount::text as settled_amount, payment_status, sent
          from document_register where doc_kind = 'bill' and doc_id = ${id}`,
    )
  )[0];

const audit = async (id: number) =>
  (
    await t.request({
      method: 'GET',
      url: `audit/?entity=supplier_invoice&entity_id=${id}`,
      token: w.token.Accountant,
    })
  ).json().data as Array<{ action: string; changes: Record<string, [unknown, unknown]> }>;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('POST supplier-invoices/', () => {
  it('records the bill with its file, rate stamp, register row and history', async () => {
    const a = await line({ cost: '600.00', cost_currency: 'EUR' });
    const b = await line({ cost: '400.50', cost_currency: 'EUR' });
    const pdf = pdfBytes('first');
    const bill = await created(
      fieldsFor([a.id, b.id], { currency: 'EUR', amount: '1000.50', number: 'RITZ/2026/001' }),
      { name: 'Facture n°1 (Ritz).pdf', content: pdf, type: 'application/pdf' },
    );
    const buy = findRate(rates.rates, 'EUR', 'GBP', 'buy')!.rate;
    expect(bill).toMatchObject({
      number: 'RITZ/2026/001',
      supplier: { id: w.supplier.ritz, name: 'The Ritz London' },
      company: { id: w.company.BSLF, code: 'BSLF' },
      requests: [a.request, b.request].map((r) => ({ id: r.id, number: r.number })),
      issue_date: today,
      due_date: today, // the Ritz has no payment terms: due on the issue date
      currency: 'EUR',
      amount: '1000.50',
      lines_cost: '1000.50',
      difference: '0.00',
      difference_pct: '0.00',
      settled_amount: '0.00',
      open_amount: '1000.50',
      payment_status: 'Unpaid',
      overdue: false,
      base_currency: 'GBP',
      rate: new Decimal(buy).toFixed(6),
      amount_base: new Decimal('1000.50').times(buy).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      file: {
        name: 'Facture n°1 (Ritz).pdf',
        type: 'pdf',
        size: pdf.length,
        url: `supplier-invoices/${bill.id}/file/`,
      },
      created_by: { id: w.userId.Accountant },
      version: 1,
    });
    expect(bill.lines.map((l) => [l.line_id, l.amount])).toEqual([
      [a.id, '600.00'],
      [b.id, '400.50'],
    ]);
    expect(bill.lines[0]!.description).toContain('The Ritz');

    const [row] = await queryRows<{ file_path: string; file_sha256: string }>(
      t.database.db,
      sql`select file_path, file_sha256 from supplier_invoices where id = ${bill.id}`,
    );
    expect(row!.file_path).toMatch(/^bills\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(fs.readFileSync(path.join(dataDir, row!.file_path))).toEqual(pdf);
    expect(row!.file_sha256).toBe(sha256(pdf));
    expect(filesUnder(path.join(dataDir, 'bills')).filter((f) => f.endsWith('.part'))).toEqual([]);

    expect(await registerRow(bill.id)).toEqual({
      company_id: w.company.BSLF,
      counterparty_kind: 'supplier',
      counterparty_id: w.supplier.ritz,
      counterparty_name: 'The Ritz London',
      number: 'RITZ/2026/001',
      request_numbers: [a.request.number, b.request.number].sort().join(', '),
      issue_date: today,
      due_date: today,
      currency: 'EUR',
      total: '1000.50',
      settled_amount: '0.00',
      payment_status: 'Unpaid',
      sent: null,
    });

    const [entry] = await audit(bill.id);
    expect(entry!.action).toBe('create');
    expect(entry!.changes.file_name).toEqual([null, 'Facture n°1 (Ritz).pdf']);
    expect(entry!.changes.file_sha256).toEqual([null, sha256(pdf)]);
    expect(entry!.changes.lines).toEqual([null, [a.id, b.id]]);
    expect(JSON.stringify(entry)).not.toContain('%PDF');
  });

  it('takes lines as comma-separated ids and dues the bill by the supplier’s payment terms', async () => {
    const terms = await t.request({
      method: 'POST',
      url: 'suppliers/',
      token: w.token.Admin,
      payload: { name: 'Slow Payer Villas', type: 'Hotel', payment_terms_days: 30 },
    });
    const supplier = terms.json().data.id as number;
    const a = await line({ supplier_id: supplier });
    const b = await line({ supplier_id: supplier });
    const bill = await created({
      ...fieldsFor([]),
      supplier: String(supplier),
      lines: `${a.id}, ${b.id}`,
      amount: '2000',
    });
    const due = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(bill.due_date).toBe(due);
    expect(bill.lines.map((l) => l.line_id)).toEqual([a.id, b.id]);
    expect(bill.amount).toBe('2000.00');
  });

  it('takes the due date given, and refuses one before the issue date', async () => {
    const a = await line();
    const before = await billState(t);
    const refused = await post(fieldsFor([a.id], { issue_date: today, due_date: '2020-01-01' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.due_date[0]).toMatch(/^Minimum date: /);
    expect(await billState(t)).toEqual(before);
    const later = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await created(fieldsFor([a.id], { due_date: later }))).due_date).toBe(later);
  });

  describe('refuses, naming the line, and writes nothing (no row, no file)', () => {
    const cases: Array<[string, () => Promise<Record<string, string>>, string, RegExp]> = [
      [
        'a line of another supplier',
        async () => fieldsFor([(await line({ supplier_id: w.supplier.jets })).id]),
        'line_of_another_supplier',
        /^Line 1 of BSLF-\d{4}-\d{5} is booked with Sky Jets, not The Ritz London\.$/,
      ],
      [
        'a canceled line',
        async () => {
          const { id, request } = await line();
          const l = request.lines[0]!;
          const res = await t.request({
            method: 'POST',
            url: `requests/${request.id}/lines/${l.id}/status/`,
            token: w.token.BO,
            payload: { status: 'Canceled', version: (request as RequestRecord).lines[0]!.version },
          });
          expect(res.statusCode, res.body).toBe(200);
          return fieldsFor([id]);
        },
        'line_canceled',
        /^Line 1 of BSLF-\d{4}-\d{5} is canceled\.$/,
      ],
      [
        'a line not confirmed yet',
        async () => {
          const res = await t.request({
            method: 'POST',
            url: 'requests/',
            token: w.token.FO,
            payload: {
              company_id: w.company.BSLF,
              client_id: w.client.anna,
              fo_manager_id: w.userId.FO,
              bo_manager_id: w.userId.BO,
              region_id: w.region.london,
              lines: [
                {
                  service_type: 'Hotel',
                  supplier_id: w.supplier.ritz,
                  account_type: 'Toms EU',
                  cost: '1000.00',
                  cost_currency: 'GBP',
                  sell: '1200.00',
                  sell_currency: 'GBP',
                  payment_method: 'Wire',
                  hotel_name: 'The Ritz',
                },
              ],
            } as never,
          });
          return fieldsFor([res.json().data.lines[0].id]);
        },
        'line_not_confirmed',
        /^Line 1 of BSLF-\d{4}-\d{5} is not confirmed yet/,
      ],
      [
        'a line already billed',
        async () => {
          const { id } = await line();
          await created(fieldsFor([id], { number: 'FIRST-BILL-OF-LINE' }));
          return fieldsFor([id]);
        },
        'line_already_billed',
        /^Line 1 of BSLF-\d{4}-\d{5} is already on bill FIRST-BILL-OF-LINE\.$/,
      ],
      [
        'a line costing another currency',
        async () => fieldsFor([(await line({ cost_currency: 'USD' })).id]),
        'currency_mismatch',
        /^Line 1 of BSLF-\d{4}-\d{5} costs USD, not the bill's GBP\.$/,
      ],
      [
        'lines of two companies',
        async () =>
          fieldsFor([(await line()).id, (await line({}, { company_id: w.company.TPRO })).id], {
            amount: '2000.00',
          }),
        'line_of_another_company',
        /^Line 1 of TPRO-\d{4}-\d{5} belongs to TPRO, not BSLF\.$/,
      ],
      [
        'a company that is not the lines’',
        async () => fieldsFor([(await line()).id], { company: String(w.company.TPRO) }),
        'line_of_another_company',
        /^Line 1 of BSLF-\d{4}-\d{5} belongs to BSLF, not TPRO\.$/,
      ],
      [
        'a line that does not exist',
        async () => fieldsFor([2_000_000_000]),
        'line_not_found',
        /^Service line 2000000000 does not exist\.$/,
      ],
      [
        'an issue date no rate set covers',
        async () =>
          fieldsFor([(await line({ cost_currency: 'EUR' })).id], {
            currency: 'EUR',
            issue_date: '2020-01-01',
          }),
        'no_rate_set',
        /^No exchange rate converts EUR to GBP on 01\/01\/2020/,
      ],
    ];
    for (const [label, build, code, detail] of cases) {
      it(label, async () => {
        const fields = await build();
        const before = await billState(t);
        const res = await post(fields);
        expect(res.statusCode, res.body).toBe(400);
        const [error] = res.json().errors;
        expect(error.code).toBe(code);
        expect(error.detail).toMatch(detail);
        expect(await billState(t)).toEqual(before);
      });
    }

    it('a supplier number the supplier already used, whatever its case', async () => {
      await created(fieldsFor([(await line()).id], { number: 'Ritz-77' }));
      const fields = fieldsFor([(await line()).id], { number: 'RITZ-77' });
      const before = await billState(t);
      const res = await post(fields);
      expect(res.json().errors).toEqual([
        { code: 'bill_duplicate', detail: 'The Ritz London already has a bill numbered RITZ-77.' },
      ]);
      expect(await billState(t)).toEqual(before);
      // another supplier may use the same number
      const jets = await line({ supplier_id: w.supplier.jets });
      await created({ ...fieldsFor([jets.id]), supplier: String(w.supplier.jets), number: 'ritz-77' });
    });

    it('bad fields, each under its name', async () => {
      const { id } = await line();
      const before = await billState(t);
      const res = await post({
        supplier: 'x',
        number: '',
        issue_date: '2026-13-01',
        currency: 'XXX',
        amount: '-5',
        lines: '1,a',
        colour: 'red',
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(
        ['amount', 'colour', 'currency', 'issue_date', 'lines', 'number', 'supplier'].sort(),
      );
      expect((await post(fieldsFor([id], { lines: '[]' }))).json().errors.lines).toEqual([
        'Choose at least one line',
      ]);
      expect((await post(fieldsFor([id], { lines: `${id},${id}` }))).json().errors.lines).toEqual([
        'Should be unique',
      ]);
      expect((await post(fieldsFor([id], { supplier: '999999' }))).json().errors.supplier).toEqual([
        'Invalid field value',
      ]);
      expect(await billState(t)).toEqual(before);
    });
  });

  describe('the difference against the lines’ cost', () => {
    it('asks for an explanation past 1% (exactly), with the sentence of decision 0010', async () => {
      const { id } = await line({ cost: '2000.00', cost_currency: 'EUR' });
      const before = await billState(t);
      const over = fieldsFor([id], { currency: 'EUR', amount: '2036.00' });
      const res = await post(over);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.difference_explanation).toEqual([
        'Explain the difference of 1.8% (EUR 36.00) before saving',
      ]);
      expect(
        (await post({ ...over, difference_explanation: '   ' })).json().errors.difference_explanation,
      ).toHaveLength(1);
      const under = await post(fieldsFor([id], { currency: 'EUR', amount: '1963.99' }));
      expect(under.json().errors.difference_explanation).toEqual([
        'Explain the difference of 1.8% (EUR 36.01) before saving',
      ]);
      // 20.01 is past 1% of 2000.00 by one cent: refused, not rounded away
      expect((await post(fieldsFor([id], { currency: 'EUR', amount: '2020.01' }))).statusCode).toBe(400);
      expect(await billState(t)).toEqual(before);

      const explained = await created({
        ...over,
        difference_explanation: 'City tax and minibar, not on the booking',
      });
      expect(explained).toMatchObject({
        amount: '2036.00',
        lines_cost: '2000.00',
        difference: '36.00',
        difference_pct: '1.80',
        difference_explanation: 'City tax and minibar, not on the booking',
      });
    });

    it('lets exactly 1% through without one', async () => {
      const { id } = await line({ cost: '2000.00' });
      const bill = await created(fieldsFor([id], { amount: '1980.00' }));
      expect(bill).toMatchObject({
        difference: '-20.00',
        difference_pct: '-1.00',
        difference_explanation: null,
      });
    });
  });
});

describe('uploads are checked by content, not by name', () => {
  const refused = async (file: FilePart | null, code: string | null, field?: string) => {
    const { id } = await line();
    const before = await billState(t);
    const res = await post(fieldsFor([id]), file);
    expect(res.statusCode, res.body).toBe(400);
    if (code) expect(res.json().errors[0].code).toBe(code);
    if (field) expect(res.json().errors[field]).toHaveLength(1);
    expect(await billState(t)).toEqual(before);
    return res;
  };

  it('refuses a program renamed .pdf', async () => {
    const res = await refused(
      { name: 'invoice.pdf', content: exeBytes(), type: 'application/pdf' },
      'unsupported_file',
    );
    expect(res.json().errors[0].detail).toBe('Upload a PDF, PNG, JPEG or WebP file');
  });

  it('refuses a GIF', () => refused({ name: 'scan.gif', content: gifBytes() }, 'unsupported_file'));

  it('refuses an empty file', () => refused({ name: 'empty.pdf', content: Buffer.alloc(0) }, null, 'file'));

  it('refuses a body without a file', () => refused(null, null, 'file'));

  it('refuses 10 MB + 1 byte as file_too_large and takes 10 MB', async () => {
    const big = Buffer.alloc(BILL_FILE_MAX_BYTES + 1, 0x20);
    pdfBytes().copy(big);
    const res = await refused({ name: 'big.pdf', content: big }, 'file_too_large');
    expect(res.json().errors[0].detail).toBe('The file must be at most 10 MB.');
    const bill = await created(fieldsFor([(await line()).id]), {
      name: 'max.pdf',
      content: big.subarray(0, BILL_FILE_MAX_BYTES),
    });
    expect(bill.file.size).toBe(BILL_FILE_MAX_BYTES);
  });

  it('refuses a body cut short', async () => {
    const { id } = await line();
    const before = await billState(t);
    const body = multipart(fieldsFor([id]), { name: 'a.pdf', content: pdfBytes() });
    const res = await t.request({
      method: 'POST',
      url: 'supplier-invoices/',
      token: w.token.Accountant,
      headers: body.headers,
      payload: body.payload.subarray(0, body.payload.length - 60),
    });
    expect(res.statusCode).toBe(400);
    expect(await billState(t)).toEqual(before);
  });

  it('takes a PDF named .png as a PDF, and a PNG as a PNG', async () => {
    const pdfAsPng = await created(fieldsFor([(await line()).id]), {
      name: 'scan.png',
      content: pdfBytes('renamed'),
      type: 'image/png',
    });
    expect(pdfAsPng.file).toMatchObject({ type: 'pdf', name: 'scan.pdf' });
    const png = await created(fieldsFor([(await line()).id]), {
      name: '../../etc/receipt.PNG',
      content: pngBytes(),
    });
    expect(png.file).toMatchObject({ type: 'png', name: 'receipt.PNG' });
  });
});

describe('GET supplier-invoices/{id}/file/', () => {
  it('answers the same bytes with the sniffed type, as an attachment, never sniffed by the browser', async () => {
    const pdf = pdfBytes('download');
    const bill = await created(fieldsFor([(await line()).id]), {
      name: 'Facture n°7 <final>.pdf',
      content: pdf,
    });
    expect(bill.file.name).toBe('Facture n°7 final.pdf');
    const res = await t.request({ method: 'GET', url: bill.file.url, token: w.token.Admin });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(pdf);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''Facture%20n%C2%B07%20final.pdf",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(pdf.length);

    const png = await created(fieldsFor([(await line()).id]), { name: 'r.png', content: pngBytes() });
    const image = await t.request({ method: 'GET', url: png.file.url, token: w.token.Accountant });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(pngBytes());
  });

  it('is a 404 for an unknown bill', async () => {
    expect(
      (await t.request({ method: 'GET', url: 'supplier-invoices/999999/file/', token: w.token.Admin }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST supplier-invoices/{id}/file/', () => {
  const replace = (id: number, file: FilePart) =>
    t.request({
      method: 'POST',
      url: `supplier-invoices/${id}/file/`,
      token: w.token.Accountant,
      ...multipart({}, file),
    });
  const pathOf = async (id: number) =>
    (
      await queryRows<{ file_path: string }>(
        t.database.db,
        sql`select file_path from supplier_invoices where id = ${id}`,
      )
    )[0]!.file_path;

  it('replaces the file, removes the old one after the commit and records name and hash', async () => {
    const first = pdfBytes('old');
    const bill = await created(fieldsFor([(await line()).id]), { name: 'old.pdf', content: first });
    const oldPath = await pathOf(bill.id);
    const res = await replace(bill.id, { name: 'new.png', content: pngBytes() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.file).toMatchObject({ name: 'new.png', type: 'png', size: pngBytes().length });
    expect(res.json().data.version).toBe(2);
    expect(fs.existsSync(path.join(dataDir, oldPath))).toBe(false);
    const download = await t.request({ method: 'GET', url: bill.file.url, token: w.token.Accountant });
    expect(download.rawPayload).toEqual(pngBytes());
    const [entry] = await audit(bill.id);
    expect(entry).toMatchObject({ action: 'update' });
    expect(entry!.changes.file_name).toEqual(['old.pdf', 'new.png']);
    expect(entry!.changes.file_sha256).toEqual([sha256(first), sha256(pngBytes())]);
  });

  it('keeps the old file when the new one is refused, and refuses a settled bill', async () => {
    const bill = await created(fieldsFor([(await line()).id]));
    const before = await billState(t);
    expect((await replace(bill.id, { name: 'x.pdf', content: exeBytes() })).json().errors[0].code).toBe(
      'unsupported_file',
    );
    await t.database.db.execute(sql`update supplier_invoices set settled_amount = 1 where id = ${bill.id}`);
    const settled = await replace(bill.id, { name: 'y.pdf', content: pdfBytes('late') });
    expect(settled.json().errors[0].code).toBe('bill_settled');
    expect(await billState(t)).toEqual(before);
    expect(
      (await t.request({ method: 'GET', url: bill.file.url, token: w.token.Accountant })).rawPayload,
    ).toEqual(pdfBytes());
  });

  it('is a 404 for an unknown bill, leaving no file', async () => {
    const before = await billState(t);
    expect((await replace(999999, { name: 'x.pdf', content: pdfBytes() })).statusCode).toBe(404);
    expect(await billState(t)).toEqual(before);
  });
});

describe('PATCH supplier-invoices/{id}/', () => {
  it('changes amount, number, dates and lines with the same rules, keeping the register in step', async () => {
    const a = await line({ cost: '500.00' });
    const b = await line({ cost: '700.00' });
    const bill = await created(fieldsFor([a.id], { amount: '500.00' }));
    const refused = await patch(bill.id, { amount: '520.00', version: 1 });
    expect(refused.json().errors.difference_explanation).toEqual([
      'Explain the difference of 4% (GBP 20.00) before saving',
    ]);
    const res = await patch(bill.id, {
      lines: [a.id, b.id],
      amount: '1230.00',
      number: 'RITZ-EDITED',
      difference_explanation: 'Spa treatments added at checkout',
      internal_note: 'Checked with the hotel',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data as BillRecord;
    expect(edited).toMatchObject({
      number: 'RITZ-EDITED',
      amount: '1230.00',
      lines_cost: '1200.00',
      difference: '30.00',
      difference_pct: '2.50',
      amount_base: '1230.00',
      internal_note: 'Checked with the hotel',
      version: 2,
    });
    expect(edited.lines.map((l) => l.line_id)).toEqual([a.id, b.id]);
    expect(await registerRow(bill.id)).toMatchObject({
      number: 'RITZ-EDITED',
      total: '1230.00',
      request_numbers: [a.request.number, b.request.number].sort().join(', '),
    });
    const [entry] = await audit(bill.id);
    expect(entry!.changes.amount).toEqual(['500.00', '1230.00']);
    expect(entry!.changes.lines).toEqual([[a.id], [a.id, b.id]]);

    // back to one line: the other is free for another bill
    const back = await patch(bill.id, { lines: [b.id], amount: '700.00', version: 2 });
    expect(back.json().data.lines_cost).toBe('700.00');
    await created(fieldsFor([a.id], { amount: '500.00' }));
  });

  it('recomputes the due date when it is cleared', async () => {
    const bill = await created(fieldsFor([(await line()).id], { due_date: '2099-01-01' }));
    expect((await patch(bill.id, { due_date: null, version: 1 })).json().data.due_date).toBe(bill.issue_date);
  });

  it('refuses a line on another bill, a duplicate number, a stale version and a settled bill, writing nothing', async () => {
    const taken = await line();
    const other = await created(fieldsFor([taken.id], { number: 'OTHER-ONE' }));
    const bill = await created(fieldsFor([(await line()).id]));
    const before = await billState(t);
    const billed = await patch(bill.id, { lines: [taken.id], version: 1 });
    expect(billed.json().errors[0]).toMatchObject({ code: 'line_already_billed' });
    expect(billed.json().errors[0].detail).toContain(other.number);
    expect((await patch(bill.id, { number: 'other-one', version: 1 })).json().errors[0].code).toBe(
      'bill_duplicate',
    );
    expect((await patch(bill.id, { amount: '1000.00', version: 7 })).statusCode).toBe(409);
    expect((await patch(bill.id, { lines: [2_000_000_000], version: 1 })).json().errors[0].code).toBe(
      'line_not_found',
    );
    expect(await billState(t)).toEqual(before);
    await t.database.db.execute(
      sql`update supplier_invoices set settled_amount = 1000 where id = ${bill.id}`,
    );
    const settled = await patch(bill.id, { internal_note: 'late', version: 1 });
    expect(settled.json().errors).toEqual([
      {
        code: 'bill_settled',
        detail: `Bill ${bill.number} has payments against it, so it can no longer be changed.`,
      },
    ]);
    expect((await get(bill.id)).payment_status).toBe('Paid');
  });

  it('is a 404 for an unknown bill', async () => {
    expect((await patch(999999, { amount: '1.00', version: 1 })).statusCode).toBe(404);
  });
});

describe('GET supplier-invoices/', () => {
  it('reads the register: filters, search, ordering and paging', async () => {
    const jets = await line({ supplier_id: w.supplier.jets, cost: '90.00' });
    const jetsBill = await created({
      ...fieldsFor([jets.id], { amount: '90.00', number: 'SKY-4471' }),
      supplier: String(w.supplier.jets),
    });
    const list = async (query: string) => {
      const res = await t.request({
        method: 'GET',
        url: `supplier-invoices/${query}`,
        token: w.token.Accountant,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: Array<{ id: number; number: string; requests: unknown[] }>;
        meta: { total: number };
      };
    };
    const bySupplier = await list(`?supplier=${w.supplier.jets}`);
    expect(bySupplier.data.map((b) => b.id)).toContain(jetsBill.id);
    expect(bySupplier.data.every((b) => b.number !== 'RITZ/2026/001')).toBe(true);
    expect((await list('?search=SKY-4471')).data.map((b) => b.id)).toEqual([jetsBill.id]);
    expect((await list(`?request=${jets.request.id}`)).data).toEqual([
      expect.objectContaining({
        id: jetsBill.id,
        requests: [{ id: jets.request.id, number: jets.request.number }],
      }),
    ]);
    const all = await list('?limit=500');
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from supplier_invoices`,
    );
    expect(all.meta.total).toBe(count!.n);
    const byNumber = await list('?ordering=number&limit=3');
    expect(byNumber.data.map((b) => b.number)).toEqual(
      [...all.data.map((b) => b.number)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)).slice(0, 3),
    );
    const page2 = await list('?ordering=number&limit=3&offset=3');
    expect(page2.data.map((b) => b.id)).not.toContain(byNumber.data[0]!.id);
    expect((await list('?status=Paid&supplier=' + w.supplier.jets)).meta.total).toBe(0);
    expect((await list('?overdue=true&supplier=' + w.supplier.jets)).meta.total).toBe(0);
  });
});

describe('GET supplier-invoices/billable-lines/', () => {
  it('lists the supplier’s confirmed lines that no other bill took', async () => {
    const r = await confirmedRequest(t, w, [
      { cost: '10.00' },
      { cost: '20.00' },
      { supplier_id: w.supplier.jets },
    ]);
    const [free, billedLine] = r.lines;
    const bill = await created(fieldsFor([billedLine!.id], { amount: '20.00' }));
    const res = await t.request({
      method: 'GET',
      url: `supplier-invoices/billable-lines/?supplier=${w.supplier.ritz}&request=${r.id}`,
      token: w.token.Accountant,
    });
    expect(res.json().data.map((l: { line_id: number }) => l.line_id)).toEqual([free!.id]);
    expect(res.json().data[0]).toMatchObject({
      cost: '10.00',
      cost_currency: 'GBP',
      status: 'Confirmed',
      company: { code: 'BSLF' },
    });
    const editing = await t.request({
      method: 'GET',
      url: `supplier-invoices/billable-lines/?supplier=${w.supplier.ritz}&request=${r.id}&bill=${bill.id}`,
      token: w.token.Accountant,
    });
    expect(editing.json().data.map((l: { line_id: number }) => l.line_id)).toEqual([
      free!.id,
      billedLine!.id,
    ]);
  });
});

describe('access', () => {
  it('lets Admin and Accountant in and answers FO and BO with 403 everywhere', async () => {
    const bill = await created(fieldsFor([(await line()).id]));
    const calls = [
      { method: 'GET', url: 'supplier-invoices/' },
      { method: 'GET', url: `supplier-invoices/billable-lines/?supplier=${w.supplier.ritz}` },
      { method: 'GET', url: `supplier-invoices/${bill.id}/` },
      { method: 'GET', url: `supplier-invoices/${bill.id}/file/` },
      { method: 'PATCH', url: `supplier-invoices/${bill.id}/`, payload: { internal_note: 'x', version: 1 } },
      {
        method: 'POST',
        url: `supplier-invoices/${bill.id}/file/`,
        ...multipart({}, { name: 'a.pdf', content: pdfBytes() }),
      },
      {
        method: 'POST',
        url: 'supplier-invoices/',
        ...multipart(fieldsFor([]), { name: 'a.pdf', content: pdfBytes() }),
      },
    ] as const;
    const before = await billState(t);
    for (const who of ['FO', 'BO'] as const) {
      for (const call of calls) {
        const res = await t.request({ ...(call as object), token: w.token[who] } as never);
        expect(res.statusCode, `${who} ${call.method} ${call.url}`).toBe(403);
      }
    }
    expect(await billState(t)).toEqual(before);
    expect(
      (await t.request({ method: 'GET', url: `supplier-invoices/${bill.id}/`, token: w.token.Admin }))
        .statusCode,
    ).toBe(200);
    const history = await t.request({
      method: 'GET',
      url: `audit/?entity=supplier_invoice&entity_id=${bill.id}`,
      token: w.token.FO,
    });
    expect(history.statusCode).toBe(403);
  });
});

describe.runIf(onPostgres)('two bills over the same line at once (PostgreSQL)', () => {
  it('records one and refuses the other with line_already_billed, leaving no stray file', async () => {
    const { id } = await line();
    const before = await billState(t);
    const [x, y] = await Promise.all([
      post(fieldsFor([id], { number: 'RACE-A' }), { name: 'a.pdf', content: pdfBytes('a') }),
      post(fieldsFor([id], { number: 'RACE-B' }), { name: 'b.pdf', content: pdfBytes('b') }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 400]);
    const loser = x.statusCode === 400 ? x : y;
    expect(loser.json().errors[0].code).toBe('line_already_billed');
    const after = await billState(t);
    expect(after.bills).toBe(before.bills + 1);
    expect(after.files.length).toBe(before.files.length + 1);
  });

  it('turns the number index’s violation into bill_duplicate when two bills take one number at once', async () => {
    const [a, b] = [await line(), await line()];
    const before = await billState(t);
    const [x, y] = await Promise.all([
      post(fieldsFor([a.id], { number: 'SAME-NUMBER' }), { name: 'a.pdf', content: pdfBytes('a') }),
      post(fieldsFor([b.id], { number: 'same-number' }), { name: 'b.pdf', content: pdfBytes('b') }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 400]);
    expect((x.statusCode === 400 ? x : y).json().errors[0].code).toBe('bill_duplicate');
    const after = await billState(t);
    expect(after.bills).toBe(before.bills + 1);
    expect(after.files.length).toBe(before.files.length + 1);
  });
});

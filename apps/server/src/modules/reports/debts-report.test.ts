import {
  DEBTS_BUCKETS,
  DEBTS_EXPORT_MAX_ROWS,
  type DebtsCellDocument,
  type DebtsReport,
  DebtsReportQuerySchema,
  maxDateMessage,
  minDateMessage,
} from '@app/shared';
import { SAMPLE_PAIR_VALUES, sampleRecords } from '@app/shared/rates/rates.fixtures';
import { REPORT_MAX_DATE, REPORT_MIN_DATE } from '@app/shared/reports/report-dates.schemas';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { addDays } from '../accounting/invoices.deps.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { postRates } from '../requests/requests.test-support.ts';
import { debtsExportTable } from './debts-report.export.ts';
import { createDebtsReportService, type DebtsReportService } from './debts-report.service.ts';
import {
  type Book,
  buildDebtsBook,
  type ExpectedScope,
  expectedReport,
  openDocuments,
} from './debts-report.test-support.ts';

let t: TestContext;
let book: Book;
let past: string;
const records = sampleRecords();

beforeAll(async () => {
  t = await createTestContext();
  book = await buildDebtsBook(t);
  past = addDays(book.today, -20);
});
afterAll(() => t.close());

const token = () => book.w.token.Accountant;

async function report(query: string, who = token()): Promise<DebtsReport> {
  const res = await t.request({ method: 'GET', url: `reports/debts/?${query}`, token: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const scopeQuery = (s: ExpectedScope, withDay = true) =>
  new URLSearchParams({
    side: s.side,
    currency: s.currency,
    ...(withDay ? { as_of: s.asOf } : {}),
    ...(s.company !== undefined ? { company: String(s.company) } : {}),
    ...(s.counterparty !== undefined ? { counterparty: String(s.counterparty) } : {}),
  }).toString();

describe('GET reports/debts/: every cell against the documents', () => {
  it('clients in GBP, as of 20 days ago and today (the default day)', async () => {
    const s: ExpectedScope = { side: 'clients', asOf: past, currency: 'GBP' };
    const then = await report(scopeQuery(s));
    expect(then).toEqual(expectedReport(book, s, records, book.w.rateSet));
    // 20 days ago: Anna's GBP invoice part-paid (300.00 open, 0-30), her EUR one still open, Carla's
    // credited invoice open for the 200.00 credited only today, Boris's GBP one not issued yet
    expect(then.rows.map((r) => [r.counterparty.name, r.currency, r.total])).toEqual([
      ['Carla Conti', 'AED', '4000.00'],
      ['Carla Conti', 'GBP', '200.00'],
      ['Dora Edge', 'GBP', '333.00'],
      ['Boris Godunov', 'USD', '1200.00'],
      ['Anna Karenina', 'EUR', '800.00'],
      ['Anna Karenina', 'GBP', '1300.00'],
    ]);

    const today = { ...s, asOf: book.today };
    const now = await report(scopeQuery(today, false));
    expect(now).toEqual(expectedReport(book, today, records, book.w.rateSet));
    // today the credit note's unapplied 300.00 is owed back to Carla: a negative amount in 0-30
    expect(now.rows.find((r) => r.counterparty.name === 'Carla Conti' && r.currency === 'GBP')).toMatchObject(
      {
        buckets: { '0-30': '-300.00', '31-60': '0.00', '61-90': '0.00', '90+': '0.00' },
        total: '-300.00',
      },
    );
    expect(now.rows.some((r) => r.currency === 'EUR')).toBe(false);
  });

  it('clients in EUR and USD: the totals converted at the sell rate of the set in force', async () => {
    const added = (b: DebtsReport['top'][number]['buckets']) =>
      DEBTS_BUCKETS.reduce((acc, k) => acc.plus(b[k]), new Decimal(0)).toFixed(2);
    for (const currency of ['EUR', 'USD', 'AED']) {
      const s: ExpectedScope = { side: 'clients', asOf: past, currency };
      const got = await report(scopeQuery(s));
      expect(got).toEqual(expectedReport(book, s, records, book.w.rateSet));
      // the chart's bars and the strip add up to their totals
      for (const top of got.top) expect(top.total).toBe(added(top.buckets));
      expect(got.totals.converted!.total).toBe(added(got.totals.converted!.buckets));
    }
  });

  it('suppliers: bills and vouchers, a voucher until its line is billed, converted at the buy rate', async () => {
    const s: ExpectedScope = { side: 'suppliers', asOf: past, currency: 'GBP' };
    const then = await report(scopeQuery(s));
    expect(then).toEqual(expectedReport(book, s, records, book.w.rateSet));
    // 20 days ago: the Ritz bill (600.00), the part-paid voucher (200.00) and the unbilled one (250.00)
    expect(then.rows.map((r) => [r.counterparty.name, r.currency, r.buckets])).toEqual([
      ['Sky Jets', 'EUR', { '0-30': '700.00', '31-60': '0.00', '61-90': '0.00', '90+': '0.00' }],
      ['The Ritz London', 'GBP', { '0-30': '250.00', '31-60': '600.00', '61-90': '200.00', '90+': '0.00' }],
    ]);
    const today = { ...s, asOf: book.today, currency: 'USD' };
    const now = await report(scopeQuery(today));
    expect(now).toEqual(expectedReport(book, today, records, book.w.rateSet));
    // today the billed voucher is gone and its bill carries what is left (150.00, not yet due)
    expect(now.rows.find((r) => r.counterparty.name === 'The Ritz London')!.buckets).toEqual({
      '0-30': '150.00',
      '31-60': '0.00',
      '61-90': '0.00',
      '90+': '200.00',
    });
  });

  it('filters by company and counterparty', async () => {
    const tpro: ExpectedScope = {
      side: 'clients',
      asOf: book.today,
      currency: 'GBP',
      company: book.w.company.TPRO,
    };
    const byCompany = await report(scopeQuery(tpro));
    expect(byCompany).toEqual(expectedReport(book, tpro, records, book.w.rateSet));
    expect(new Set(byCompany.rows.map((r) => r.counterparty.name))).toEqual(new Set(['Carla Conti']));
    const anna: ExpectedScope = {
      side: 'clients',
      asOf: past,
      currency: 'GBP',
      counterparty: book.party.anna.id,
    };
    expect(await report(scopeQuery(anna))).toEqual(expectedReport(book, anna, records, book.w.rateSet));
    const jets: ExpectedScope = {
      side: 'suppliers',
      asOf: past,
      currency: 'EUR',
      counterparty: book.party.jets.id,
    };
    expect(await report(scopeQuery(jets))).toEqual(expectedReport(book, jets, records, book.w.rateSet));
  });

  it('orders by the converted total and pages, the totals still of every row', async () => {
    const s: ExpectedScope = { side: 'clients', asOf: past, currency: 'GBP' };
    const all = expectedReport(book, s, records, book.w.rateSet);
    const largest = [...all.rows].sort((a, b) =>
      new Decimal(b.total_converted).comparedTo(a.total_converted),
    );
    const page = await report(`${scopeQuery(s)}&ordering=-total_converted&limit=2&offset=1`);
    expect(page.rows).toEqual(largest.slice(1, 3));
    expect(page.meta).toEqual({ total: all.rows.length, limit: 2, offset: 1 });
    expect(page.totals).toEqual(all.totals);
    expect(page.top).toEqual(all.top);
  });

  it('before any rate set: figures in the document currencies, the others not converted and named', async () => {
    const s: ExpectedScope = { side: 'clients', asOf: past, currency: 'GBP' };
    const expected = expectedReport(book, s, records, book.w.rateSet);
    // the book's only set, made today instead: nothing was in force 20 days ago
    const moveSet = (when: SQL) =>
      t.database.db.execute(sql`update rate_sets set created_at = ${when} where id = ${book.w.rateSet}`);
    await moveSet(sql`now()`);
    try {
      const answer = await report(scopeQuery(s));
      expect(answer).toEqual({
        ...expected,
        rows: expected.rows.map((r) => ({ ...r, total_converted: r.currency === 'GBP' ? r.total : null })),
        totals: {
          by_currency: expected.totals.by_currency.map((c) => ({
            ...c,
            rate: c.currency === 'GBP' ? '1.000000' : null,
          })),
          converted: null,
        },
        rate_set: null,
        missing_rates: ['USD', 'EUR', 'AED'],
        top: expected.rows
          .filter((r) => r.currency === 'GBP')
          .map((r) => ({ counterparty: r.counterparty, buckets: r.buckets, total: r.total }))
          .sort((a, b) => new Decimal(b.total).comparedTo(a.total)),
      });
    } finally {
      await moveSet(sql`now() - interval '400 days'`);
    }
    expect(await report('side=clients&as_of=2000-01-01')).toMatchObject({
      rows: [],
      meta: { total: 0 },
      totals: { by_currency: [], converted: { total: '0.00' } },
      rate_set: null,
      missing_rates: [],
      top: [],
    });
  });
});

describe('reproducible', () => {
  it('a new rate set changes nothing of a past day; today converts at the new set', async () => {
    const s: ExpectedScope = { side: 'clients', asOf: past, currency: 'GBP' };
    const before = await report(scopeQuery(s));
    const supplierBefore = await report(scopeQuery({ ...s, side: 'suppliers', currency: 'EUR' }));
    const changed = { ...SAMPLE_PAIR_VALUES, sell_GBP_EUR: '1.2000', buy_GBP_EUR: '1.2100' };
    const set = await postRates(t, book.w, changed);
    expect(await report(scopeQuery(s))).toEqual(before);
    expect(await report(scopeQuery({ ...s, side: 'suppliers', currency: 'EUR' }))).toEqual(supplierBefore);
    const today: ExpectedScope = { side: 'clients', asOf: book.today, currency: 'EUR' };
    const now = await report(scopeQuery(today));
    expect(now).toEqual(expectedReport(book, today, sampleRecords(changed, undefined, set.id), set.id));
    expect(now.rate_set!.id).toBe(set.id);
  });
});

describe('bucket edges', () => {
  // days past due on the as-of day → bucket, written out (not the test-support's bucketOf)
  const EDGE_BUCKETS: Record<number, (typeof DEBTS_BUCKETS)[number]> = {
    31: '31-60',
    60: '31-60',
    61: '61-90',
    90: '61-90',
    91: '90+',
  };

  it('ages a document 31 and 60 days past due in 31-60, 61 and 90 in 61-90, 91 in 90+', async () => {
    const dora = book.party.dora.id;
    const { rows } = await report(`side=clients&counterparty=${dora}&as_of=${book.today}`);
    // Dora's invoices are of 31.00, 60.00, 61.00, 90.00 and 91.00: their days past due
    expect(rows.map((r) => [r.currency, r.buckets, r.total])).toEqual([
      ['GBP', { '0-30': '0.00', '31-60': '91.00', '61-90': '151.00', '90+': '91.00' }, '333.00'],
    ]);
    const seen: number[] = [];
    for (const bucket of DEBTS_BUCKETS) {
      const res = await t.request({
        method: 'GET',
        url: `reports/debts/cell/?as_of=${book.today}&counterparty=${dora}&currency=GBP&bucket=${encodeURIComponent(bucket)}`,
        token: token(),
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const d of res.json().data as DebtsCellDocument[]) {
        const edge = book.edges.find((e) => e.id === d.id)!;
        expect(d.days_overdue).toBe(edge.days);
        expect(bucket, `${edge.days} days`).toBe(EDGE_BUCKETS[edge.days]);
        seen.push(edge.days);
      }
    }
    expect(seen.sort((a, b) => a - b)).toEqual([31, 60, 61, 90, 91]);
  });
});

describe('GET reports/debts/cell/: the documents behind a cell', () => {
  it('lists exactly the documents of each non-zero cell, with their open amount on the day', async () => {
    for (const side of ['clients', 'suppliers'] as const)
      for (const asOf of [past, book.today]) {
        const s: ExpectedScope = { side, asOf, currency: 'GBP' };
        const { rows } = await report(scopeQuery(s));
        const open = openDocuments(book, s);
        let cells = 0;
        for (const row of rows)
          for (const bucket of DEBTS_BUCKETS) {
            const res = await t.request({
              method: 'GET',
              url: `reports/debts/cell/?side=${side}&as_of=${asOf}&counterparty=${row.counterparty.id}&currency=${row.currency}&bucket=${encodeURIComponent(bucket)}`,
              token: token(),
            });
            expect(res.statusCode, res.body).toBe(200);
            const docs = res.json().data as DebtsCellDocument[];
            const expected = open
              .filter(
                (o) =>
                  o.doc.party.id === row.counterparty.id &&
                  o.doc.currency === row.currency &&
                  o.bucket === bucket,
              )
              .sort((a, b) => a.doc.due.localeCompare(b.doc.due) || a.doc.issue.localeCompare(b.doc.issue));
            expect(docs.map((d) => [d.kind, d.id, d.due_date, d.open])).toEqual(
              expected.map((o) => [o.doc.kind, o.doc.id, o.doc.due, o.open.toFixed(2)]),
            );
            expect(res.json().meta.total).toBe(expected.length);
            if (row.buckets[bucket] !== '0.00') cells += 1;
            expect(docs.length > 0).toBe(row.buckets[bucket] !== '0.00');
            const sum = docs.reduce((acc, d) => acc.plus(d.open), new Decimal(0));
            expect(sum.toFixed(2)).toBe(row.buckets[bucket]);
          }
        expect(cells).toBeGreaterThan(0);
      }
  });

  it('says what each document is and where it is opened', async () => {
    const voucherCell = await t.request({
      method: 'GET',
      url: `reports/debts/cell/?side=suppliers&as_of=${past}&counterparty=${book.party.ritz.id}&currency=GBP&bucket=0-30`,
      token: token(),
    });
    const [voucher] = voucherCell.json().data as DebtsCellDocument[];
    const v2 = book.docs.find((d) => d.kind === 'voucher' && d.billedOn)!;
    expect(voucher).toEqual({
      kind: 'voucher',
      id: v2.id,
      number: expect.stringMatching(/^Final payment of \d\d\/\d\d\/\d{4} · /),
      issue_date: v2.issue,
      due_date: v2.due,
      days_overdue: 25,
      total: '250.00',
      open: '250.00',
      url: expect.stringMatching(/^\/requests\/\d+$/),
    });
    const invoiceCell = await t.request({
      method: 'GET',
      url: `reports/debts/cell/?as_of=${past}&counterparty=${book.party.anna.id}&currency=GBP&bucket=90%2B`,
      token: token(),
    });
    const [invoice] = invoiceCell.json().data as DebtsCellDocument[];
    expect(invoice).toMatchObject({ kind: 'invoice', days_overdue: 100, total: '1000.00', open: '1000.00' });
    expect(invoice!.url).toBe(`/accounting/client-invoices/${invoice!.id}`);
    expect(invoice!.number).toMatch(/^BSLF-INV-\d{4}-\d{4}$/);
  });

  it('pages with the total of the cell', async () => {
    const url = `reports/debts/cell/?side=suppliers&as_of=${past}&counterparty=${book.party.ritz.id}&currency=GBP&bucket=0-30&limit=1&offset=1`;
    const res = await t.request({ method: 'GET', url, token: token() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { total: 1, limit: 1, offset: 1 } });
  });
});

describe('access and input', () => {
  it('FO and BO are refused both routes; Accountant and Admin read them', async () => {
    const urls = ['reports/debts/', 'reports/debts/cell/?counterparty=1&currency=GBP&bucket=0-30'];
    for (const url of urls) {
      for (const who of ['FO', 'BO'] as const) {
        const res = await t.request({ method: 'GET', url, token: book.w.token[who] });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
      for (const who of ['Accountant', 'Admin'] as const) {
        const res = await t.request({ method: 'GET', url, token: book.w.token[who] });
        expect(res.statusCode, `${who} ${url}`).toBe(200);
      }
    }
  });

  it('refuses a day before 1900 or after 2999 (no year 0, room for the 90 days back), on both routes and the file', async () => {
    const cell = 'reports/debts/cell/?counterparty=1&currency=GBP&bucket=90%2B';
    for (const day of ['0000-01-01', '0001-01-05', '0001-04-01', '1899-12-31']) {
      for (const url of [
        `reports/debts/?as_of=${day}`,
        `reports/debts/?as_of=${day}&format=csv`,
        `${cell}&as_of=${day}`,
      ]) {
        const res = await t.request({ method: 'GET', url, token: token() });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors.as_of, url).toEqual([minDateMessage(REPORT_MIN_DATE)]);
      }
    }
    const late = await t.request({ method: 'GET', url: 'reports/debts/?as_of=3000-01-01', token: token() });
    expect(late.json().errors.as_of).toEqual([maxDateMessage(REPORT_MAX_DATE)]);
    // the bounds themselves: nothing issued by 1900 (its 90+ bound is a day of 1899, a date like any other)
    expect((await report(`side=suppliers&as_of=${REPORT_MIN_DATE}`)).meta.total).toBe(0);
    for (const day of [REPORT_MIN_DATE, REPORT_MAX_DATE]) {
      const res = await t.request({ method: 'GET', url: `${cell}&as_of=${day}`, token: token() });
      expect(res.statusCode, res.body).toBe(200);
    }
    // as of 2999 everything still open today is 90+ past due
    const late2999 = await report(`side=clients&as_of=${REPORT_MAX_DATE}`);
    expect(late2999.rows.length).toBeGreaterThan(0);
    expect(late2999.rows.every((r) => r.buckets['90+'] === r.total)).toBe(true);
  });

  it('refuses a bad day, an unknown side, currency or bucket (400 under the field)', async () => {
    const cases: Array<[string, string]> = [
      ['reports/debts/?as_of=2026-02-30', 'as_of'],
      ['reports/debts/?side=partners', 'side'],
      ['reports/debts/?currency=JPY', 'currency'],
      ['reports/debts/?format=pdf', 'format'],
      ['reports/debts/cell/?counterparty=1&currency=GBP&bucket=15-20', 'bucket'],
      ['reports/debts/cell/?counterparty=1&bucket=0-30', 'currency'],
      ['reports/debts/cell/?currency=GBP&bucket=0-30&as_of=yesterday', 'as_of'],
    ];
    for (const [url, field] of cases) {
      const res = await t.request({ method: 'GET', url, token: token() });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().errors), url).toContain(field);
    }
  });
});

describe('export', () => {
  const headers = ['Counterparty', 'Currency', '0-30', '31-60', '61-90', '90+', 'Total', 'Total in GBP'];

  it('CSV: the rows as filtered, amounts as decimal strings', async () => {
    const s: ExpectedScope = { side: 'clients', asOf: past, currency: 'GBP' };
    const res = await t.request({
      method: 'GET',
      url: `reports/debts/?${scopeQuery(s)}&format=csv&limit=1`,
      token: token(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="debts-clients-${past}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const expected = expectedReport(book, s, records, book.w.rateSet);
    expect(lines[0]).toEqual(headers);
    // every row, not the first page only
    expect(lines.slice(1)).toEqual(
      expected.rows.map((r) => [
        r.counterparty.name,
        r.currency,
        ...DEBTS_BUCKETS.map((b) => r.buckets[b]),
        r.total,
        r.total_converted,
      ]),
    );
  });

  it('XLSX: numbers with the currency format, the converted column in the chosen currency', async () => {
    const s: ExpectedScope = { side: 'suppliers', asOf: past, currency: 'GBP' };
    const res = await t.request({
      method: 'GET',
      url: `reports/debts/?${scopeQuery(s)}&format=xlsx`,
      token: token(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...headers]);
    const expected = expectedReport(book, s, records, book.w.rateSet);
    expect(sheet.rowCount).toBe(expected.rows.length + 1);
    expected.rows.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(r.counterparty.name);
      expect(row.getCell(2).value).toBe(r.currency);
      const amounts = [...DEBTS_BUCKETS.map((b) => r.buckets[b]), r.total];
      amounts.forEach((amount, k) => {
        const cell = row.getCell(3 + k);
        expect(typeof cell.value).toBe('number');
        expect(cell.value).toBe(Number(amount));
        expect(cell.numFmt).toContain(`"${r.currency}"`);
      });
      const converted = row.getCell(8);
      expect(converted.value).toBe(Number(r.total_converted));
      expect(converted.numFmt).toContain('"GBP"');
    });
  });

  it('stops at the export bound, in the report order (a small bound here; the route uses DEBTS_EXPORT_MAX_ROWS)', async () => {
    const s: ExpectedScope = { side: 'clients', asOf: past, currency: 'GBP' };
    const expected = expectedReport(book, s, records, book.w.rateSet);
    expect(expected.rows.length).toBeGreaterThan(2);
    const debts = createDebtsReportService({
      db: t.database.db,
      rates: createRatesService({ db: t.database.db }),
    });
    const q = DebtsReportQuerySchema.parse({ side: 'clients', as_of: past, currency: 'GBP', offset: '1' });
    const cut: unknown[][] = [];
    for await (const page of debtsExportTable(debts, q, 2).pages) cut.push(...page);
    // the first two rows from the top, whatever the page's offset
    expect(cut.map((cells) => [cells[0], cells[1]])).toEqual(
      expected.rows.slice(0, 2).map((r) => [r.counterparty.name, r.currency]),
    );
    // without a bound the table asks for the constant's
    const asked: number[] = [];
    const spy = {
      exportRows: async (_q: unknown, max: number) => {
        asked.push(max);
        return { asOf: past, rows: [] };
      },
    } as unknown as DebtsReportService;
    for await (const _ of debtsExportTable(spy, q).pages);
    expect(asked).toEqual([DEBTS_EXPORT_MAX_ROWS]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AccountType,
  type FinReport,
  maxDateMessage,
  minDateMessage,
  type RequestRecord,
  VAT_RATE_DEFAULTS,
} from '@app/shared';
import { REPORT_MAX_DATE, REPORT_MIN_DATE } from '@app/shared/reports/report-dates.schemas';
import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { multipart, pdfBytes } from '../accounting/bills.test-support.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  creditNote,
  getInvoice,
  type InvoicesWorld,
  issued,
  todayUtc,
} from '../accounting/invoices.test-support.ts';
import { postRates } from '../requests/requests.test-support.ts';
import {
  type BookLine,
  bookLines,
  CURRENCIES,
  exceptionLines,
  exceptionOf,
  expectedReport,
  type Scope,
} from './fin-report.test-support.ts';

/**
 * A small book built through the API: two companies (BSLF in GBP, TPRO in AED), invoices in GBP,
 * EUR and AED, a credit note, bills for some lines at a later rate set than the invoices', and
 * service dates in other months than the invoice dates. Every cell of the report is compared with
 * figures the test computes from those documents (fin-report.test-support.ts).
 */
let t: TestContext;
let w: InvoicesWorld;
let dataDir: string;
let lines: BookLine[];
let period: { month_from: string; month_to: string };

const today = todayUtc();
const day = (offset: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const line = (
  account_type: AccountType,
  cost: string,
  cost_currency: string,
  sell: string,
  sell_currency: string,
  from: number,
) => ({
  account_type,
  cost,
  cost_currency,
  sell,
  sell_currency,
  date_from: day(from),
  date_to: day(from + 3),
});

let bills = 0;
async function bill(company: number, currency: string, lineIds: number[], amount: string) {
  const res = await t.request({
    method: 'POST',
    url: 'supplier-invoices/',
    token: w.token.Accountant,
    ...multipart(
      {
        supplier: String(w.supplier.ritz),
        company: String(company),
        number: `RITZ-${++bills}`,
        issue_date: today,
        currency,
        amount,
        lines: JSON.stringify(lineIds),
      },
      { name: 'bill.pdf', content: pdfBytes(`bill-${bills}`) },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
}

const queryString = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));

const report = (token: string, q: Record<string, string | number>) =>
  t.request({
    method: 'GET',
    url: `reports/fin-report/?${queryString(q)}`,
    token,
  });
async function reportOf(q: Scope): Promise<FinReport> {
  const res = await report(w.token.Accountant, q as never);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const putRates = async (rates: Record<AccountType, string | null>) => {
  const res = await t.request({
    method: 'PUT',
    url: 'reports/vat-rates/',
    token: w.token.Admin,
    payload: {
      rates: Object.entries(rates).map(([account_type, rate]) => ({ account_type, rate })),
    } as never,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fin-report-test-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  w = await buildInvoicesWorld(t);
  const tpro = { company_id: w.company.TPRO };

  // BSLF, invoiced in GBP 50 days ago: departures 40 days ahead, 90 days back, on the day
  const r1 = await confirmedRequest(t, w, [
    line('Toms EU', '1000.00', 'GBP', '1250.00', 'GBP', 40),
    line('Toms non EU', '800.00', 'EUR', '900.00', 'GBP', -90),
    line('Disbursement', '300.00', 'GBP', '300.00', 'GBP', -50),
  ]);
  const i1 = await issued(t, w, r1, { issue_date: day(-50) });
  // BSLF in EUR, 20 days ago; the second line is sold below its cost
  const r2 = await confirmedRequest(t, w, [
    line('Toms EU', '2000.00', 'EUR', '2300.00', 'EUR', 10),
    line('Toms EU', '500.00', 'GBP', '450.00', 'EUR', -20),
  ]);
  await issued(t, w, r2, { issue_date: day(-20) });
  // TPRO in AED, 30 days ago; the Toms non EU line loses money
  const r3 = await confirmedRequest(
    t,
    w,
    [
      line('Toms EU', '10000.00', 'AED', '12000.00', 'AED', 70),
      line('Toms non EU', '4000.00', 'AED', '3500.00', 'AED', -30),
    ],
    tpro,
  );
  await issued(t, w, r3, { issue_date: day(-30) });
  // TPRO in GBP, 5 days ago
  const r4 = await confirmedRequest(t, w, [line('Toms EU', '700.00', 'GBP', '1000.00', 'GBP', -5)], tpro);
  await issued(t, w, r4, { issue_date: day(-5) });

  // the first line of the first invoice is credited today
  const i1now = await getInvoice(t, w, i1.id);
  const credited = i1now.lines[0]!;
  const cn = await creditNote(t, w, i1now, { lines: [credited.id] });
  expect(cn.statusCode, cn.body).toBe(201);

  // a later rate set, then bills at it for some lines: the cost moves off the invoices' estimate
  await postRates(t, w, {
    sell_GBP_USD: '1.3000',
    buy_GBP_USD: '1.3100',
    sell_GBP_EUR: '1.2000',
    buy_GBP_EUR: '1.2100',
    sell_GBP_AED: '4.9000',
    buy_GBP_AED: '4.9500',
    sell_EUR_AED: '4.1000',
    buy_EUR_AED: '4.1500',
    sell_EUR_USD: '1.1000',
    buy_EUR_USD: '1.1100',
    sell_USD_AED: '3.6600',
    buy_USD_AED: '3.6750',
  });
  const id = (r: RequestRecord, i: number) => r.lines[i]!.id;
  await bill(w.company.BSLF, 'GBP', [id(r1, 0)], '1000.00');
  await bill(w.company.BSLF, 'EUR', [id(r1, 1)], '800.00');
  await bill(w.company.TPRO, 'AED', [id(r3, 0)], '10000.00');
  await bill(w.company.TPRO, 'GBP', [id(r4, 0)], '700.00');

  lines = await bookLines(t, w.token.Accountant);
  const months = lines.flatMap((l) => [l.service_date.slice(0, 7), l.invoice_date.slice(0, 7)]).sort();
  period = { month_from: months[0]!, month_to: months.at(-1)! };
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the book', () => {
  it('has what the report must handle', () => {
    expect(lines).toHaveLength(9); // 8 invoice lines and 1 credit note line
    expect(lines.filter((l) => l.kind === 'credit_note')).toHaveLength(1);
    expect(lines.filter((l) => !l.estimated)).toHaveLength(5); // 4 bills, one of them on the credited line
    expect(lines.some((l) => l.service_date.slice(0, 7) !== l.invoice_date.slice(0, 7))).toBe(true);
    expect(new Set(lines.map((l) => l.company.code))).toEqual(new Set(['BSLF', 'TPRO']));
    expect(lines.filter((l) => l.kind === 'invoice' && l.sales_base.lessThan(l.cost_base)).length).toBe(2);
  });
});

describe('GET reports/fin-report/', () => {
  const answers = new Map<string, FinReport>();

  it('answers every cell as computed from the documents, by departure and by invoice date, in each currency', async () => {
    for (const basis of ['service', 'invoice'] as const) {
      for (const currency of CURRENCIES) {
        const scope: Scope = { ...period, basis, currency };
        const got = await reportOf(scope);
        expect(got, `${basis} ${currency}`).toEqual(expectedReport(lines, scope, VAT_RATE_DEFAULTS));
        answers.set(`${basis}-${currency}`, got);
      }
    }
    // the two bases put the same lines in different months
    expect(answers.get('service-GBP')!.rows).not.toEqual(answers.get('invoice-GBP')!.rows);
    expect(answers.get('service-GBP')!.totals.sales).toBe(answers.get('invoice-GBP')!.totals.sales);
  });

  it('narrows to a company and an account type, and to a period', async () => {
    const scopes: Scope[] = [
      { ...period, basis: 'service', currency: 'AED', company: w.company.TPRO },
      { ...period, basis: 'invoice', currency: 'EUR', account_type: 'Toms EU' },
      { ...period, basis: 'service', currency: 'GBP', company: w.company.BSLF, account_type: 'Toms non EU' },
      { basis: 'invoice', currency: 'GBP', month_from: day(-20).slice(0, 7), month_to: day(-20).slice(0, 7) },
    ];
    for (const scope of scopes)
      expect(await reportOf(scope), JSON.stringify(scope)).toEqual(
        expectedReport(lines, scope, VAT_RATE_DEFAULTS),
      );
  });

  it('answers an empty period with zeros and no rows', async () => {
    const got = await reportOf({
      basis: 'service',
      currency: 'GBP',
      month_from: '2001-01',
      month_to: '2001-03',
    });
    expect(got.rows).toEqual([]);
    expect(got.toms).toEqual([]);
    expect(got.months.map((m) => [m.month, m.sales])).toEqual([
      ['2001-01', '0.00'],
      ['2001-02', '0.00'],
      ['2001-03', '0.00'],
    ]);
    expect(got.totals).toEqual({
      sales: '0.00',
      cost: '0.00',
      margin: '0.00',
      margin_percent: null,
      lines: 0,
      estimated_lines: 0,
      vat_due: '0.00',
    });
  });

  it('works out TOMS VAT at the rates an Admin sets: 1/6 at 20%, none when not subject, nothing back on a loss', async () => {
    const scope: Scope = { ...period, basis: 'service', currency: 'GBP' };
    const defaults = await reportOf(scope);
    const eu = defaults.toms.find((r) => r.company.code === 'BSLF' && r.account_type === 'Toms EU')!;
    expect(eu.rate).toBe('20');
    // 1/6 of the margin, to the penny
    expect(eu.vat_due).toBe(
      new Decimal(eu.margin).div(6).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    );
    expect(defaults.toms.find((r) => r.account_type === 'Disbursement')).toMatchObject({
      rate: null,
      vat_due: null,
      vat_due_base: null,
    });
    // the VAT to file is in each company's base: 1/6 of the base margin, GBP for BSLF, AED for TPRO
    expect(new Set(defaults.toms.map((r) => `${r.company.code} ${r.base_currency}`))).toEqual(
      new Set(['BSLF GBP', 'TPRO AED']),
    );
    expect(eu.vat_due_base).toBe(
      new Decimal(eu.margin_base).div(6).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    );

    const edited = { 'Toms EU': '17.5', 'Toms non EU': '5', Disbursement: '10' } as const;
    await putRates(edited);
    const got = await reportOf(scope);
    expect(got).toEqual(expectedReport(lines, scope, edited));
    const loss = got.toms.find((r) => r.company.code === 'TPRO' && r.account_type === 'Toms non EU')!;
    expect(Number(loss.margin)).toBeLessThan(0);
    expect(loss.vat_due).toBe('0.00');
    expect(
      Number(got.toms.find((r) => r.company.code === 'BSLF' && r.account_type === 'Toms non EU')!.vat_due),
    ).toBeGreaterThan(0);
    // the figures themselves do not move with the VAT rates
    expect(got.rows).toEqual(defaults.rows);

    await putRates({ ...VAT_RATE_DEFAULTS });
    expect(await reportOf(scope)).toEqual(defaults);
  });

  it('gives the same figures after a new rate set is entered', async () => {
    await postRates(t, w, {
      sell_GBP_USD: '2.0000',
      buy_GBP_USD: '2.1000',
      sell_GBP_EUR: '1.5000',
      buy_GBP_EUR: '1.6000',
      sell_GBP_AED: '7.0000',
      buy_GBP_AED: '7.1000',
    });
    for (const [key, before] of answers) {
      const [basis, currency] = key.split('-') as [Scope['basis'], Scope['currency']];
      expect(await reportOf({ ...period, basis, currency }), key).toEqual(before);
    }
  });

  it('is for Admin and Accountant only', async () => {
    const q = { ...period };
    expect((await report(w.token.FO, q)).statusCode).toBe(403);
    expect((await report(w.token.BO, q)).statusCode).toBe(403);
    expect((await report(w.token.Admin, q)).statusCode).toBe(200);
    const exceptions = (token: string) =>
      t.request({
        method: 'GET',
        url: `reports/fin-report/exceptions/?kind=estimated_cost&month_from=${period.month_from}&month_to=${period.month_to}`,
        token,
      });
    expect((await exceptions(w.token.FO)).statusCode).toBe(403);
    expect((await exceptions(w.token.BO)).statusCode).toBe(403);
    expect((await exceptions(w.token.Accountant)).statusCode).toBe(200);
  });

  it('refuses bad filters under their name', async () => {
    const cases: Array<[Record<string, string>, string, string?]> = [
      [{ month_to: '2026-12' }, 'month_from', 'Required field'],
      [{ month_from: '2026-13', month_to: '2026-12' }, 'month_from'],
      [
        { month_from: '2026-05', month_to: '2026-04' },
        'month_to',
        'The last month must not be before the first',
      ],
      [{ month_from: '2020-01', month_to: '2025-01' }, 'month_to', 'Choose at most 60 months'],
      [{ month_from: '2026-01', month_to: '2026-12', basis: 'due' }, 'basis'],
      [{ month_from: '2026-01', month_to: '2026-12', currency: 'JPY' }, 'currency'],
      [{ month_from: '2026-01', month_to: '2026-12', account_type: 'Cruise' }, 'account_type'],
      [{ month_from: '2026-01', month_to: '2026-12', company: '0x1' }, 'company'],
      [{ month_from: '2026-01', month_to: '2026-12', format: 'pdf' }, 'format'],
      // no year 0 in PostgreSQL, and Date.UTC reads years 0-99 as 1900-1999: 1900-2999 only
      [{ month_from: '0000-01', month_to: '0000-12' }, 'month_from', minDateMessage(REPORT_MIN_DATE)],
      [{ month_from: '0001-01', month_to: '0001-01' }, 'month_from', minDateMessage(REPORT_MIN_DATE)],
      [{ month_from: '1899-12', month_to: '1900-01' }, 'month_from', minDateMessage(REPORT_MIN_DATE)],
      [{ month_from: '2999-12', month_to: '3000-01' }, 'month_to', maxDateMessage(REPORT_MAX_DATE)],
      [{ month_from: '0000-01', month_to: '0000-12', format: 'csv' }, 'month_from'],
    ];
    for (const [q, field, message] of cases) {
      const res = await report(w.token.Accountant, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      const errors = res.json().errors as Record<string, string[]>;
      expect(errors[field], res.body).toBeDefined();
      if (message) expect(errors[field]).toContain(message);
    }
  });
});

describe('GET reports/fin-report/exceptions/', () => {
  const page = async (q: Record<string, string | number>) => {
    const res = await t.request({
      method: 'GET',
      url: `reports/fin-report/exceptions/?${queryString(q)}`,
      token: w.token.Accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: unknown[]; meta: { total: number; limit: number; offset: number } };
  };

  it('pages through each list in date order, with the count of the report', async () => {
    for (const basis of ['service', 'invoice'] as const) {
      for (const kind of ['estimated_cost', 'negative_margin'] as const) {
        const scope: Scope = { ...period, basis, currency: 'EUR' };
        const expected = exceptionLines(lines, scope, kind).map((l) => exceptionOf(l, 'EUR'));
        expect(expected.length).toBeGreaterThan(0);
        const got: unknown[] = [];
        for (let offset = 0; offset < expected.length + 2; offset += 2) {
          const p = await page({ ...scope, kind, limit: 2, offset });
          expect(p.meta).toEqual({ total: expected.length, limit: 2, offset });
          got.push(...p.data);
        }
        expect(got, `${basis} ${kind}`).toEqual(expected);
      }
    }
  });

  it('has no lines without an account type, by construction', async () => {
    expect(await page({ ...period, kind: 'no_account_type' })).toEqual({
      data: [],
      meta: { total: 0, limit: 10, offset: 0 },
    });
  });

  it('refuses a bad kind or page', async () => {
    for (const [q, field] of [
      [{ kind: 'estimated_cost', month_from: '0000-01', month_to: '0000-12' }, 'month_from'],
      [{ kind: 'negative_margin', month_from: '0001-01', month_to: '0001-02' }, 'month_from'],
      [{ kind: 'lost' }, 'kind'],
      [{ kind: 'estimated_cost', limit: '0' }, 'limit'],
      [{ kind: 'estimated_cost', limit: '101' }, 'limit'],
      [{ kind: 'estimated_cost', offset: '-1' }, 'offset'],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url: `reports/fin-report/exceptions/?${new URLSearchParams({ ...period, ...q })}`,
        token: w.token.Accountant,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBeDefined();
    }
  });
});

describe('export', () => {
  const scope = (): Scope => ({ ...period, basis: 'invoice', currency: 'EUR' });
  const HEADERS = [
    'Company',
    'Month',
    'Account type',
    'Sales',
    'Cost',
    'Margin',
    'Margin %',
    'Lines',
    'Estimated cost lines',
  ];
  const fraction = (percent: string | null) => (percent === null ? '' : (Number(percent) / 100).toFixed(4));

  it('writes the table as CSV with the report’s figures', async () => {
    const res = await report(w.token.Accountant, { ...scope(), format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="fin-report-.*\.csv"/);
    const [head, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(head!.split(',')).toEqual(HEADERS);
    const expected = expectedReport(lines, scope(), VAT_RATE_DEFAULTS).rows;
    expect(rows.map((r) => r.split(','))).toEqual(
      expected.map((r) => [
        r.company.code,
        r.month,
        r.account_type,
        r.sales,
        r.cost,
        r.margin,
        fraction(r.margin_percent),
        String(r.lines),
        String(r.estimated_lines),
      ]),
    );
  });

  it('writes XLSX with numbers in the currency’s format and the margin as a percent', async () => {
    const res = await report(w.token.Admin, { ...scope(), format: 'xlsx' });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const expected = expectedReport(lines, scope(), VAT_RATE_DEFAULTS).rows;
    expect(sheet.rowCount).toBe(expected.length + 1);
    expected.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(r.company.code);
      expect(row.getCell(2).value).toBe(r.month);
      for (const [col, amount] of [
        [4, r.sales],
        [5, r.cost],
        [6, r.margin],
      ] as const) {
        expect(row.getCell(col).value).toBe(Number(amount));
        expect(row.getCell(col).numFmt).toContain('"EUR"');
      }
      expect(row.getCell(7).value).toBe(
        r.margin_percent === null ? null : Number(fraction(r.margin_percent)),
      );
      expect(row.getCell(7).numFmt).toBe('0.00%');
      expect(row.getCell(8).value).toBe(r.lines);
    });
  });
});

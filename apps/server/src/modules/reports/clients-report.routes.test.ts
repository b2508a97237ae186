import {
  CLIENTS_REPORT_MESSAGES,
  type ClientsReport,
  type ClientsReportRow,
  type CurrencyCode,
  MEMBERSHIPS,
  maxDateMessage,
  minDateMessage,
  RATE_CURRENCIES,
} from '@app/shared';
import { REPORT_MAX_DATE, REPORT_MIN_DATE } from '@app/shared/reports/report-dates.schemas';
import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { expectSalesLedgerConsistent } from '../accounting/sales-ledger.test-support.ts';
import { postRates } from '../requests/requests.test-support.ts';
import {
  type Book,
  type BookClient,
  buildClientsBook,
  expectedReport,
} from './clients-report.test-support.ts';

let t: TestContext;
let book: Book;

beforeAll(async () => {
  t = await createTestContext();
  book = await buildClientsBook(t);
  await expectSalesLedgerConsistent(t.database.db);
}, 120_000);
afterAll(() => t.close());

const YEAR = 'month_from=2025-01&month_to=2025-12';

async function run(query: string, who: keyof Book['w']['token'] = 'Accountant'): Promise<ClientsReport> {
  const res = await t.request({ method: 'GET', url: `reports/clients/?${query}`, token: book.w.token[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const top10 = (rows: ClientsReportRow[]) =>
  rows.slice(0, 10).map((r) => ({ client: r.client, sales: r.sales, margin: r.margin }));

describe('GET reports/clients/: the hand-built book, cell by cell', () => {
  it.each(RATE_CURRENCIES)('2025 by departure in %s', async (currency) => {
    const expected = expectedReport(book, { from: '2025-01', to: '2025-12', basis: 'service', currency });
    const report = await run(`${YEAR}&currency=${currency}&limit=100`);
    expect(report.data).toEqual(expected.rows);
    expect(report.summary).toEqual({
      period: { month_from: '2025-01', month_to: '2025-12', date_from: '2025-01-01', date_to: '2025-12-31' },
      basis: 'service',
      currency,
      totals: expected.totals,
      top: top10(expected.rows),
    });
    expect(report.meta).toEqual({ total: expected.rows.length, limit: 100, offset: 0 });
  });

  it('counts the requests with a line in the period: not those outside it nor one never invoiced', async () => {
    const { data } = await run(YEAR);
    const { anna, boris, carla, dmitri } = book.clients;
    const byId = new Map(data.map((r) => [r.client.id, r]));
    // Anna: two requests departing in 2025 (one partly credited); one departed in 2024; one not invoiced
    expect(byId.get(anna.id)?.requests).toBe(2);
    expect(byId.get(boris.id)?.requests).toBe(2);
    expect(byId.get(carla.id)?.requests).toBe(1);
    // Dmitri departs in 2026
    expect(byId.has(dmitri.id)).toBe(false);
    expect(book.lines.some((l) => l.request === book.uninvoicedRequest)).toBe(false);
  });

  it.each(['GBP', 'AED'] as const)(
    '2025 by invoice date in %s (the credit note is dated today)',
    async (currency) => {
      const expected = expectedReport(book, { from: '2025-01', to: '2025-12', basis: 'invoice', currency });
      const report = await run(`${YEAR}&basis=invoice&currency=${currency}&limit=100`);
      expect(report.data).toEqual(expected.rows);
      expect(report.summary.totals).toEqual(expected.totals);
      expect(report.summary.top).toEqual(top10(expected.rows));
      expect(report.data.map((r) => r.client.id)).toContain(book.clients.dmitri.id);
    },
  );

  it('reads whole months: May 2025 alone, then March to May', async () => {
    for (const [from, to] of [
      ['2025-05', '2025-05'],
      ['2025-03', '2025-05'],
    ] as const) {
      const expected = expectedReport(book, { from, to, basis: 'service', currency: 'EUR' });
      const report = await run(`month_from=${from}&month_to=${to}&currency=EUR`);
      expect(report.data).toEqual(expected.rows);
      expect(report.summary.totals).toEqual(expected.totals);
      expect(report.summary.period.date_to).toBe('2025-05-31');
    }
  });

  it('without months runs the calendar year of today', async () => {
    const year = new Date().getUTCFullYear();
    const report = await run('');
    expect(report.summary.period).toEqual({
      month_from: `${year}-01`,
      month_to: `${year}-12`,
      date_from: `${year}-01-01`,
      date_to: `${year}-12-31`,
    });
  });

  it('gives the same figures after a new rate set is entered', async () => {
    const queries = [
      `${YEAR}&limit=100`,
      `${YEAR}&currency=USD&limit=100`,
      `${YEAR}&basis=invoice&currency=EUR&limit=100`,
    ];
    const before = await Promise.all(queries.map((q) => run(q)));
    await postRates(t, book.w, { sell_GBP_USD: '1.1000', buy_GBP_USD: '1.1100', sell_GBP_EUR: '1.0100' });
    const after = await Promise.all(queries.map((q) => run(q)));
    expect(after).toEqual(before);
  });
});

describe('filters, order and pages', () => {
  const keepCases: Array<[string, string, (c: BookClient) => boolean]> = [
    ['office London', 'office=LONDON', (c) => c.office?.title === 'London'],
    ['office Dubai', 'office=DUBAI', (c) => c.office?.title === 'Dubai'],
    ['the FO manager', 'manager=FO', (c) => c.fo_manager !== null],
    ['a plan', 'membership=trial', (c) => c.membership === 'trial'],
    ['two plans', 'membership=trial,the_one', (c) => c.membership === 'trial' || c.membership === 'the_one'],
    ['a rating', 'rating=Test%20period', (c) => c.rating === 'Test period'],
    ['a search', 'search=karenina', (c) => c.name === 'Anna Karenina'],
    [
      'office and rating',
      'office=LONDON&rating=Strategic',
      (c) => c.office?.title === 'London' && c.rating === 'Strategic',
    ],
  ];

  it.each(keepCases)('%s', async (_name, filter, keep) => {
    const q = filter
      .replace('LONDON', String(book.w.region.london))
      .replace('DUBAI', String(book.w.region.dubai))
      .replace('manager=FO', `manager=${book.w.userId.FO}`);
    const expected = expectedReport(book, {
      from: '2025-01',
      to: '2025-12',
      basis: 'service',
      currency: 'GBP',
      keep,
    });
    expect(expected.rows.length).toBeGreaterThan(0);
    expect(expected.rows.length).toBeLessThan(3);
    const report = await run(`${YEAR}&${q}`);
    expect(report.data).toEqual(expected.rows);
    expect(report.summary.totals).toEqual(expected.totals);
    expect(report.summary.top).toEqual(top10(expected.rows));
  });

  it('a filter nobody matches answers an empty report with zero totals', async () => {
    const report = await run(`${YEAR}&rating=Blacklisted`);
    expect(report.data).toEqual([]);
    expect(report.meta.total).toBe(0);
    expect(report.summary.totals).toEqual({
      clients: 0,
      requests: 0,
      sales: '0.00',
      cost: '0.00',
      margin: '0.00',
      margin_pct: null,
    });
    expect(report.summary.top).toEqual([]);
  });

  const sortName = (r: ClientsReportRow) => r.client.name.split(' ').reverse().join(' ').toLowerCase();
  const orderings: Array<[string, (r: ClientsReportRow) => Decimal | string | number]> = [
    ['margin', (r) => new Decimal(r.margin)],
    ['sales', (r) => new Decimal(r.sales)],
    ['cost', (r) => new Decimal(r.cost)],
    ['margin_pct', (r) => new Decimal(r.margin_pct!)],
    ['requests', (r) => r.requests],
    ['name', sortName],
  ];

  it.each(orderings)('orders by %s both ways, the client id breaking ties', async (key, value) => {
    const { rows, totals } = expectedReport(book, {
      from: '2025-01',
      to: '2025-12',
      basis: 'service',
      currency: 'USD',
    });
    const compare = (a: ClientsReportRow, b: ClientsReportRow) => {
      const [x, y] = [value(a), value(b)];
      if (x instanceof Decimal) return x.comparedTo(y as Decimal);
      return x < y ? -1 : x > y ? 1 : 0;
    };
    for (const desc of [false, true]) {
      const sorted = [...rows].sort(
        (a, b) => (desc ? -compare(a, b) : compare(a, b)) || a.client.id - b.client.id,
      );
      const report = await run(`${YEAR}&currency=USD&ordering=${desc ? '-' : ''}${key}`);
      expect(report.data.map((r) => r.client.name)).toEqual(sorted.map((r) => r.client.name));
      expect(report.summary.totals).toEqual(totals);
    }
  });

  it('pages: meta.total, the totals and the top stay those of every matching client', async () => {
    const { rows, totals } = expectedReport(book, {
      from: '2025-01',
      to: '2025-12',
      basis: 'service',
      currency: 'GBP',
    });
    const page = await run(`${YEAR}&limit=1&offset=1`);
    expect(page.data).toEqual(rows.slice(1, 2));
    expect(page.meta).toEqual({ total: rows.length, limit: 1, offset: 1 });
    expect(page.summary.totals).toEqual(totals);
    expect(page.summary.top).toEqual(top10(rows));
    const beyond = await run(`${YEAR}&limit=10&offset=10`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(rows.length);
  });

  it('the requests total counts each request once over all matching clients', async () => {
    const { totals } = expectedReport(book, {
      from: '2025-01',
      to: '2025-12',
      basis: 'service',
      currency: 'GBP',
    });
    const requestsOrdered = await run(`${YEAR}&ordering=-requests&limit=1`);
    const marginOrdered = await run(`${YEAR}&limit=1`);
    expect(requestsOrdered.summary.totals.requests).toBe(totals.requests);
    expect(marginOrdered.summary.totals.requests).toBe(totals.requests);
  });
});

/** A row as a user outside accounting gets it: the same figures, no balances. */
const withoutBalances = (r: ClientsReportRow): ClientsReportRow => ({
  ...r,
  open_balance: null,
  credit: null,
});

describe('who and what may ask', () => {
  it.each([
    ['Admin', true],
    ['Accountant', true],
    ['FO', false],
    ['BO', false],
  ] as const)('%s reads every client with its figures (balances: %s)', async (who, balances) => {
    const expected = expectedReport(book, {
      from: '2025-01',
      to: '2025-12',
      basis: 'service',
      currency: 'GBP',
    });
    // the book has balances to hide: open invoices for everyone, Boris's credit
    expect(expected.rows.some((r) => r.credit!.length > 0)).toBe(true);
    expect(expected.rows.every((r) => r.open_balance!.length > 0)).toBe(true);
    const report = await run(`${YEAR}&limit=100`, who);
    expect(report.data).toEqual(balances ? expected.rows : expected.rows.map(withoutBalances));
    // cost, sales and margin are everyone's, totals and top too
    expect(report.summary.totals).toEqual(expected.totals);
    expect(report.summary.top).toEqual(top10(expected.rows));
  });

  it('refuses without a session', async () => {
    const res = await t.request({ method: 'GET', url: `reports/clients/?${YEAR}` });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['month_from=2025-13', 'month_from'],
    ['month_from=2025-1', 'month_from'],
    ['month_from=2025-06&month_to=2025-05', 'month_to'],
    ['month_from=2020-01&month_to=2025-01', 'month_to'],
    ['month_from=0000-01&month_to=0000-12', 'month_from'],
    ['month_from=0001-01&month_to=0001-12', 'month_from'],
    ['month_to=0050-02', 'month_to'],
    ['month_from=1899-12&month_to=1900-01', 'month_from'],
    ['month_from=3000-01', 'month_from'],
    ['basis=departure', 'basis'],
    ['currency=RUB', 'currency'],
    ['office=abc', 'office'],
    ['manager=0', 'manager'],
    ['membership=gold', 'membership'],
    ['rating=Great', 'rating'],
    ['ordering=email', 'ordering'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['format=pdf', 'format'],
  ])('400 on %s', async (query, field) => {
    const res = await t.request({ method: 'GET', url: `reports/clients/?${query}`, token: book.w.token.FO });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it.each([
    'month_from',
    'month_to',
    'basis',
    'currency',
    'office',
    'manager',
    'membership',
    'rating',
    'search',
    'ordering',
    'limit',
    'offset',
    'format',
  ])('400 on a control character in %s', async (field) => {
    const res = await t.request({
      method: 'GET',
      url: `reports/clients/?${field}=${encodeURIComponent('a\u0000b')}`,
      token: book.w.token.Admin,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('bounds the months to 1900-2999 with the date messages, the bounds themselves allowed', async () => {
    const early = await t.request({
      method: 'GET',
      url: 'reports/clients/?month_from=0000-01&month_to=0050-02&format=csv',
      token: book.w.token.Accountant,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.month_from).toEqual([minDateMessage(REPORT_MIN_DATE)]);
    // (and 0000-01 to 0050-02 spans more than 60 months)
    expect(early.json().errors.month_to).toContain(minDateMessage(REPORT_MIN_DATE));
    const late = await t.request({
      method: 'GET',
      url: 'reports/clients/?month_from=3000-01',
      token: book.w.token.Accountant,
    });
    expect(late.json().errors.month_from).toEqual([maxDateMessage(REPORT_MAX_DATE)]);
    for (const q of ['month_from=1900-01&month_to=1900-12', 'month_from=2999-01&month_to=2999-12']) {
      const report = await run(q);
      expect(report.data).toEqual([]);
    }
  });

  it('says what is wrong with the months', async () => {
    const order = await t.request({
      method: 'GET',
      url: 'reports/clients/?month_from=2025-06&month_to=2025-05',
      token: book.w.token.FO,
    });
    expect(order.json().errors.month_to).toEqual([CLIENTS_REPORT_MESSAGES.monthOrder]);
    const span = await t.request({
      method: 'GET',
      url: 'reports/clients/?month_from=2020-01&month_to=2025-01',
      token: book.w.token.FO,
    });
    expect(span.json().errors.month_to).toEqual([CLIENTS_REPORT_MESSAGES.span]);
    // 60 months is the most
    expect(
      (
        await t.request({
          method: 'GET',
          url: 'reports/clients/?month_from=2020-02&month_to=2025-01',
          token: book.w.token.FO,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('export', () => {
  const membershipLabel = (v: string | null) => (v ? MEMBERSHIPS.find((m) => m.value === v)!.label : '');
  const perCurrency = (amounts: ClientsReportRow['open_balance']) =>
    RATE_CURRENCIES.map((c) => amounts!.find((a) => a.currency === c)?.amount ?? '');
  const fraction = (r: ClientsReportRow) =>
    new Decimal(r.sales).isZero()
      ? ''
      : new Decimal(r.margin).div(r.sales).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
  const expectedCells = (r: ClientsReportRow) => [
    r.client.name,
    String(r.client.id),
    r.office?.title ?? '',
    r.fo_manager?.name ?? '',
    membershipLabel(r.membership),
    r.membership_end ?? '',
    r.rating,
    String(r.requests),
    r.sales,
    r.cost,
    r.margin,
    fraction(r),
    ...perCurrency(r.open_balance),
    ...perCurrency(r.credit),
  ];

  const figureHeaders = [
    'Client',
    'Client ID',
    'Office',
    'FO manager',
    'Membership',
    'Membership end',
    'Rating',
    'Requests',
    'Sales',
    'Cost',
    'Margin',
    'Margin %',
  ];
  const balanceHeaders = [
    'Open balance GBP',
    'Open balance USD',
    'Open balance EUR',
    'Open balance AED',
    'Credit GBP',
    'Credit USD',
    'Credit EUR',
    'Credit AED',
  ];

  it.each([
    ['Accountant', true],
    ['Admin', true],
    ['BO', false],
    ['FO', false],
  ] as const)(
    'CSV as %s: every matching client in the report order, figures in the chosen currency (balances: %s)',
    async (who, balances) => {
      const { rows } = expectedReport(book, {
        from: '2025-01',
        to: '2025-12',
        basis: 'service',
        currency: 'EUR',
      });
      const res = await t.request({
        method: 'GET',
        url: `reports/clients/?${YEAR}&currency=EUR&ordering=name&limit=1&format=csv`,
        token: book.w.token[who],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="clients-report-2025-01-2025-12.csv"',
      );
      const [header, ...lines] = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(header!.split(',')).toEqual(balances ? [...figureHeaders, ...balanceHeaders] : figureHeaders);
      // no cell here holds a comma or a quote, so a split is a parse
      const byName = [...rows].sort((a, b) =>
        a.client.name
          .split(' ')
          .reverse()
          .join(' ')
          .localeCompare(b.client.name.split(' ').reverse().join(' ')),
      );
      expect(lines.map((l) => l.split(','))).toEqual(
        byName.map((r) => (balances ? expectedCells(r) : expectedCells(r).slice(0, figureHeaders.length))),
      );
    },
  );

  /** The year's report in AED as the role downloads it in XLSX, beside the rows the test expects. */
  async function yearInAedXlsx(role: 'Accountant' | 'FO') {
    const { rows } = expectedReport(book, {
      from: '2025-01',
      to: '2025-12',
      basis: 'service',
      currency: 'AED',
    });
    const res = await t.request({
      method: 'GET',
      url: `reports/clients/?${YEAR}&currency=AED&format=xlsx`,
      token: book.w.token[role],
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { rows, sheet: workbook.worksheets[0]! };
  }

  it('XLSX: numbers with the currency format, the margin a percentage', async () => {
    const { rows, sheet } = await yearInAedXlsx('Accountant');
    expect(sheet.name).toBe('Clients report');
    expect(sheet.rowCount).toBe(rows.length + 1);
    rows.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(r.client.name);
      expect(row.getCell(8).value).toBe(r.requests);
      for (const [col, amount] of [
        [9, r.sales],
        [10, r.cost],
        [11, r.margin],
      ] as const) {
        expect(row.getCell(col).value).toBe(Number(amount));
        expect(row.getCell(col).numFmt).toBe('#,##0.00 "AED";-#,##0.00 "AED"');
      }
      expect(row.getCell(12).value).toBe(Number(fraction(r)));
      expect(row.getCell(12).numFmt).toBe('0.00%');
      RATE_CURRENCIES.forEach((c: CurrencyCode, k) => {
        const open = r.open_balance!.find((a) => a.currency === c);
        const cell = row.getCell(13 + k);
        if (!open) expect(cell.value).toBeNull();
        else {
          expect(cell.value).toBe(Number(open.amount));
          expect(cell.numFmt).toBe(`#,##0.00 "${c}";-#,##0.00 "${c}"`);
        }
      });
    });
  });

  it('XLSX as FO: the figures, no balance columns', async () => {
    const { rows, sheet } = await yearInAedXlsx('FO');
    expect(sheet.getRow(1).values).toEqual([undefined, ...figureHeaders]);
    expect(sheet.columnCount).toBe(figureHeaders.length);
    expect(sheet.rowCount).toBe(rows.length + 1);
    rows.forEach((r, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(r.client.name);
      expect(row.getCell(11).value).toBe(Number(r.margin));
      expect(row.cellCount).toBeLessThanOrEqual(figureHeaders.length);
    });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buyKey, type InvoiceRecord, type RequestRecord, sellKey } from '@app/shared';
import { SAMPLE_PAIR_VALUES } from '@app/shared/rates/rates.fixtures';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { postRates } from '../requests/requests.test-support.ts';
import { createBillFiles } from './bill-files.ts';
import { createBillsService } from './bills.service.ts';
import { multipart, pdfBytes } from './bills.test-support.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  creditNote,
  getInvoice,
  type InvoicesWorld,
  issue,
  todayUtc,
} from './invoices.test-support.ts';
import { expectSalesLedgerConsistent } from './sales-ledger.test-support.ts';

/** A small deterministic generator (mulberry32): the same sequence of writes on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]!,
    chance: (p: number) => next() < p,
    /** 10.00 to 5000.99, with cents that round both ways at odd rates. */
    money: () => `${10 + int(4990)}.${String(int(100)).padStart(2, '0')}`,
  };
}

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

interface Book {
  t: TestContext;
  w: InvoicesWorld;
  db: Db;
  bills: number;
}

/** The sell currencies each company has an Income account in (buildInvoicesWorld). */
const companyCurrencies = (w: InvoicesWorld) => [
  { company: w.company.BSLF, currencies: ['GBP', 'EUR'] },
  { company: w.company.TPRO, currencies: ['AED', 'GBP'] },
];

async function newRequest(b: Book, rnd: ReturnType<typeof random>): Promise<RequestRecord> {
  const { company, currencies } = rnd.pick(companyCurrencies(b.w));
  const sell = rnd.pick(currencies);
  const suppliers = [b.w.supplier.ritz, b.w.supplier.jets];
  const costCurrencies = ['GBP', 'USD', 'EUR', 'AED'];
  // mostly one supplier and cost currency per request, so bills take several lines
  const supplier = rnd.pick(suppliers);
  const costCurrency = rnd.pick(costCurrencies);
  const lines = Array.from({ length: 1 + rnd.int(3) }, () => {
    const from = rnd.chance(0.8) ? `2026-0${1 + rnd.int(9)}-1${rnd.int(10)}` : null;
    return {
      supplier_id: rnd.chance(0.8) ? supplier : rnd.pick(suppliers),
      date_from: from,
      date_to: from,
      account_type: rnd.pick(['Toms EU', 'Toms non EU', 'Disbursement']),
      cost: rnd.money(),
      cost_currency: rnd.chance(0.8) ? costCurrency : rnd.pick(costCurrencies),
      sell: rnd.money(),
      sell_currency: sell,
    };
  });
  return confirmedRequest(b.t, b.w, lines, {
    company_id: company,
    client_id: rnd.pick([b.w.client.anna, b.w.boris]),
  });
}

async function issueFor(b: Book, rnd: ReturnType<typeof random>, request: number, lines: number[]) {
  // today: the newest set; else a day the first set is in force for
  const res = await issue(b.t, b.w, {
    request,
    lines,
    issue_date: rnd.chance(0.5) ? todayUtc() : daysAgo(1 + rnd.int(50)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as InvoiceRecord;
}

/** Request lines a bill can take, grouped by what a bill must share: supplier, company, currency. */
async function billableGroups(b: Book) {
  const rows = await queryRows<{
    id: number;
    supplier_id: number;
    company_id: number;
    cost_currency: string;
    cost: string;
  }>(
    b.db,
    sql`select l.id, l.supplier_id, r.company_id, l.cost_currency, l.cost::text as cost
        from request_lines l join requests r on r.id = l.request_id
        where l.status in ('Confirmed', 'Invoiced', 'Accounted') and r.canceled_at is null
          and not exists (select 1 from supplier_invoice_lines s where s.line_id = l.id)
        order by l.id`,
  );
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.supplier_id}:${r.company_id}:${r.cost_currency}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

const costOf = (lines: ReadonlyArray<{ cost: string }>) =>
  lines.reduce((s, l) => s.plus(l.cost), new Decimal(0)).toFixed(2);

async function recordBill(b: Book, rnd: ReturnType<typeof random>): Promise<boolean> {
  const groups = await billableGroups(b);
  if (groups.length === 0) return false;
  const group = rnd.pick(groups);
  const lines = group.filter((_, i) => i === 0 || rnd.chance(0.7));
  b.bills += 1;
  const res = await b.t.request({
    method: 'POST',
    url: 'supplier-invoices/',
    token: b.w.token.Accountant,
    ...multipart(
      {
        supplier: String(lines[0]!.supplier_id),
        number: `LEDGER-${b.bills}`,
        issue_date: rnd.chance(0.5) ? todayUtc() : daysAgo(1 + rnd.int(50)),
        currency: lines[0]!.cost_currency,
        amount: costOf(lines),
        lines: JSON.stringify(lines.map((l) => l.id)),
      },
      { name: 'bill.pdf', content: pdfBytes(`ledger-${b.bills}`) },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return true;
}

type BillEdit = 'date' | 'drop' | 'add';

/**
 * A new issue date (a new stamp: today's is the newest set), a line dropped, or a line of the same
 * supplier, company and currency added (the amount follows the lines); `want` picks a bill that can
 * take that edit, else any edit of any bill.
 */
async function editBill(b: Book, rnd: ReturnType<typeof random>, want?: BillEdit): Promise<boolean> {
  const bills = await queryRows<{
    id: number;
    version: number;
    supplier_id: number;
    company_id: number;
    currency: string;
  }>(b.db, sql`select id, version, supplier_id, company_id, currency from supplier_invoices order by id`);
  const free = (await billableGroups(b)).flat();
  const candidates = [];
  for (const bill of bills) {
    const lines = await queryRows<{ id: number; cost: string; status: string }>(
      b.db,
      sql`select l.id, l.cost::text as cost, l.status from supplier_invoice_lines s
          join request_lines l on l.id = s.line_id where s.bill_id = ${bill.id} order by l.id`,
    );
    const addable = free.filter(
      (l) =>
        l.supplier_id === bill.supplier_id &&
        l.company_id === bill.company_id &&
        l.cost_currency === bill.currency,
    );
    // a line canceled with its credit note cannot be named again: such a bill only takes a new date
    const canceled = lines.some((l) => l.status === 'Canceled');
    const choices: BillEdit[] = [
      'date',
      ...(canceled
        ? []
        : [...(lines.length > 1 ? (['drop'] as const) : []), ...(addable.length ? (['add'] as const) : [])]),
    ];
    if (!want || choices.includes(want)) candidates.push({ bill, lines, addable, choices });
  }
  if (candidates.length === 0) return false;
  const { bill, lines, addable, choices } = rnd.pick(candidates);
  const choice = want ?? rnd.pick(choices);
  let payload: Record<string, unknown>;
  // due_date null: the supplier's terms from the new date
  if (choice === 'date')
    payload = { issue_date: rnd.chance(0.6) ? todayUtc() : daysAgo(1 + rnd.int(50)), due_date: null };
  else {
    const next =
      choice === 'drop' ? lines.filter((_, i) => i !== rnd.int(lines.length)) : [...lines, rnd.pick(addable)];
    payload = { lines: next.map((l) => l.id), amount: costOf(next) };
  }
  const res = await b.t.request({
    method: 'PATCH',
    url: `supplier-invoices/${bill.id}/`,
    token: b.w.token.Accountant,
    payload: { ...payload, version: bill.version } as never,
  });
  expect(res.statusCode, res.body).toBe(200);
  return true;
}

/** A bill whose file cannot take its name after the commit: recorded, then deleted again. */
async function billUndone(b: Book): Promise<boolean> {
  const groups = await billableGroups(b);
  if (groups.length === 0) return false;
  const lines = groups[0]!;
  const files = createBillFiles(b.t.config.dataDir);
  const service = createBillsService({
    db: b.db,
    rates: createRatesService({ db: b.db }),
    files: { ...files, commit: () => Promise.reject(new Error('disk full')) },
  });
  b.bills += 1;
  await expect(
    service.create(
      null,
      {
        supplier: lines[0]!.supplier_id,
        number: `UNDONE-${b.bills}`,
        issue_date: todayUtc(),
        currency: lines[0]!.cost_currency as 'GBP',
        amount: costOf(lines),
        lines: lines.map((l) => l.id),
      },
      { fileName: 'a.pdf', data: pdfBytes(`undone-${b.bills}`) },
    ),
  ).rejects.toThrow('disk full');
  return true;
}

async function credit(b: Book, rnd: ReturnType<typeof random>): Promise<boolean> {
  const live = await queryRows<{ id: number }>(
    b.db,
    sql`select distinct i.id from client_invoices i join client_invoice_lines l on l.invoice_id = i.id
        where i.kind = 'invoice' and l.credited_at is null order by i.id`,
  );
  if (live.length === 0) return false;
  const invoice = await getInvoice(b.t, b.w, rnd.pick(live).id);
  const open = invoice.lines.filter((l) => l.credited_at === null);
  const some = open.filter((_, i) => i === 0 || rnd.chance(0.5));
  const res = await creditNote(b.t, b.w, invoice, {
    ...(rnd.chance(0.5) ? { lines: some.map((l) => l.id) } : {}),
    cancel_lines: rnd.chance(0.2),
  });
  expect(res.statusCode, res.body).toBe(201);
  return true;
}

/** Lines credited back to Confirmed and not billed: unconfirmed, given a new cost, confirmed again. */
async function recost(b: Book, rnd: ReturnType<typeof random>): Promise<boolean> {
  const lines = await queryRows<{ id: number; request_id: number; version: number }>(
    b.db,
    sql`select l.id, l.request_id, l.version from request_lines l
        where l.status = 'Confirmed' and exists (select 1 from sales_ledger s where s.line_id = l.id)
          and not exists (select 1 from supplier_invoice_lines s where s.line_id = l.id)
        order by l.id`,
  );
  if (lines.length === 0) return false;
  const line = rnd.pick(lines);
  const call = async (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) => {
    const res = await b.t.request({ method, url, token: b.w.token.Admin, payload: payload as never });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as RequestRecord).lines.find((l) => l.id === line.id)!.version;
  };
  const base = `requests/${line.request_id}/lines/${line.id}/`;
  let version = await call('POST', `${base}status/`, { status: null, version: line.version });
  version = await call('PATCH', base, {
    cost: rnd.money(),
    cost_currency: rnd.pick(['GBP', 'USD', 'EUR', 'AED']),
    version,
  });
  await call('POST', `${base}status/`, { status: 'Confirmed', version });
  return true;
}

/** Confirmed lines of one request (credited back, or re-costed) on a new invoice. */
async function reissue(b: Book, rnd: ReturnType<typeof random>): Promise<boolean> {
  const waiting = await queryRows<{ request_id: number; ids: number[] }>(
    b.db,
    sql`select l.request_id, array_agg(l.id order by l.id) as ids from request_lines l
        join requests r on r.id = l.request_id
        where l.status = 'Confirmed' and r.canceled_at is null group by l.request_id order by l.request_id`,
  );
  if (waiting.length === 0) return false;
  const r = rnd.pick(waiting);
  await issueFor(b, rnd, r.request_id, r.ids.map(Number));
  return true;
}

/** A new rate set in force from now: every pair moved by up to ±8%. */
async function newRates(b: Book, rnd: ReturnType<typeof random>): Promise<boolean> {
  const values = Object.fromEntries(
    Object.entries(SAMPLE_PAIR_VALUES).map(([k, v]) => [
      k,
      new Decimal(v)
        .times(0.92 + rnd.int(1600) / 10_000)
        .toDecimalPlaces(4)
        .toFixed(4),
    ]),
  );
  // buy is at or above sell, as the business quotes them
  for (const k of Object.keys(values))
    if (k.startsWith('buy_')) {
      const s = values[k.replace('buy_', 'sell_')]!;
      if (new Decimal(values[k]!).lt(s)) values[k] = s;
    }
  expect(sellKey('GBP', 'USD') in values && buyKey('GBP', 'USD') in values).toBe(true);
  await postRates(b.t, b.w, values);
  return true;
}

/**
 * GBP/AED of a set stamped on invoices corrected in place (every row of the set converts with it:
 * GBP → AED on a GBP company's, AED → GBP, its inverse, on an AED company's): the rows follow.
 */
async function correctRate(b: Book, rnd: ReturnType<typeof random>): Promise<boolean> {
  const records = await queryRows<{ id: number; from: string; to: string; sell: string; buy: string }>(
    b.db,
    sql`select e.id, e.original_currency as from, e.target_currency as to, e.rate_sell::text as sell,
          e.rate_buy::text as buy from exchange_rates e
        where e.rate_set_id in (select rate_set_id from client_invoices)
          and e.original_currency = 'GBP' and e.target_currency = 'AED'
        order by e.id`,
  );
  const r = rnd.pick(records);
  const factor = 0.95 + rnd.int(1000) / 10_000;
  const sell = new Decimal(r.sell).times(factor).toDecimalPlaces(4).toFixed(4);
  const buy = Decimal.max(sell, new Decimal(r.buy).times(factor).toDecimalPlaces(4)).toFixed(4);
  const res = await b.t.request({
    method: 'PATCH',
    url: `exchange-rates/${r.id}/`,
    token: b.w.token.Admin,
    payload: {
      id: r.id,
      original_currency: { named: r.from },
      target_currency: { named: r.to },
      rate: sell,
      rate_sell: sell,
      rate_buy: buy,
    } as never,
  });
  expect(res.statusCode, res.body).toBe(200);
  return true;
}

const ledgerState = async (b: Book) =>
  queryRows(b.db, sql`select * from sales_ledger order by invoice_line_id`);

/**
 * Pairs deleted from the first set: EUR/USD goes (the ledger values it through GBP from then on);
 * GBP/AED is refused, since the ledger could no longer value the AED company's documents.
 */
async function deletePairs(b: Book): Promise<boolean> {
  const pair = async (from: string, to: string) =>
    (
      await queryRows<{ id: number }>(
        b.db,
        sql`select id from exchange_rates where rate_set_id = ${b.w.rateSet}
            and original_currency = ${from} and target_currency = ${to}`,
      )
    )[0]!.id;
  const remove = async (id: number) =>
    b.t.request({ method: 'DELETE', url: `exchange-rates/${id}/`, token: b.w.token.Admin });
  expect((await remove(await pair('EUR', 'USD'))).statusCode).toBe(204);
  await expectSalesLedgerConsistent(b.db);
  const before = await ledgerState(b);
  const refused = await remove(await pair('GBP', 'AED'));
  expect(refused.statusCode, refused.body).toBe(400);
  expect(refused.json().errors[0].code).toBe('no_rate_set');
  expect(await ledgerState(b)).toEqual(before);
  return true;
}

describe('the sales ledger under a random sequence of writes through the services', () => {
  let b: Book;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sales-ledger-'));
    const t = await createTestContext({ DATA_DIR: dataDir });
    b = { t, w: await buildInvoicesWorld(t), db: t.database.db, bills: 0 };
  });
  afterAll(async () => {
    await b.t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('equals the documents after every write', async () => {
    const rnd = random(20_260_412);
    const done: Record<string, number> = {};
    const steps: Array<[string, number, () => Promise<boolean>]> = [
      [
        'issue',
        5,
        async () => {
          const r = await newRequest(b, rnd);
          await issueFor(
            b,
            rnd,
            r.id,
            r.lines.map((l) => l.id),
          );
          return true;
        },
      ],
      ['bill', 3, () => recordBill(b, rnd)],
      ['credit note', 2, () => credit(b, rnd)],
      ['bill edit', 2, () => editBill(b, rnd)],
      ['bill redated', 0, () => editBill(b, rnd, 'date')],
      ['bill line dropped', 0, () => editBill(b, rnd, 'drop')],
      ['bill line added', 0, () => editBill(b, rnd, 'add')],
      ['bill undone', 1, () => billUndone(b)],
      ['re-cost', 1, () => recost(b, rnd)],
      ['re-issue', 1, () => reissue(b, rnd)],
      ['rates', 1, () => newRates(b, rnd)],
      ['rate corrected', 1, () => correctRate(b, rnd)],
      ['pairs deleted', 0, () => deletePairs(b)],
    ];
    const weighted = steps.flatMap((s) => Array.from({ length: s[1] }, () => s));
    // every kind of write once, in an order where each finds something to work on; then at random
    const order = [
      'issue',
      'issue',
      'issue',
      'bill',
      'credit note',
      're-cost',
      're-issue',
      'rates',
      'bill redated',
      'bill undone',
      'issue',
      'bill',
      'bill line dropped',
      'bill line added',
      'bill edit',
      'rate corrected',
      'issue',
      'pairs deleted',
    ];
    const script = order.map((name) => steps.find((s) => s[0] === name)!);
    for (let i = 0; i < 44; i++) {
      const [name, , run] = i < script.length ? script[i]! : rnd.pick(weighted);
      if (!(await run())) continue;
      done[name] = (done[name] ?? 0) + 1;
      await expectSalesLedgerConsistent(b.db);
    }
    // every kind of write happened, and the ledger holds both sources and both kinds
    expect(Object.keys(done).sort()).toEqual(steps.map((s) => s[0]).sort());
    const [mix] = await queryRows<{ kinds: number; sources: number; sets: number; bases: number }>(
      b.db,
      sql`select count(distinct kind)::int as kinds, count(distinct cost_source)::int as sources,
            (select count(distinct rate_set_id)::int from client_invoices) as sets,
            count(distinct base_currency)::int as bases from sales_ledger`,
    );
    expect(mix).toMatchObject({ kinds: 2, sources: 2, bases: 2 });
    expect(mix!.sets).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

// PGlite serialises transactions, so the races are only real on PostgreSQL (DATABASE_URL set).
describe.runIf(onPostgres)('the sales ledger under concurrent writers (PostgreSQL)', () => {
  let b: Book;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sales-ledger-race-'));
    const t = await createTestContext({ DATA_DIR: dataDir });
    b = { t, w: await buildInvoicesWorld(t), db: t.database.db, bills: 0 };
  });
  afterAll(async () => {
    await b.t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the month sums equal to the ledger when invoices, bills and credit notes of one month race', async () => {
    const same = { account_type: 'Toms EU', date_from: '2026-05-10', date_to: '2026-05-12' };
    const requests: RequestRecord[] = [];
    for (let i = 0; i < 8; i++)
      requests.push(
        await confirmedRequest(b.t, b.w, [{ ...same, cost: `${500 + i}.15`, sell: `${700 + i}.35` }]),
      );
    const answers = await Promise.all(
      requests.map((r) =>
        issue(b.t, b.w, { request: r.id, lines: [r.lines[0]!.id], issue_date: todayUtc() }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(requests.map(() => 201));
    await expectSalesLedgerConsistent(b.db);
    // a bill and a credit note of the same line at once: whichever commits second sees the first
    const invoices = answers.map((a) => a.json().data as InvoiceRecord);
    const raced = await Promise.all(
      requests.flatMap((r, i) => [
        b.t.request({
          method: 'POST',
          url: 'supplier-invoices/',
          token: b.w.token.Accountant,
          ...multipart(
            {
              supplier: String(b.w.supplier.ritz),
              number: `RACE-${i}`,
              issue_date: todayUtc(),
              currency: 'GBP',
              amount: `${500 + i}.15`,
              lines: JSON.stringify([r.lines[0]!.id]),
            },
            { name: 'bill.pdf', content: pdfBytes(`race-${i}`) },
          ),
        }),
        creditNote(b.t, b.w, invoices[i]!),
      ]),
    );
    expect(raced.map((a) => a.statusCode)).toEqual(requests.flatMap(() => [201, 201]));
    expect(await expectSalesLedgerConsistent(b.db)).toBe(16);
    const [billed] = await queryRows<{ n: number }>(
      b.db,
      sql`select count(*)::int as n from sales_ledger where cost_source = 'bill'`,
    );
    expect(billed!.n).toBe(16);
  });
});

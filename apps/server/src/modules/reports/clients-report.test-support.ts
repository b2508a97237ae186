/**
 * A small book of business made by hand through the API (four clients with their office, FO
 * manager, plan and rating; requests with lines in and out of 2025; invoices in GBP, EUR and AED of
 * two companies stamped with two rate sets; a credit note; bills; a payment; an overpayment partly
 * used and partly refunded), and the Clients report it must give, computed here from the
 * documents as written down, with decimal.js: the expected figures never come from the code under
 * test (decision 0012's rules: each line's base at its document's stamped rate, rounded once; the
 * base in each currency at the stamped set's sell rate, except the document's own currency, which
 * states the document's amount; billed cost from the bill's stamp,
 * estimated cost at the invoice set's buy rate; a credit note line reverses its line).
 */
import {
  type BillRecord,
  type ClientsReportRow,
  type CurrencyCode,
  findRate,
  type InvoiceRecord,
  RATE_CURRENCIES,
  type RateSet,
  type RequestRecord,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { TestContext } from '../../test/harness.ts';
import { multipart, pdfBytes } from '../accounting/bills.test-support.ts';
import { confirmedRequest, creditNote, getInvoice } from '../accounting/invoices.test-support.ts';
import {
  addClient,
  allocated,
  buildMatchingWorld,
  insertLine,
  type MatchingWorld,
} from '../banking/allocations.test-support.ts';
import { postRates } from '../requests/requests.test-support.ts';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof D>;
const round2 = (v: D) => new D(v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
export const money = (v: Decimal.Value) => new D(v).toFixed(2);

export interface BookClient {
  id: number;
  name: string;
  archived: boolean;
  membership: string | null;
  membership_end: string | null;
  rating: string;
  fo_manager: { id: number; name: string } | null;
  office: { id: number; title: string; ccy: string } | null;
}

/** One ledger line as the test knows it: its dates, request and figures in every currency. */
export interface BookLine {
  client: number;
  request: number;
  invoiceDate: string;
  serviceDate: string;
  sales: Record<CurrencyCode, D>;
  cost: Record<CurrencyCode, D>;
}

export interface Book {
  w: MatchingWorld;
  clients: { anna: BookClient; boris: BookClient; carla: BookClient; dmitri: BookClient };
  lines: BookLine[];
  /** What each client owes now per currency (invoices and credit notes, less what settled them). */
  open: Map<number, Map<string, D>>;
  /** Each client's deposit per currency. */
  credit: Map<number, Map<string, D>>;
  /** A request confirmed but never invoiced (it must not count). */
  uninvoicedRequest: number;
}

/** A rate of a set, as the ledger reads one: the shared lookup, to the 6 places rates are stored with. */
function rateOf(set: RateSet, from: string, to: string, side: 'sell' | 'buy'): D {
  if (from === to) return new D(1);
  const found = findRate(set.rates, from, to, side);
  expect(found, `set ${set.id} ${side} ${from}→${to}`).not.toBeNull();
  return new D(found!.rate).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
}

/**
 * A figure in each currency: the document's amount in the document's own currency, the base
 * amount in the base, else the base at the set's sell rate.
 */
function inEvery(
  set: RateSet,
  base: string,
  amount: D,
  own: { currency: string; amount: D },
): Record<CurrencyCode, D> {
  const out = {} as Record<CurrencyCode, D>;
  for (const c of RATE_CURRENCIES)
    out[c] =
      c === own.currency
        ? own.amount
        : c === base
          ? amount
          : round2(amount.times(rateOf(set, base, c, 'sell')));
  return out;
}

async function patchClient(t: TestContext, w: MatchingWorld, id: number, fields: Record<string, unknown>) {
  const current = await t.request({ method: 'GET', url: `clients/${id}/`, token: w.token.Admin });
  const res = await t.request({
    method: 'PATCH',
    url: `clients/${id}/`,
    token: w.token.Admin,
    payload: { ...fields, version: current.json().data.version },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function issuedOn(
  t: TestContext,
  w: MatchingWorld,
  r: RequestRecord,
  issue: string,
): Promise<InvoiceRecord> {
  const res = await t.request({
    method: 'POST',
    url: 'client-invoices/',
    token: w.token.Accountant,
    payload: { request: r.id, lines: r.lines.map((l) => l.id), issue_date: issue, due_date: issue },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

let billSeq = 0;
async function billFor(
  t: TestContext,
  w: MatchingWorld,
  line: RequestRecord['lines'][number],
  issue: string,
): Promise<BillRecord> {
  billSeq += 1;
  const res = await t.request({
    method: 'POST',
    url: 'supplier-invoices/',
    token: w.token.Accountant,
    ...multipart(
      {
        supplier: String(w.supplier.ritz),
        number: `CLIENTS-${billSeq}`,
        issue_date: issue,
        due_date: issue,
        currency: line.cost_currency,
        amount: line.cost,
        lines: JSON.stringify([line.id]),
      },
      { name: 'bill.pdf', content: pdfBytes(`clients-bill-${billSeq}`) },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The set a bill was stamped with (the bill's record shows the rate, not the set). */
async function billSetOf(t: TestContext, billId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select rate_set_id as id from supplier_invoices where id = ${billId}`,
  );
  return row!.id;
}

export async function rateSets(t: TestContext, w: MatchingWorld): Promise<Map<number, RateSet>> {
  const res = await t.request({ method: 'GET', url: 'rates/?limit=500', token: w.token.Admin });
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json().data as RateSet[]).map((s) => [s.id, s]));
}

function add(map: Map<number, Map<string, D>>, client: number, currency: string, amount: Decimal.Value) {
  const m = map.get(client) ?? new Map<string, D>();
  m.set(currency, (m.get(currency) ?? new D(0)).plus(amount));
  map.set(client, m);
}

export async function buildClientsBook(t: TestContext): Promise<Book> {
  const w = await buildMatchingWorld(t);
  const { BSLF, TPRO } = w.company;
  // S1 (the world's set) in force from 2024; S2, other rates, from June 2025
  await t.database.db.execute(sql`update rate_sets set created_at = '2024-01-01T00:00:00Z'`);
  const s2 = await postRates(t, w, {
    sell_GBP_USD: '1.3010',
    buy_GBP_USD: '1.3150',
    sell_GBP_EUR: '1.1420',
    buy_GBP_EUR: '1.1530',
    sell_GBP_AED: '4.7790',
    buy_GBP_AED: '4.8230',
    sell_EUR_AED: '4.1830',
    buy_EUR_AED: '4.2250',
    sell_EUR_USD: '1.1390',
    buy_EUR_USD: '1.1480',
    sell_USD_AED: '3.6725',
    buy_USD_AED: '3.6800',
  });
  await t.database.db.execute(
    sql`update rate_sets set created_at = '2025-06-01T00:00:00Z' where id = ${s2.id}`,
  );

  const me = (await t.request({ method: 'GET', url: 'users/me/', token: w.token.FO })).json().data;
  const fo = me.id as number;
  const london = { id: w.region.london, title: 'London', ccy: 'GBP' };
  const dubai = { id: w.region.dubai, title: 'Dubai', ccy: 'AED' };
  const manager = { id: fo, name: me.name as string };

  const carlaId = await addClient(t, w, 'Carla', 'Conti');
  const dmitriId = await addClient(t, w, 'Dmitri', 'Orlov');
  await patchClient(t, w, w.client.anna, {
    office_id: london.id,
    fo_manager_id: fo,
    membership: 'the_one',
    membership_start: '2025-01-01',
    membership_end: '2026-12-31',
    rating: 'Strategic',
  });
  await patchClient(t, w, w.boris, {
    office_id: dubai.id,
    membership: 'trial',
    membership_start: '2025-01-01',
    membership_end: '2025-12-31',
    rating: 'Basic',
  });
  await patchClient(t, w, carlaId, { office_id: london.id, fo_manager_id: fo, rating: 'Test period' });
  await patchClient(t, w, dmitriId, {
    office_id: dubai.id,
    fo_manager_id: fo,
    membership: 'invitation',
    rating: 'Basic',
  });
  const clients = {
    anna: {
      id: w.client.anna,
      name: 'Anna Karenina',
      archived: false,
      membership: 'the_one',
      membership_end: '2026-12-31',
      rating: 'Strategic',
      fo_manager: manager,
      office: london,
    },
    boris: {
      id: w.boris,
      name: 'Boris Godunov',
      archived: false,
      membership: 'trial',
      membership_end: '2025-12-31',
      rating: 'Basic',
      fo_manager: null,
      office: dubai,
    },
    carla: {
      id: carlaId,
      name: 'Carla Conti',
      archived: false,
      membership: null,
      membership_end: null,
      rating: 'Test period',
      fo_manager: manager,
      office: london,
    },
    dmitri: {
      id: dmitriId,
      name: 'Dmitri Orlov',
      archived: false,
      membership: 'invitation',
      membership_end: null,
      rating: 'Basic',
      fo_manager: manager,
      office: dubai,
    },
  } satisfies Record<string, BookClient>;

  const request = (client: number, company: number, lines: Array<Record<string, unknown>>) =>
    confirmedRequest(t, w, lines, { client_id: client, company_id: company });
  const gbp = (sell: string, cost: string, date: string) => ({
    sell,
    cost,
    sell_currency: 'GBP',
    cost_currency: 'GBP',
    date_from: date,
    date_to: date,
  });
  const eur = (sell: string, cost: string, date: string) => ({
    sell,
    cost,
    sell_currency: 'EUR',
    cost_currency: 'EUR',
    date_from: date,
    date_to: date,
  });
  const aed = (sell: string, cost: string, date: string) => ({
    sell,
    cost,
    sell_currency: 'AED',
    cost_currency: 'AED',
    date_from: date,
    date_to: date,
  });

  // Anna (BSLF, base GBP)
  const a1 = await request(clients.anna.id, BSLF, [
    gbp('1250.00', '1000.00', '2025-03-10'),
    gbp('640.50', '512.40', '2025-07-02'),
  ]);
  const invA1 = await issuedOn(t, w, a1, '2025-03-01');
  const billA1 = await billFor(t, w, a1.lines[0]!, '2025-07-15');
  const a2 = await request(clients.anna.id, BSLF, [
    eur('2000.00', '1500.00', '2025-05-05'),
    eur('900.00', '700.00', '2025-05-06'),
  ]);
  const invA2 = await issuedOn(t, w, a2, '2025-04-20');
  const cn = await creditNote(t, w, await getInvoice(t, w, invA2.id), { lines: [invA2.lines[1]!.id] });
  expect(cn.statusCode, cn.body).toBe(201);
  const cnA2 = cn.json().data as InvoiceRecord;
  const a3 = await request(clients.anna.id, BSLF, [gbp('300.00', '200.00', '2024-12-20')]);
  const invA3 = await issuedOn(t, w, a3, '2025-01-10');
  const a4 = await request(clients.anna.id, BSLF, [gbp('99.00', '50.00', '2025-04-01')]);
  const paid = await insertLine(t, {
    bank: w.bank.BSLF.GBP,
    date: '2025-09-01',
    amount: '500.00',
    counterparty: { kind: 'client', id: clients.anna.id },
  });
  await allocated(t, w, { transaction: paid, invoice: invA1.id, amount: '500.00' });

  // Boris (TPRO, base AED): AED and GBP invoices; an overpayment, partly used on the GBP one, partly refunded
  const b1 = await request(clients.boris.id, TPRO, [aed('10000.00', '8000.00', '2025-02-01')]);
  const invB1 = await issuedOn(t, w, b1, '2025-01-25');
  const b2 = await request(clients.boris.id, TPRO, [gbp('500.00', '700.00', '2025-11-30')]);
  const invB2 = await issuedOn(t, w, b2, '2025-11-05');
  const billB2 = await billFor(t, w, b2.lines[0]!, '2025-12-01');
  const over = await insertLine(t, {
    bank: w.bank.TPRO.GBP,
    type: 'RECEIVE-OVERPAYMENT',
    date: '2025-11-10',
    amount: '300.00',
    counterparty: { kind: 'client', id: clients.boris.id },
  });
  await allocated(t, w, { transaction: over, invoice: invB2.id, amount: '100.00' });
  await insertLine(t, {
    bank: w.bank.TPRO.GBP,
    type: 'SPEND',
    way: 'reduce',
    date: '2025-11-20',
    amount: '50.00',
    counterparty: { kind: 'client', id: clients.boris.id },
  });

  // Carla (BSLF): a loss
  const c1 = await request(clients.carla.id, BSLF, [gbp('100.00', '150.00', '2025-08-15')]);
  const invC1 = await issuedOn(t, w, c1, '2025-08-01');

  // Dmitri (TPRO): invoiced in 2025 for a departure in 2026
  const d1 = await request(clients.dmitri.id, TPRO, [aed('4000.00', '3000.00', '2026-02-10')]);
  const invD1 = await issuedOn(t, w, d1, '2025-12-20');

  // The expected ledger, line by line, from the documents as written
  const sets = await rateSets(t, w);
  const lines: BookLine[] = [];
  const bills = new Map<number, BillRecord>([
    [a1.lines[0]!.id, billA1],
    [b2.lines[0]!.id, billB2],
  ]);
  const requestLine = new Map(
    [...a1.lines, ...a2.lines, ...a3.lines, ...b1.lines, ...b2.lines, ...c1.lines, ...d1.lines].map((l) => [
      l.id,
      l,
    ]),
  );
  for (const inv of [invA1, invA2, cnA2, invA3, invB1, invB2, invC1, invD1]) {
    const set = sets.get(inv.rate_set_id)!;
    const sign = inv.kind === 'credit_note' ? -1 : 1;
    for (const l of inv.lines) {
      const rl = requestLine.get(l.line_id)!;
      const salesBase = round2(new D(l.amount).times(inv.rate));
      const bill = bills.get(l.line_id);
      let cost: Record<CurrencyCode, D>;
      if (bill) {
        const billBase = round2(new D(rl.cost).times(bill.rate)).times(sign);
        // the bill line's amount is the request line's cost when it was recorded
        cost = inEvery(sets.get(await billSetOf(t, bill.id))!, bill.base_currency, billBase, {
          currency: bill.currency,
          amount: new D(rl.cost).times(sign),
        });
      } else {
        const base = round2(
          new D(rl.cost).times(rateOf(set, rl.cost_currency, inv.base_currency, 'buy')),
        ).times(sign);
        cost = inEvery(set, inv.base_currency, base, {
          currency: rl.cost_currency,
          amount: new D(rl.cost).times(sign),
        });
      }
      lines.push({
        client: inv.client.id,
        request: l.request.id,
        invoiceDate: inv.issue_date,
        serviceDate: l.service_date_from ?? inv.issue_date,
        sales: inEvery(set, inv.base_currency, salesBase, {
          currency: inv.currency,
          amount: new D(l.amount),
        }),
        cost,
      });
    }
  }

  const open = new Map<number, Map<string, D>>();
  add(open, clients.anna.id, 'GBP', new D(invA1.total).minus('500.00'));
  add(open, clients.anna.id, 'EUR', new D(invA2.total).plus(cnA2.total)); // the note settles the invoice
  add(open, clients.anna.id, 'GBP', invA3.total);
  add(open, clients.boris.id, 'AED', invB1.total);
  add(open, clients.boris.id, 'GBP', new D(invB2.total).minus('100.00'));
  add(open, clients.carla.id, 'GBP', invC1.total);
  add(open, clients.dmitri.id, 'AED', invD1.total);
  const credit = new Map<number, Map<string, D>>();
  add(credit, clients.boris.id, 'GBP', new D('300.00').minus('100.00').minus('50.00'));

  return { w, clients, lines, open, credit, uninvoicedRequest: a4.id };
}

/** Whole months as the report reads them: the first day of the first, the last day of the last. */
export function periodDays(from: string, to: string): [string, string] {
  const [y, m] = to.split('-').map(Number) as [number, number];
  return [`${from}-01`, new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)];
}

const perCurrency = (m: Map<string, D> | undefined) =>
  RATE_CURRENCIES.filter((c) => m?.has(c) && !m.get(c)!.isZero()).map((c) => ({
    currency: c,
    amount: money(m!.get(c)!),
  }));

export interface Expected {
  rows: ClientsReportRow[];
  totals: {
    clients: number;
    requests: number;
    sales: string;
    cost: string;
    margin: string;
    margin_pct: string | null;
  };
}

const pct = (sales: D, margin: D) =>
  sales.isZero() ? null : margin.div(sales).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** The report for a period, basis and currency, over the clients `keep` lets through, in margin order. */
export function expectedReport(
  book: Book,
  o: {
    from: string;
    to: string;
    basis: 'service' | 'invoice';
    currency: CurrencyCode;
    keep?: (c: BookClient) => boolean;
  },
): Expected {
  const [start, end] = periodDays(o.from, o.to);
  const inPeriod = book.lines.filter((l) => {
    const day = o.basis === 'service' ? l.serviceDate : l.invoiceDate;
    return day >= start && day <= end;
  });
  const rows: ClientsReportRow[] = [];
  for (const c of Object.values(book.clients)) {
    if (o.keep && !o.keep(c)) continue;
    const mine = inPeriod.filter((l) => l.client === c.id);
    if (mine.length === 0) continue;
    const sales = mine.reduce((s, l) => s.plus(l.sales[o.currency]), new D(0));
    const cost = mine.reduce((s, l) => s.plus(l.cost[o.currency]), new D(0));
    const margin = sales.minus(cost);
    rows.push({
      client: { id: c.id, name: c.name },
      archived: c.archived,
      membership: c.membership as ClientsReportRow['membership'],
      membership_end: c.membership_end,
      rating: c.rating as ClientsReportRow['rating'],
      fo_manager: c.fo_manager,
      office: c.office,
      requests: new Set(mine.map((l) => l.request)).size,
      sales: money(sales),
      cost: money(cost),
      margin: money(margin),
      margin_pct: pct(sales, margin),
      open_balance: perCurrency(book.open.get(c.id)),
      credit: perCurrency(book.credit.get(c.id)),
    });
  }
  rows.sort((a, b) => new D(b.margin).comparedTo(a.margin) || a.client.id - b.client.id);
  const sales = rows.reduce((s, r) => s.plus(r.sales), new D(0));
  const cost = rows.reduce((s, r) => s.plus(r.cost), new D(0));
  return {
    rows,
    totals: {
      clients: rows.length,
      requests: rows.reduce((n, r) => n + r.requests, 0),
      sales: money(sales),
      cost: money(cost),
      margin: money(sales.minus(cost)),
      margin_pct: pct(sales, sales.minus(cost)),
    },
  };
}

/**
 * A small book of business made by hand through the API (requests, invoices in GBP, EUR, USD and
 * AED with their own due dates, a credit note, bills, vouchers, bank lines and allocations before
 * and after the as-of days), and the Debts report it must give, computed here from the documents
 * as written down, with decimal.js: the expected figures never come from the code under test.
 */
import {
  type BillRecord,
  DEBTS_BUCKETS,
  type DebtsBucket,
  type DebtsBuckets,
  type DebtsSide,
  findRate,
  type InvoiceRecord,
  type RateLike,
  type RequestRecord,
  type Voucher,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { multipart, pdfBytes } from '../accounting/bills.test-support.ts';
import { addDays } from '../accounting/invoices.deps.ts';
import {
  addIncomeBank,
  confirmedRequest,
  creditNote,
  getInvoice,
} from '../accounting/invoices.test-support.ts';
import {
  addClient,
  allocated,
  buildMatchingWorld,
  insertLine,
  type MatchingWorld,
  todayUtc,
} from '../banking/allocations.test-support.ts';

export interface Party {
  id: number;
  name: string;
  /** How the report orders it (last name first for a client, as the directory does). */
  sort: string;
}

/** A document as the test wrote it, and everything that settled it, dated. */
export interface BookDocument {
  side: DebtsSide;
  kind: 'invoice' | 'credit_note' | 'bill' | 'voucher';
  id: number;
  party: Party;
  company: number;
  currency: string;
  total: string;
  issue: string;
  due: string;
  /** Settlements (allocations, credit applied; negative on a credit note), by date. */
  settled: Array<{ date: string; amount: string }>;
  /** A voucher whose line got a bill: from this day the bill carries the debt. */
  billedOn?: string;
}

export interface Book {
  w: MatchingWorld;
  today: string;
  docs: BookDocument[];
  party: { anna: Party; boris: Party; carla: Party; dora: Party; ritz: Party; jets: Party };
  /** Dora's invoices due 31, 60, 61, 90 and 91 days before today: each bucket's edges. */
  edges: Array<{ days: number; id: number }>;
}

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const cents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

async function issuedOn(
  t: TestContext,
  w: MatchingWorld,
  r: RequestRecord,
  dates: { issue: string; due: string },
): Promise<InvoiceRecord> {
  const res = await t.request({
    method: 'POST',
    url: 'client-invoices/',
    token: w.token.Accountant,
    payload: { request: r.id, lines: r.lines.map((l) => l.id), issue_date: dates.issue, due_date: dates.due },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

let billSeq = 0;
async function billOf(
  t: TestContext,
  w: MatchingWorld,
  o: { supplier: number; lines: number[]; currency: string; amount: string; issue: string; due: string },
): Promise<BillRecord> {
  billSeq += 1;
  const res = await t.request({
    method: 'POST',
    url: 'supplier-invoices/',
    token: w.token.Accountant,
    ...multipart(
      {
        supplier: String(o.supplier),
        number: `DEBTS-${billSeq}`,
        issue_date: o.issue,
        due_date: o.due,
        currency: o.currency,
        amount: o.amount,
        lines: JSON.stringify(o.lines),
      },
      { name: 'bill.pdf', content: pdfBytes(`debts-bill-${billSeq}`) },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function vouchersOf(t: TestContext, w: MatchingWorld, request: number): Promise<Voucher[]> {
  const res = await t.request({
    method: 'GET',
    url: `payment-vouchers/?request=${request}&limit=100`,
    token: w.token.Accountant,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A bank line of that day matched to the document(s); `invoice_amount` across currencies is not used here. */
async function pay(
  t: TestContext,
  w: MatchingWorld,
  o: { bank: number; type: 'RECEIVE' | 'SPEND'; date: string; amount: string; doc: Record<string, number> },
) {
  const line = await insertLine(t, { bank: o.bank, type: o.type, date: o.date, amount: o.amount });
  await allocated(t, w, { transaction: line, amount: o.amount, ...o.doc });
}

/**
 * The book, relative to today (T): as-of days T − 20 and T show every bucket, a payment before and
 * one after T − 20, a document issued after it, an invoice paid after it, a credit note made today
 * on a part-paid invoice (part applied, the rest a negative open amount of the client), vouchers
 * (one part-paid, one whose line gets a bill after T − 20, paid with that bill).
 */
export async function buildDebtsBook(t: TestContext): Promise<Book> {
  const w = await buildMatchingWorld(t);
  const T = todayUtc();
  const day = (n: number) => addDays(T, n);
  // the only set is in force from long before the oldest document
  await t.database.db.execute(sql`update rate_sets set created_at = now() - interval '400 days'`);
  await addIncomeBank(t, w, w.company.BSLF, 'USD', 'GB12USDI00000000000001');
  const { BSLF, TPRO } = w.company;
  const carlaId = await addClient(t, w, 'Carla', 'Conti');
  const doraId = await addClient(t, w, 'Dora', 'Edge');
  const party = {
    anna: { id: w.client.anna, name: 'Anna Karenina', sort: 'karenina anna' },
    boris: { id: w.boris, name: 'Boris Godunov', sort: 'godunov boris' },
    carla: { id: carlaId, name: 'Carla Conti', sort: 'conti carla' },
    dora: { id: doraId, name: 'Dora Edge', sort: 'edge dora' },
    ritz: { id: w.supplier.ritz, name: 'The Ritz London', sort: 'the ritz london' },
    jets: { id: w.supplier.jets, name: 'Sky Jets', sort: 'sky jets' },
  };
  const docs: BookDocument[] = [];

  const invoice = async (
    who: Party,
    company: number,
    currency: string,
    sells: string[],
    issue: string,
    due: string,
  ) => {
    const r = await confirmedRequest(
      t,
      w,
      sells.map((sell) => ({ sell, sell_currency: currency })),
      { client_id: who.id, company_id: company },
    );
    const inv = await issuedOn(t, w, r, { issue, due });
    const doc: BookDocument = {
      side: 'clients',
      kind: 'invoice',
      id: inv.id,
      party: who,
      company,
      currency,
      total: inv.total,
      issue,
      due,
      settled: [],
    };
    docs.push(doc);
    return { inv, doc };
  };
  const received = async (doc: BookDocument, bank: number, date: string, amount: string) => {
    await pay(t, w, { bank, type: 'RECEIVE', date, amount, doc: { invoice: doc.id } });
    doc.settled.push({ date, amount });
  };

  // Anna, BSLF: GBP 90+ on both days; GBP part-paid before and after T − 20; EUR paid after T − 20
  await invoice(party.anna, BSLF, 'GBP', ['1000.00'], day(-150), day(-120));
  const a2 = await invoice(party.anna, BSLF, 'GBP', ['500.00'], day(-70), day(-50));
  await received(a2.doc, w.bank.BSLF.GBP, day(-30), '200.00');
  await received(a2.doc, w.bank.BSLF.GBP, day(-10), '100.00');
  const a3 = await invoice(party.anna, BSLF, 'EUR', ['800.00'], day(-100), day(-85));
  await received(a3.doc, w.bank.BSLF.EUR, day(-5), '800.00');
  // Boris, BSLF: USD moving from 0-30 to 31-60; GBP issued after T − 20, not yet due today
  await invoice(party.boris, BSLF, 'USD', ['700.00', '500.00'], day(-40), day(-35));
  await invoice(party.boris, BSLF, 'GBP', ['300.00'], day(-10), day(20));
  // Carla, TPRO: GBP part-paid before T − 20, then credited today beyond what was open; AED
  const c1 = await invoice(party.carla, TPRO, 'GBP', ['1500.00', '500.00'], day(-45), day(-40));
  await received(c1.doc, w.bank.TPRO.GBP, day(-30), '1800.00');
  const fresh = await getInvoice(t, w, c1.inv.id);
  const credited = await creditNote(t, w, fresh, { lines: [fresh.lines[1]!.id] });
  expect(credited.statusCode, credited.body).toBe(201);
  const note = credited.json().data as InvoiceRecord;
  // 200.00 of the 500.00 was open: applied today; the other 300.00 stays on the note, owed back
  c1.doc.settled.push({ date: note.issue_date, amount: '200.00' });
  docs.push({
    side: 'clients',
    kind: 'credit_note',
    id: note.id,
    party: party.carla,
    company: TPRO,
    currency: 'GBP',
    total: note.total,
    issue: note.issue_date,
    due: note.due_date,
    settled: [{ date: note.issue_date, amount: '-200.00' }],
  });
  await invoice(party.carla, TPRO, 'AED', ['4000.00'], day(-130), day(-100));
  // Dora, BSLF GBP: one invoice due on each side of each bucket's edge as of today
  const edges: Book['edges'] = [];
  for (const days of [31, 60, 61, 90, 91]) {
    const { inv } = await invoice(party.dora, BSLF, 'GBP', [`${days}.00`], day(-120), day(-days));
    edges.push({ days, id: inv.id });
  }

  // Suppliers (BSLF): a Ritz bill part-paid before T − 20 and paid off after; a Sky Jets EUR bill
  const supplierLines = await confirmedRequest(t, w, [
    { cost: '1000.00', cost_currency: 'GBP' },
    {
      cost: '300.00',
      cost_currency: 'GBP',
      deadlines: [{ type: 'Prepayment', due_date: day(-100), amount: '300.00' }],
    },
    {
      cost: '250.00',
      cost_currency: 'GBP',
      deadlines: [{ type: 'Final payment', due_date: day(-45), amount: '250.00' }],
    },
    { cost: '700.00', cost_currency: 'EUR', supplier_id: party.jets.id },
  ]);
  const [l1, l2, l3, l4] = supplierLines.lines;
  const bill = async (
    who: Party,
    lineId: number,
    currency: string,
    amount: string,
    issue: string,
    due: string,
  ) => {
    const b = await billOf(t, w, { supplier: who.id, lines: [lineId], currency, amount, issue, due });
    const doc: BookDocument = {
      side: 'suppliers',
      kind: 'bill',
      id: b.id,
      party: who,
      company: BSLF,
      currency,
      total: b.amount,
      issue,
      due,
      settled: [],
    };
    docs.push(doc);
    return { b, doc };
  };
  const b1 = await bill(party.ritz, l1!.id, 'GBP', '1000.00', day(-80), day(-70));
  await pay(t, w, {
    bank: w.bank.BSLF.GBP,
    type: 'SPEND',
    date: day(-25),
    amount: '400.00',
    doc: { bill: b1.b.id },
  });
  b1.doc.settled.push({ date: day(-25), amount: '400.00' });
  await pay(t, w, {
    bank: w.bank.BSLF.GBP,
    type: 'SPEND',
    date: day(-3),
    amount: '600.00',
    doc: { bill: b1.b.id },
  });
  b1.doc.settled.push({ date: day(-3), amount: '600.00' });
  await bill(party.jets, l4!.id, 'EUR', '700.00', day(-40), day(-35));

  // the vouchers were made with their deadlines, long ago
  const vouchers = await vouchersOf(t, w, supplierLines.id);
  const v1 = vouchers.find((v) => v.line.id === l2!.id)!;
  const v2 = vouchers.find((v) => v.line.id === l3!.id)!;
  await t.database.db.execute(
    sql`update payment_vouchers set created_at = case id when ${v1.id} then now() - interval '120 days'
        else now() - interval '60 days' end where id in (${v1.id}, ${v2.id})`,
  );
  const v1Doc: BookDocument = {
    side: 'suppliers',
    kind: 'voucher',
    id: v1.id,
    party: party.ritz,
    company: BSLF,
    currency: 'GBP',
    total: '300.00',
    issue: day(-120),
    due: day(-100),
    settled: [],
  };
  await pay(t, w, {
    bank: w.bank.BSLF.GBP,
    type: 'SPEND',
    date: day(-50),
    amount: '100.00',
    doc: { voucher: v1.id },
  });
  v1Doc.settled.push({ date: day(-50), amount: '100.00' });
  // v2's line is billed after T − 20; part of it paid as the voucher with its bill
  const b3 = await bill(party.ritz, l3!.id, 'GBP', '250.00', day(-10), day(20));
  const v2Doc: BookDocument = {
    side: 'suppliers',
    kind: 'voucher',
    id: v2.id,
    party: party.ritz,
    company: BSLF,
    currency: 'GBP',
    total: '250.00',
    issue: day(-60),
    due: day(-45),
    settled: [],
    billedOn: day(-10),
  };
  await pay(t, w, {
    bank: w.bank.BSLF.GBP,
    type: 'SPEND',
    date: day(-2),
    amount: '100.00',
    doc: { voucher: v2.id, bill: b3.b.id },
  });
  v2Doc.settled.push({ date: day(-2), amount: '100.00' });
  b3.doc.settled.push({ date: day(-2), amount: '100.00' });
  docs.push(v1Doc, v2Doc);
  return { w, today: T, docs, party, edges };
}

// ---- the report the book must give, computed from the documents above ----

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export function bucketOf(asOf: string, due: string): DebtsBucket {
  const days = dayNumber(asOf) - dayNumber(due);
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** Open on the day: the total less what settled it by then; null when not issued yet (or billed). */
export function openOn(doc: BookDocument, asOf: string): Decimal | null {
  if (doc.issue > asOf) return null;
  if (doc.billedOn !== undefined && doc.billedOn <= asOf) return null;
  const settled = doc.settled
    .filter((s) => s.date <= asOf)
    .reduce((sum, s) => sum.plus(s.amount), new Decimal(0));
  const open = new Decimal(doc.total).minus(settled);
  return open.isZero() ? null : open;
}

export interface ExpectedScope {
  side: DebtsSide;
  asOf: string;
  currency: string;
  company?: number;
  counterparty?: number;
}

const zeroBuckets = () =>
  Object.fromEntries(DEBTS_BUCKETS.map((b) => [b, new Decimal(0)])) as Record<DebtsBucket, Decimal>;
const asBuckets = (b: Record<DebtsBucket, Decimal>) =>
  Object.fromEntries(DEBTS_BUCKETS.map((k) => [k, money(b[k])])) as DebtsBuckets;

/** The documents of a scope open on its day, each with its open amount and bucket. */
export function openDocuments(book: Book, s: ExpectedScope) {
  return book.docs.flatMap((doc) => {
    if (doc.side !== s.side) return [];
    if (s.company !== undefined && doc.company !== s.company) return [];
    if (s.counterparty !== undefined && doc.party.id !== s.counterparty) return [];
    const open = openOn(doc, s.asOf);
    return open === null ? [] : [{ doc, open, bucket: bucketOf(s.asOf, doc.due) }];
  });
}

/**
 * The whole answer of `GET reports/debts/` for the scope: rows ordered by counterparty, totals per
 * currency, converted totals (each bucket rounded once, the total their sum), the top debts (ranked
 * on the exact converted total; buckets rounded, the total their sum), with the rates of `records`.
 */
export function expectedReport(book: Book, s: ExpectedScope, records: readonly RateLike[], setId: number) {
  const side = s.side === 'clients' ? 'sell' : 'buy';
  const rateOf = (c: string) => (c === s.currency ? '1' : findRate(records, c, s.currency, side)!.rate);
  const rows = new Map<string, { party: Party; currency: string; b: Record<DebtsBucket, Decimal> }>();
  for (const { doc, open, bucket } of openDocuments(book, s)) {
    const key = `${doc.party.id}|${doc.currency}`;
    const row = rows.get(key) ?? { party: doc.party, currency: doc.currency, b: zeroBuckets() };
    row.b[bucket] = row.b[bucket].plus(open);
    rows.set(key, row);
  }
  const ordered = [...rows.values()].sort(
    (x, y) =>
      x.party.sort.localeCompare(y.party.sort) ||
      x.party.id - y.party.id ||
      x.currency.localeCompare(y.currency),
  );
  const sum = (b: Record<DebtsBucket, Decimal>) =>
    DEBTS_BUCKETS.reduce((acc, k) => acc.plus(b[k]), new Decimal(0));
  const byCurrency = new Map<string, Record<DebtsBucket, Decimal>>();
  for (const r of ordered) {
    const b = byCurrency.get(r.currency) ?? zeroBuckets();
    for (const k of DEBTS_BUCKETS) b[k] = b[k].plus(r.b[k]);
    byCurrency.set(r.currency, b);
  }
  const currencies = ['GBP', 'USD', 'EUR', 'AED'].filter((c) => byCurrency.has(c));
  const converted = (pick: (b: Record<DebtsBucket, Decimal>) => Decimal) =>
    cents(currencies.reduce((acc, c) => acc.plus(pick(byCurrency.get(c)!).times(rateOf(c))), new Decimal(0)));
  const convertedBuckets = Object.fromEntries(
    DEBTS_BUCKETS.map((k) => [k, converted((b) => b[k])]),
  ) as Record<DebtsBucket, Decimal>;
  const perParty = new Map<number, { party: Party; b: Record<DebtsBucket, Decimal> }>();
  for (const r of ordered) {
    const p = perParty.get(r.party.id) ?? { party: r.party, b: zeroBuckets() };
    for (const k of DEBTS_BUCKETS) p.b[k] = p.b[k].plus(r.b[k].times(rateOf(r.currency)));
    perParty.set(r.party.id, p);
  }
  const top = [...perParty.values()]
    .sort((x, y) => sum(y.b).comparedTo(sum(x.b)) || x.party.id - y.party.id)
    .slice(0, 10)
    .map((p) => {
      const rounded = Object.fromEntries(DEBTS_BUCKETS.map((k) => [k, cents(p.b[k])])) as Record<
        DebtsBucket,
        Decimal
      >;
      return {
        counterparty: { id: p.party.id, name: p.party.name },
        buckets: asBuckets(rounded),
        total: money(sum(rounded)),
      };
    });
  return {
    side: s.side,
    as_of: s.asOf,
    currency: s.currency,
    rows: ordered.map((r) => ({
      counterparty: { id: r.party.id, name: r.party.name },
      currency: r.currency,
      buckets: asBuckets(r.b),
      total: money(sum(r.b)),
      total_converted: money(cents(sum(r.b).times(rateOf(r.currency)))),
    })),
    meta: { total: ordered.length, limit: 20, offset: 0 },
    totals: {
      by_currency: currencies.map((c) => ({
        currency: c,
        buckets: asBuckets(byCurrency.get(c)!),
        total: money(sum(byCurrency.get(c)!)),
        rate: new Decimal(rateOf(c)).toFixed(6),
      })),
      converted: { buckets: asBuckets(convertedBuckets), total: money(sum(convertedBuckets)) },
    },
    rate_set: { id: setId, created_at: expect.any(String) },
    missing_rates: [],
    top,
  };
}

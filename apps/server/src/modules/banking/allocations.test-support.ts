/**
 * What the matching tests build on: the invoices' world (rate set, Income accounts, clients),
 * bank accounts in every currency the tests pay in, documents made through the API (invoices,
 * bills with their file, vouchers from deadlines), bank lines inserted as rows (the transactions
 * API is another area's; the columns are those it writes), and one snapshot of everything
 * matching moves, to prove that a refusal writes nothing and an unmatch restores.
 */
import type { Allocation, BillRecord, InvoiceRecord, RequestRecord, Voucher } from '@app/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, queryRows } from '../../db/client.ts';
import type { TestContext } from '../../test/harness.ts';
import { multipart, pdfBytes } from '../accounting/bills.test-support.ts';
import {
  buildInvoicesWorld,
  confirmedRequest,
  type InvoicesWorld,
} from '../accounting/invoices.test-support.ts';
import { hotelLine } from '../requests/requests.test-support.ts';
import { transactionSearchColumns } from './transaction-search.ts';
import { carriesMatchedMarker } from './transactions.rules.ts';

export interface MatchingWorld extends InvoicesWorld {
  /** Bank accounts by company and currency: `bank.BSLF.GBP`. */
  bank: { BSLF: Record<'GBP' | 'EUR' | 'USD', number>; TPRO: Record<'AED' | 'GBP' | 'USD', number> };
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);
export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function post(t: TestContext, token: string, url: string, payload: unknown): Promise<{ id: number }> {
  const res = await t.request({ method: 'POST', url, token, payload: payload as never });
  expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  return res.json().data;
}

let accounts = 0;
/** An account of the company in the currency, with an account number of its own. */
export async function addBank(
  t: TestContext,
  w: InvoicesWorld,
  company: number,
  currency: string,
  type = 'Outcome',
) {
  accounts += 1;
  return (
    await post(t, w.token.Accountant, 'banks/', {
      company_id: company,
      bank_name: 'Barclays',
      account_name: 'Operating',
      account_number: `GB00TEST${String(accounts).padStart(6, '0')}${currency}`,
      currency,
      type,
    })
  ).id;
}

async function bankOf(t: TestContext, company: number, currency: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from banks where company_id = ${company} and currency = ${currency} order by id limit 1`,
  );
  return row!.id;
}

export async function buildMatchingWorld(t: TestContext): Promise<MatchingWorld> {
  const w = await buildInvoicesWorld(t);
  const { BSLF, TPRO } = w.company;
  const bank = {
    BSLF: {
      GBP: await bankOf(t, BSLF, 'GBP'),
      EUR: await bankOf(t, BSLF, 'EUR'),
      USD: await addBank(t, w, BSLF, 'USD'),
    },
    TPRO: {
      AED: await bankOf(t, TPRO, 'AED'),
      GBP: await bankOf(t, TPRO, 'GBP'),
      USD: await addBank(t, w, TPRO, 'USD'),
    },
  };
  return { ...w, bank };
}

export interface LineInput {
  bank: number;
  type?: string;
  way?: string;
  date?: string;
  amount: string;
  counterparty?: { kind: 'client' | 'supplier'; id: number } | null;
  reference?: string | null;
}

/**
 * A bank line as the transactions service writes it (its currency is its account's; a transfer
 * leg or a refund of credit carries the matched marker, allocated = amount).
 */
export async function insertLine(
  t: TestContext,
  line: LineInput,
  ex: Executor = t.database.db,
): Promise<number> {
  const [bank] = await queryRows<{ currency: string }>(
    ex,
    sql`select currency from banks where id = ${line.bank}`,
  );
  const search = transactionSearchColumns({
    reference: line.reference ?? null,
    counterpartyName: null,
    amount: line.amount,
  });
  const words = sql`array[${sql.join(
    search.reference_words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  const marked = carriesMatchedMarker({
    type: line.type ?? 'RECEIVE',
    way: line.way ?? 'pay',
    counterparty_kind: line.counterparty?.kind ?? null,
  });
  const [row] = await queryRows<{ id: number }>(
    ex,
    sql`insert into bank_transactions (bank_id, currency, type, way, date, amount, counterparty_kind,
          counterparty_id, reference, reference_words, search_vector, allocated_amount)
        values (${line.bank}, ${bank!.currency}, ${line.type ?? 'RECEIVE'}, ${line.way ?? 'pay'},
          ${line.date ?? todayUtc()}, ${line.amount}, ${line.counterparty?.kind ?? null},
          ${line.counterparty?.id ?? null}, ${line.reference ?? null},
          ${search.reference_words.length ? words : sql`'{}'::text[]`}, ${search.search_vector}::tsvector,
          ${marked ? line.amount : '0'})
        returning id`,
  );
  return row!.id;
}

/** One Confirmed hotel line per entry on a new request, then one invoice per line. */
export async function invoicesFor(
  t: TestContext,
  w: MatchingWorld,
  sells: string[],
  over: { client?: number; company?: number; currency?: string; region?: number } = {},
): Promise<InvoiceRecord[]> {
  const currency = over.currency ?? 'GBP';
  const r = await confirmedRequest(
    t,
    w,
    sells.map((sell) => ({ sell, sell_currency: currency })),
    {
      ...(over.client && { client_id: over.client }),
      ...(over.company && { company_id: over.company }),
      ...(over.region && { region_id: over.region }),
    },
  );
  return invoicePerLine(t, w, r);
}

/** One invoice per line of the request (201 expected), in line order. */
export async function invoicePerLine(
  t: TestContext,
  w: MatchingWorld,
  r: { id: number; lines: Array<{ id: number }> },
): Promise<InvoiceRecord[]> {
  const invoices: InvoiceRecord[] = [];
  for (const line of r.lines) {
    const res = await t.request({
      method: 'POST',
      url: 'client-invoices/',
      token: w.token.Accountant,
      payload: { request: r.id, lines: [line.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    invoices.push(res.json().data);
  }
  return invoices;
}

/** A new client (201 expected); its id. */
export async function addClient(t: TestContext, w: MatchingWorld, firstName: string, lastName: string) {
  const res = await t.request({
    method: 'POST',
    url: 'clients/',
    token: w.token.Admin,
    payload: { first_name: firstName, last_name: lastName },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

let billNumbers = 0;
/** A request with one Confirmed Ritz line (its deadlines make vouchers) and, when `billed`, a bill for its cost. */
export async function supplierDocuments(
  t: TestContext,
  w: MatchingWorld,
  o: {
    cost?: string;
    deadlines?: Array<{ type: string; due_date: string; amount: string }>;
    billed?: boolean;
  } = {},
): Promise<{ request: RequestRecord; bill: BillRecord | null; vouchers: Voucher[] }> {
  const cost = o.cost ?? '1000.00';
  const request = await confirmedRequest(t, w, [
    { cost, cost_currency: 'GBP', deadlines: o.deadlines ?? [] },
  ]);
  let bill: BillRecord | null = null;
  if (o.billed ?? true) {
    billNumbers += 1;
    const res = await t.request({
      method: 'POST',
      url: 'supplier-invoices/',
      token: w.token.Accountant,
      ...multipart(
        {
          supplier: String(w.supplier.ritz),
          number: `RITZ-${billNumbers}`,
          issue_date: todayUtc(),
          currency: 'GBP',
          amount: cost,
          lines: JSON.stringify([request.lines[0]!.id]),
        },
        { name: 'bill.pdf', content: pdfBytes(`bill-${billNumbers}`) },
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    bill = res.json().data;
  }
  const list = await t.request({
    method: 'GET',
    url: `payment-vouchers/?request=${request.id}&limit=100`,
    token: w.token.Accountant,
  });
  return { request, bill, vouchers: list.json().data };
}

export { hotelLine };

export type Who = 'Admin' | 'Accountant' | 'FO' | 'BO';

export const allocate = (
  t: TestContext,
  w: MatchingWorld,
  body: Record<string, unknown>,
  who: Who = 'Accountant',
) => t.request({ method: 'POST', url: 'allocations/', token: w.token[who], payload: body as never });

/** Allocates and answers the allocation (201 expected). */
export async function allocated(
  t: TestContext,
  w: MatchingWorld,
  body: Record<string, unknown>,
): Promise<Allocation> {
  const res = await allocate(t, w, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export const unmatch = (t: TestContext, w: MatchingWorld, id: number, who: Who = 'Accountant') =>
  t.request({ method: 'DELETE', url: `allocations/${id}/`, token: w.token[who] });

/** The first rule error of a 400: `{code, detail}`. */
export function ruleOf(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { errors: Array<{ code: string; detail: string }> }).errors[0]!;
}

/**
 * Everything matching moves, money and status by row: the lines, the documents, their register
 * rows, the allocations and the history. `versions` adds the rows' versions (a refusal leaves
 * them too; an unmatch raises them, as every write does).
 */
export async function matchingState(t: TestContext, o: { versions?: boolean; audit?: boolean } = {}) {
  const v = o.versions ?? true;
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select
      (select coalesce(string_agg(id || ':' || allocated_amount || ':' || match_status ${v ? sql.raw(`|| ':' || version`) : sql``}, ',' order by id), '') from bank_transactions) as transactions,
      (select coalesce(string_agg(id || ':' || settled_amount || ':' || payment_status ${v ? sql.raw(`|| ':' || version`) : sql``}, ',' order by id), '') from client_invoices) as invoices,
      (select coalesce(string_agg(id || ':' || settled_amount || ':' || payment_status ${v ? sql.raw(`|| ':' || version`) : sql``}, ',' order by id), '') from supplier_invoices) as bills,
      (select coalesce(string_agg(id || ':' || settled_amount || ':' || status ${v ? sql.raw(`|| ':' || version`) : sql``}, ',' order by id), '') from payment_vouchers) as vouchers,
      (select coalesce(string_agg(doc_kind || doc_id || ':' || settled_amount || ':' || open_amount || ':' || payment_status, ',' order by doc_kind, doc_id), '') from document_register) as register,
      (select coalesce(sum(count), 0)::text || ':' || coalesce(sum(open), 0)::text from (
         select count, open from document_register_sums union all select count, open from document_register_deltas) s) as register_totals,
      (select count(*)::int from allocations) as allocations
      ${o.audit === false ? sql`` : sql`, (select count(*)::int from audit_log) as audit`}`,
  );
  return row!;
}

/**
 * Rows that break matching's invariants, counted over the whole database: a line allocated beyond
 * its amount or other than its allocations add up to (a transfer leg or a refund: other than its
 * amount, the matched marker, with no allocations); a document settled beyond its total or
 * other than its allocations (and, an invoice, its credit applications) add up to. All zero.
 */
/** `carriesMatchedMarker` in SQL: a transfer leg, or a refund of credit (money out, way reduce, to a client). */
const MARKED = sql.raw(
  `(t.type like '%-TRANSFER' or (t.type not like 'RECEIVE%' and t.way = 'reduce' and t.counterparty_kind = 'client'))`,
);

export async function brokenRows(t: TestContext) {
  const [row] = await queryRows<{ lines: number; invoices: number; bills: number; vouchers: number }>(
    t.database.db,
    sql`select
      (select count(*)::int from bank_transactions t where allocated_amount < 0 or allocated_amount > amount
         or allocated_amount <> case when ${MARKED} then amount
           else coalesce((select sum(amount) from allocations a where a.transaction_id = t.id), 0) end
         or (${MARKED} and exists (select 1 from allocations a where a.transaction_id = t.id))) as lines,
      (select count(*)::int from client_invoices i where abs(settled_amount) > abs(total) or settled_amount <>
         coalesce((select sum(document_amount) from allocations a where a.invoice_id = i.id), 0)
         + coalesce((select sum(amount) from credit_applications c where c.invoice_id = i.id), 0)
         - coalesce((select sum(amount) from credit_applications c where c.credit_note_id = i.id), 0)) as invoices,
      (select count(*)::int from supplier_invoices s where settled_amount > amount or settled_amount <>
         coalesce((select sum(document_amount) from allocations a where a.bill_id = s.id), 0)) as bills,
      (select count(*)::int from payment_vouchers v where settled_amount > amount or settled_amount <>
         coalesce((select sum(document_amount) from allocations a where a.voucher_id = v.id), 0)) as vouchers`,
  );
  return row!;
}

/**
 * Documents for the register's tests, written straight into their tables (the issuing and bill
 * services are tested on their own) and synced as those services do, in one transaction each.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, queryRows } from '../../db/client.ts';
import { searchVector, sortKey } from '../../platform/full-text-search.ts';
import type { TestContext } from '../../test/harness.ts';
import {
  buildWorld,
  hotelLine,
  postRates,
  type RequestsWorld,
  requestBody,
} from '../requests/requests.test-support.ts';
import { supplierInvoiceLines, supplierInvoices } from './bills.table.ts';
import { clientInvoiceLines, clientInvoices } from './invoices.table.ts';
import { registerRepository } from './register.repository.ts';

/** `today` ± days, as a UTC date. */
export function day(offset: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offset));
  return d.toISOString().slice(0, 10);
}

export interface RegisterWorld extends RequestsWorld {
  rateSet: number;
  /** A second client whose name carries an accent. */
  emile: number;
  /** Requests with one line each (id, number, line id), by name. */
  request: Record<
    'annaBslf' | 'annaTpro' | 'emile' | 'ritz' | 'jets',
    { id: number; number: string; line: number }
  >;
}

async function postRequest(
  t: TestContext,
  w: RequestsWorld,
  over: Record<string, unknown>,
  line: Record<string, unknown> = {},
): Promise<{ id: number; number: string; line: number }> {
  const res = await t.request({
    method: 'POST',
    url: 'requests/',
    token: w.token.Admin,
    payload: requestBody(w, { ...over, lines: [hotelLine(w, line)] }) as never,
  });
  expect(res.statusCode, res.body).toBe(201);
  const r = res.json().data as { id: number; number: string; lines: Array<{ id: number }> };
  return { id: r.id, number: r.number, line: r.lines[0]!.id };
}

export async function buildRegisterWorld(t: TestContext): Promise<RegisterWorld> {
  const w = await buildWorld(t);
  const rateSet = (await postRates(t, w)).id;
  const res = await t.request({
    method: 'POST',
    url: 'clients/',
    token: w.token.Admin,
    payload: { first_name: 'Émile', last_name: 'Zola' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const emile = res.json().data.id as number;
  const request = {
    annaBslf: await postRequest(t, w, {}),
    annaTpro: await postRequest(t, w, { company_id: w.company.TPRO }),
    emile: await postRequest(t, w, { client_id: emile }),
    ritz: await postRequest(t, w, {}),
    jets: await postRequest(t, w, { company_id: w.company.TPRO }, { supplier_id: w.supplier.jets }),
  };
  return { ...w, rateSet, emile, request };
}

export interface InvoiceInput {
  kind?: 'invoice' | 'credit_note';
  number: string;
  company: number;
  client: number;
  request: { id: number; line: number };
  credits?: number;
  currency: string;
  issue: string;
  due: string;
  total: string;
  settled?: string;
  sent?: boolean;
}

let seq = 0;

/** An issued invoice (or credit note) with one line, and its register row. */
export async function insertInvoice(ex: Executor, w: RegisterWorld, d: InvoiceInput): Promise<number> {
  seq += 1;
  const [row] = await ex
    .insert(clientInvoices)
    .values({
      kind: d.kind ?? 'invoice',
      number: d.number,
      company_id: d.company,
      year: Number(d.issue.slice(0, 4)),
      seq,
      client_id: d.client,
      request_id: d.request.id,
      credits_invoice_id: d.credits ?? null,
      currency: d.currency,
      issue_date: d.issue,
      due_date: d.due,
      total: d.total,
      base_currency: 'GBP',
      rate_set_id: w.rateSet,
      rate: '1',
      total_base: d.total,
      settled_amount: d.settled ?? '0',
      sent_at: d.sent ? new Date() : null,
      sent_to: d.sent ? 'client@example.com' : null,
      bill_to: {},
      seller: {},
    })
    .returning({ id: clientInvoices.id });
  const id = row!.id;
  await ex.insert(clientInvoiceLines).values({
    invoice_id: id,
    position: 1,
    line_id: d.request.line,
    request_id: d.request.id,
    account_type: 'Toms EU',
    description: 'Hotel',
    amount: d.total,
  });
  await registerRepository.syncInvoice(ex, id);
  return id;
}

export interface BillInput {
  number: string;
  company: number;
  supplier: number;
  request: { id: number; line: number };
  currency: string;
  issue: string;
  due: string;
  amount: string;
  settled?: string;
}

/** A recorded bill with one line, and its register row. */
export async function insertBill(ex: Executor, w: RegisterWorld, d: BillInput): Promise<number> {
  const [row] = await ex
    .insert(supplierInvoices)
    .values({
      supplier_id: d.supplier,
      company_id: d.company,
      number: d.number,
      issue_date: d.issue,
      due_date: d.due,
      currency: d.currency,
      amount: d.amount,
      lines_cost: d.amount,
      base_currency: 'GBP',
      rate_set_id: w.rateSet,
      rate: '1',
      amount_base: d.amount,
      settled_amount: d.settled ?? '0',
      file_path: 'bills/2026/01/x.pdf',
      file_name: 'x.pdf',
      file_type: 'pdf',
      file_size: 1,
      file_sha256: '0'.repeat(64),
    })
    .returning({ id: supplierInvoices.id });
  const id = row!.id;
  await ex
    .insert(supplierInvoiceLines)
    .values({ bill_id: id, line_id: d.request.line, request_id: d.request.id, amount: d.amount });
  await registerRepository.syncBill(ex, id);
  return id;
}

interface SourceRow {
  doc_kind: string;
  doc_id: number;
  company_id: number;
  counterparty_kind: string;
  counterparty_id: number;
  counterparty_name: string;
  number: string;
  issue_date: string;
  due_date: string;
  currency: string;
  total: string;
  settled_amount: string;
  open_amount: string;
  payment_status: string;
  sent: boolean | null;
}

/**
 * Decision 0010's guard of the duplicated columns: every register row equals the row recomputed
 * from its document (client invoice, credit note or bill), with nothing missing and nothing extra.
 * Written apart from `registerRepository` (one set query, request numbers and words in code), so
 * a writer that forgets a sync or copies a column wrongly fails it.
 */
export async function expectRegisterConsistent(ex: Executor): Promise<number> {
  const sources = await queryRows<SourceRow>(
    ex,
    sql`select i.kind as doc_kind, i.id as doc_id, i.company_id, 'client' as counterparty_kind,
          i.client_id as counterparty_id, c.first_name || ' ' || c.last_name as counterparty_name, i.number,
          i.issue_date::text as issue_date, i.due_date::text as due_date, i.currency, i.total::text as total,
          i.settled_amount::text as settled_amount, i.open_amount::text as open_amount, i.payment_status,
          i.sent_at is not null as sent
        from client_invoices i join clients c on c.id = i.client_id
        union all
        select 'bill', b.id, b.company_id, 'supplier', b.supplier_id, s.name, b.number,
          b.issue_date::text, b.due_date::text, b.currency, b.amount::text, b.settled_amount::text,
          b.open_amount::text, b.payment_status, null
        from supplier_invoices b join suppliers s on s.id = b.supplier_id`,
  );
  const lines = await queryRows<{ doc_kind: string; doc_id: number; number: string }>(
    ex,
    sql`select i.kind as doc_kind, l.invoice_id as doc_id, r.number
          from client_invoice_lines l join client_invoices i on i.id = l.invoice_id join requests r on r.id = l.request_id
        union all
        select 'bill', l.bill_id, r.number from supplier_invoice_lines l join requests r on r.id = l.request_id`,
  );
  const requestNumbers = new Map<string, Set<string>>();
  for (const l of lines) {
    const key = `${l.doc_kind}:${l.doc_id}`;
    requestNumbers.set(key, (requestNumbers.get(key) ?? new Set()).add(l.number));
  }
  const stored = await queryRows<SourceRow & { counterparty_sort: string; request_numbers: string }>(
    ex,
    sql`select doc_kind, doc_id, company_id, counterparty_kind, counterparty_id, counterparty_name,
          counterparty_sort, number, request_numbers, issue_date::text as issue_date, due_date::text as due_date,
          currency, total::text as total, settled_amount::text as settled_amount,
          open_amount::text as open_amount, payment_status, sent
        from document_register`,
  );
  const key = (r: { doc_kind: string; doc_id: number }) => `${r.doc_kind}:${r.doc_id}`;
  const expected = sources.map((s) => {
    const numbers = [...(requestNumbers.get(key(s)) ?? [])].sort().join(', ');
    return {
      ...s,
      counterparty_name: s.counterparty_name.slice(0, 220),
      counterparty_sort: sortKey(s.counterparty_name).slice(0, 220),
      request_numbers: numbers,
      vector: searchVector(
        [s.number, s.counterparty_name, numbers],
        [s.number, ...(numbers ? numbers.split(', ') : [])].map((n) => n.toLowerCase()),
      ),
    };
  });
  const byKey = (a: { doc_kind: string; doc_id: number }, b: { doc_kind: string; doc_id: number }) =>
    key(a).localeCompare(key(b));
  expect(stored.sort(byKey)).toEqual(expected.map(({ vector: _v, ...row }) => row).sort(byKey));
  // The words: the stored vector equals the one made from the document's own text.
  for (const e of expected) {
    const [same] = await queryRows<{ ok: boolean }>(
      ex,
      sql`select search_vector = ${e.vector}::tsvector as ok from document_register
          where doc_kind = ${e.doc_kind} and doc_id = ${e.doc_id}`,
    );
    expect(same?.ok, `search words of ${key(e)}`).toBe(true);
  }
  // The totals' buckets: sums + deltas equal the register summed per bucket.
  const bucket =
    sql.raw(`currency, doc_kind, company_id, payment_status, sending, issue_month::text as issue_month,
    due_month::text as due_month`);
  const kept = await queryRows<Record<string, string | number>>(
    ex,
    sql`select ${bucket}, sum(count)::int as count, round(sum(total), 2)::text as total,
          round(sum(open), 2)::text as open
        from (select * from document_register_sums union all
              select currency, doc_kind, company_id, payment_status, sending, issue_month, due_month, count, total, open
              from document_register_deltas) b
        group by 1, 2, 3, 4, 5, 6, 7 having sum(count) <> 0 or sum(total) <> 0 or sum(open) <> 0
        order by 1, 2, 3, 4, 5, 6, 7`,
  );
  const summed = await queryRows<Record<string, string | number>>(
    ex,
    sql`select currency, doc_kind, company_id, payment_status,
          case when sent then 'Sent' when not sent then 'Not sent' else '' end as sending,
          to_char(issue_date, 'YYYY-MM-01') as issue_month, to_char(due_date, 'YYYY-MM-01') as due_month,
          count(*)::int as count, round(sum(total), 2)::text as total, round(sum(open_amount), 2)::text as open
        from document_register group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`,
  );
  expect(kept, 'sums + deltas per bucket').toEqual(summed);
  return stored.length;
}

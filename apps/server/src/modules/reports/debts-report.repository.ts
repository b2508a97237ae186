import type { DebtsBucket, DebtsSide } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * Debts as of a day D (decision 0012), in SQL. A document's open amount on D is its total less the
 * allocations dated on or before D and the credit applied on or before D, for documents issued by
 * D. Settlement only grows with later payments, so: open on D = open now + what was allocated (or
 * credited) after D. The report sums those parts per counterparty and currency: the register's
 * open rows (indexed), plus the allocations dated after D (few when D is recent) and the credit
 * applied after D, each joined to its document. Vouchers come from their own table, only those
 * made by D of a line without a bill issued by D (once billed, the bill carries the debt).
 *
 * A credit application is dated by its credit note's issue date: the note is made, dated today
 * and applied in one transaction, so the two are the same day, in the same clock as the documents.
 * A note's credit that found nothing open stays on it: a negative open amount of the client.
 */
export interface DebtsScope {
  side: DebtsSide;
  asOf: string;
  company?: number | undefined;
  counterparty?: number | undefined;
  /** The cell's document currency (the drill-down). */
  currency?: string | undefined;
}

export interface DebtsRate {
  currency: string;
  rate: string;
}

export type DebtsOrdering = 'counterparty' | '-counterparty' | 'total_converted' | '-total_converted';

export interface DebtsQuery extends DebtsScope {
  /** Rates to the chosen currency of the document currencies that have one. */
  rates: readonly DebtsRate[];
  ordering: DebtsOrdering;
  /** The page; the export asks for its bound from 0. */
  limit: number;
  offset: number;
  top: number;
}

/** One line of the report's answer; `part` says which: a row of the page, a currency's total, a top debt, the count. */
export interface DebtsResultRow {
  part: 'row' | 'currency' | 'top' | 'count';
  seq: number;
  counterparty_id: number | null;
  name: string | null;
  currency: string | null;
  b1: string | null;
  b2: string | null;
  b3: string | null;
  b4: string | null;
  total: string | null;
  total_converted: string | null;
}

export interface DebtsDocumentRow {
  kind: 'invoice' | 'credit_note' | 'bill' | 'voucher';
  id: number;
  number: string | null;
  /** A voucher's type and request: its label. */
  voucher_type: string | null;
  request_id: number | null;
  request_number: string | null;
  issue_date: string;
  due_date: string;
  days_overdue: number;
  total: string;
  open: string;
}

/** `YYYY-MM-DD` less whole days, in UTC. */
function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * Each bucket as a condition on a due date: its days past due on D (0-30 includes not yet due),
 * written as bounds on the date, which costs half of subtracting dates on every row.
 */
function bucketConditions(asOf: string, due: SQL): Record<DebtsBucket, SQL> {
  const [d30, d60, d90] = [30, 60, 90].map((n) => sql`${daysBefore(asOf, n)}::date`);
  return {
    '0-30': sql`${due} >= ${d30}`,
    '31-60': sql`${due} < ${d30} and ${due} >= ${d60}`,
    '61-90': sql`${due} < ${d60} and ${due} >= ${d90}`,
    '90+': sql`${due} < ${d90}`,
  };
}

const optional = (value: number | string | undefined, condition: (v: number | string) => SQL) =>
  value === undefined ? sql`` : sql`and ${condition(value)}`;

const KIND: Record<DebtsSide, string> = { clients: 'client', suppliers: 'supplier' };

/** The register's conditions of a scope (alias `r`); the kind lets a counterparty use its index. */
function registerFilter(s: DebtsScope): SQL {
  return sql`${optional(s.company, (v) => sql`r.company_id = ${v}`)}
    ${optional(s.counterparty, (v) => sql`r.counterparty_kind = ${KIND[s.side]} and r.counterparty_id = ${v}`)}
    ${optional(s.currency, (v) => sql`r.currency = ${v}`)}`;
}

/**
 * The register row of one document, probed by its key for each allocation after D: joined plainly,
 * PostgreSQL scanned the register into a hash, which costs more than the few allocations after a
 * recent D (`offset 0` keeps the probe from being flattened back into that join).
 */
const registerOf = (kind: SQL, id: SQL) =>
  sql`(select * from document_register r where r.doc_kind = ${kind} and r.doc_id = ${id} offset 0)`;

/**
 * `parts`: what makes up each open amount on D, one row per part (the document's `kind` and `id`,
 * its counterparty, currency and due date, and `amount`): an open document's open amount now,
 * plus each allocation dated after D and each credit applied after D to a document issued by D.
 * A document's parts sum to its open amount on D; no part is zero, and a document that was open
 * on D keeps a non-zero sum (settlement only grows), so summing parts per counterparty gives the
 * report without a per-document step. `detail` adds what the drill-down lists.
 */
function partsOpenOn(s: DebtsScope, detail: boolean): SQL {
  const d = sql`${s.asOf}::date`;
  const rd = detail
    ? sql`, r.number, null::text as voucher_type, null::int as request_id, null::text as request_number,
        r.issue_date, r.total`
    : sql``;
  const r = (amount: SQL) =>
    sql`r.doc_kind as kind, r.doc_id as id, r.counterparty_id, r.currency, r.due_date, ${amount} as amount ${rd}`;
  const issued = sql`r.issue_date <= ${d} ${registerFilter(s)}`;

  if (s.side === 'clients')
    return sql`parts as (
      select ${r(sql`r.open_amount`)}
        from document_register r
        where r.doc_kind in ('invoice', 'credit_note') and r.payment_status <> 'Paid' and ${issued}
      union all
      select ${r(sql`a.document_amount`)}
        from allocations a cross join lateral ${registerOf(sql`'invoice'`, sql`a.invoice_id`)} r
        where a.invoice_id is not null and a.date > ${d} and ${issued}
      union all
      select ${r(sql`ca.amount`)}
        from document_register n join credit_applications ca on ca.credit_note_id = n.doc_id
          join document_register r on r.doc_kind = 'invoice' and r.doc_id = ca.invoice_id
        where n.doc_kind = 'credit_note' and n.issue_date > ${d} and ${issued}
    )`;

  const vd = detail
    ? sql`, null::text as number, v.type as voucher_type, v.request_id, rq.number as request_number,
        (v.created_at at time zone 'UTC')::date as issue_date, v.amount as total`
    : sql``;
  const v = (amount: SQL) =>
    sql`'voucher' as kind, v.id, v.supplier_id as counterparty_id, v.currency, v.due_date, ${amount} as amount ${vd}`;
  const vj = detail ? sql`join requests rq on rq.id = v.request_id` : sql``;
  // made by D, and its line not billed by D (from then on the bill carries the debt)
  const voucherOn = sql`v.created_at < (${d} + 1)::timestamp at time zone 'UTC'
    ${optional(s.company, (x) => sql`v.company_id = ${x}`)}
    ${optional(s.counterparty, (x) => sql`v.supplier_id = ${x}`)}
    ${optional(s.currency, (x) => sql`v.currency = ${x}`)}
    and (b.issue_date is null or b.issue_date > ${d})`;
  // A line has at most one bill line (supplier_invoice_lines_line_key): probed per voucher, where a
  // `not exists` made PostgreSQL hash every bill line with its bill (decision 0012, bench/README).
  const billOf = sql`left join lateral (select sb.issue_date from supplier_invoice_lines sl
      join supplier_invoices sb on sb.id = sl.bill_id where sl.line_id = v.line_id limit 1) b on true`;
  return sql`parts as (
      select ${r(sql`r.open_amount`)}
        from document_register r
        where r.doc_kind = 'bill' and r.payment_status <> 'Paid' and ${issued}
      union all
      select ${r(sql`a.document_amount`)}
        from allocations a cross join lateral ${registerOf(sql`'bill'`, sql`a.bill_id`)} r
        where a.bill_id is not null and a.date > ${d} and ${issued}
      union all
      select ${v(sql`v.amount - v.settled_amount`)}
        from payment_vouchers v ${vj} ${billOf}
        where v.status in ('Inactive', 'Active') and ${voucherOn}
      union all
      select ${v(sql`a.document_amount`)}
        from allocations a join payment_vouchers v on v.id = a.voucher_id ${vj} ${billOf}
        where a.voucher_id is not null and a.date > ${d} and ${voucherOn}
    )`;
}

const COUNTERPARTIES: Record<DebtsSide, { names: SQL }> = {
  clients: {
    names: sql`select id, first_name || ' ' || last_name as name, sort_name as sort from clients`,
  },
  suppliers: { names: sql`select id, name, name_key as sort from suppliers` },
};

/** The rows' order, on the columns of a relation aliased `a` (the page's, or its source). */
function orderOf(ordering: DebtsOrdering, a: string): SQL {
  const c = (column: string) => sql.raw(`${a}.${column}`);
  switch (ordering) {
    case 'counterparty':
      return sql`${c('sort')}, ${c('counterparty_id')}, ${c('currency')}`;
    case '-counterparty':
      return sql`${c('sort')} desc, ${c('counterparty_id')} desc, ${c('currency')} desc`;
    case 'total_converted':
      return sql`${c('total_converted')} nulls last, ${c('sort')}, ${c('counterparty_id')}, ${c('currency')}`;
    case '-total_converted':
      return sql`${c('total_converted')} desc nulls last, ${c('sort')}, ${c('counterparty_id')}, ${c('currency')}`;
  }
}

function ratesTable(rates: readonly DebtsRate[]): SQL {
  if (rates.length === 0) return sql`select null::text as currency, null::numeric as rate where false`;
  return sql`values ${sql.join(
    rates.map((r) => sql`(${r.currency}::text, ${r.rate}::numeric)`),
    sql`, `,
  )}`;
}

/**
 * The report in one statement: the parts open on D summed per counterparty and currency into the
 * four buckets, then in one answer the page of rows (named, with the
 * total in the chosen currency), the totals per document currency, the largest debts in the
 * chosen currency (ranked on the total, their buckets converted for those few only) and the count
 * of rows. Exported as is for the bench's raw-SQL timing.
 */
export function debtsReportSql(q: DebtsQuery): SQL {
  const bucket = bucketConditions(q.asOf, sql`due_date`);
  const page = sql`limit ${q.limit} offset ${q.offset}`;
  const text = (v: SQL) => sql`(${v})::text`;
  const names = COUNTERPARTIES[q.side].names;
  return sql`with ${partsOpenOn(q, false)},
    grouped as materialized (
      select counterparty_id, currency,
          coalesce(sum(amount) filter (where ${bucket['0-30']}), 0) as b1,
          coalesce(sum(amount) filter (where ${bucket['31-60']}), 0) as b2,
          coalesce(sum(amount) filter (where ${bucket['61-90']}), 0) as b3,
          coalesce(sum(amount) filter (where ${bucket['90+']}), 0) as b4,
          sum(amount) as total
        from parts
        group by counterparty_id, currency
    ), rates (currency, rate) as (${ratesTable(q.rates)}),
    page as (
      select s.* from (
        select g.*, round(g.total * x.rate, 2) as total_converted, n.sort
          from grouped g join (${names}) n on n.id = g.counterparty_id
          left join rates x on x.currency = g.currency
      ) s order by ${orderOf(q.ordering, 's')} ${page}
    ), top as (
      select g.counterparty_id, sum(g.total * x.rate) as converted
        from grouped g join rates x on x.currency = g.currency
        group by g.counterparty_id
        order by converted desc, g.counterparty_id limit ${q.top}
    )
    select 'row' as part, (row_number() over (order by ${orderOf(q.ordering, 'p')}))::int as seq, p.counterparty_id,
        n.name, p.currency, ${text(sql`p.b1`)} as b1, ${text(sql`p.b2`)} as b2, ${text(sql`p.b3`)} as b3,
        ${text(sql`p.b4`)} as b4, ${text(sql`p.total`)} as total, ${text(sql`p.total_converted`)} as total_converted
      from page p join (${names}) n on n.id = p.counterparty_id
    union all
    select 'currency', 0, null, null, currency, ${text(sql`sum(b1)`)}, ${text(sql`sum(b2)`)}, ${text(sql`sum(b3)`)},
        ${text(sql`sum(b4)`)}, ${text(sql`sum(total)`)}, null
      from grouped group by currency
    union all
    select 'top', (row_number() over (order by min(t.converted) desc, t.counterparty_id))::int, t.counterparty_id,
        min(n.name), null, ${text(sql`round(sum(g.b1 * x.rate), 2)`)}, ${text(sql`round(sum(g.b2 * x.rate), 2)`)},
        ${text(sql`round(sum(g.b3 * x.rate), 2)`)}, ${text(sql`round(sum(g.b4 * x.rate), 2)`)},
        ${text(sql`round(min(t.converted), 2)`)}, null
      from top t join grouped g on g.counterparty_id = t.counterparty_id
        join rates x on x.currency = g.currency join (${names}) n on n.id = t.counterparty_id
      group by t.counterparty_id
    union all
    select 'count', (select count(*)::int from grouped), null, null, null, null, null, null, null, null, null`;
}

/** The documents of one cell: a counterparty, a document currency, a bucket. */
function cellSql(
  s: DebtsScope & { bucket: DebtsBucket },
  page: { limit: number; offset: number } | null,
): SQL {
  const docs = sql`docs as (
      select d.kind, d.id, d.number, d.voucher_type, d.request_id, d.request_number, d.issue_date, d.due_date,
          d.total, sum(d.amount) as open
        from parts d where ${bucketConditions(s.asOf, sql`d.due_date`)[s.bucket]}
        group by d.kind, d.id, d.number, d.voucher_type, d.request_id, d.request_number, d.issue_date, d.due_date, d.total
    )`;
  if (page === null)
    return sql`with ${partsOpenOn(s, true)}, ${docs} select count(*)::int as n from docs where open <> 0`;
  return sql`with ${partsOpenOn(s, true)}, ${docs}
    select kind, id, number, voucher_type, request_id, request_number, issue_date::text as issue_date,
        due_date::text as due_date, (${s.asOf}::date - due_date)::int as days_overdue, total::text as total,
        open::text as open
      from docs where open <> 0
      order by due_date, issue_date, kind, id
      limit ${page.limit} offset ${page.offset}`;
}

export const debtsReportRepository = {
  /** Exactly the route's query (the bench times it raw). */
  report(ex: Executor, q: DebtsQuery): Promise<DebtsResultRow[]> {
    return queryRows<DebtsResultRow>(ex, debtsReportSql(q));
  },

  async cell(
    ex: Executor,
    s: DebtsScope & { bucket: DebtsBucket },
    page: { limit: number; offset: number },
  ): Promise<{ rows: DebtsDocumentRow[]; total: number }> {
    const rows = await queryRows<DebtsDocumentRow>(ex, cellSql(s, page));
    const [count] = await queryRows<{ n: number }>(ex, cellSql(s, null));
    return { rows, total: count?.n ?? 0 };
  },
};

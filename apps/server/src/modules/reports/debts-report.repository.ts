import type { DebtsBucket, DebtsSide } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * Debts as of a day D (decision 0012), in SQL. A document's open amount on D is its total less the
 * allocations dated on or before D and the credit applied on or before D. Settled amounts only
 * grow with later payments, so: open on D = open now + what was allocated (or credited) after D.
 * Open documents come from the register's open rows; documents paid since come back through the
 * allocations dated after D (few when D is recent). Vouchers are read from their own table: only
 * those of a line without a bill issued by D (once billed, the bill carries the debt).
 *
 * A credit application is dated by its credit note's issue date: the note is made, dated today
 * and applied in one transaction, so the two are the same day, in the same clock as the documents.
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
  /** Null: every row (the export). */
  limit: number | null;
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

const BUCKET_DAYS: Record<DebtsBucket, [number | null, number | null]> = {
  '0-30': [null, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, null],
};

/** The bucket a document falls in: its days past due on D. */
function inBucket(asOf: string, bucket: DebtsBucket): SQL {
  const days = sql`(${asOf}::date - d.due_date)`;
  const [from, to] = BUCKET_DAYS[bucket];
  if (from === null) return sql`${days} <= ${to}`;
  if (to === null) return sql`${days} >= ${from}`;
  return sql`${days} between ${from} and ${to}`;
}

const optional = (value: number | string | undefined, condition: (v: number | string) => SQL) =>
  value === undefined ? sql`` : sql`and ${condition(value)}`;

/** The register's conditions of a scope (alias `r`). */
function registerFilter(s: DebtsScope): SQL {
  return sql`${optional(s.company, (v) => sql`r.company_id = ${v}`)}
    ${optional(s.counterparty, (v) => sql`r.counterparty_id = ${v}`)}
    ${optional(s.currency, (v) => sql`r.currency = ${v}`)}`;
}

/**
 * `back` and `docs`: every document open on D with its open amount (`open`, possibly zero: the
 * callers drop those). `detail` adds what the drill-down lists.
 */
function documentsOpenOn(s: DebtsScope, detail: boolean): SQL {
  const d = sql`${s.asOf}::date`;
  const registerDetail = detail
    ? sql`, r.number, null::text as voucher_type, null::int as request_id, null::text as request_number,
        r.issue_date, r.total`
    : sql``;
  const fromRegister = (kinds: SQL, backKind: string) => sql`
    select r.doc_kind as kind, r.doc_id as id, r.counterparty_id, r.currency, r.due_date,
        r.open_amount + coalesce(b.amount, 0) as open ${registerDetail}
      from document_register r left join back b on r.doc_kind = ${backKind} and b.doc_id = r.doc_id
      where r.doc_kind in (${kinds}) and r.payment_status <> 'Paid' and r.issue_date <= ${d}
        ${registerFilter(s)}
    union all
    select r.doc_kind, r.doc_id, r.counterparty_id, r.currency, r.due_date, b.amount ${registerDetail}
      from back b join document_register r on r.doc_kind = ${backKind} and r.doc_id = b.doc_id
      where r.payment_status = 'Paid' and r.issue_date <= ${d} ${registerFilter(s)}`;

  if (s.side === 'clients')
    return sql`back as (
      select doc_id, sum(amount) as amount from (
        select a.invoice_id as doc_id, a.document_amount as amount
          from allocations a where a.invoice_id is not null and a.date > ${d}
        union all
        select ca.invoice_id, ca.amount
          from document_register n join credit_applications ca on ca.credit_note_id = n.doc_id
          where n.doc_kind = 'credit_note' and n.issue_date > ${d}
      ) x group by doc_id
    ), docs as (${fromRegister(sql`'invoice', 'credit_note'`, 'invoice')})`;

  const voucherDetail = detail
    ? sql`, null::text as number, v.type as voucher_type, v.request_id, rq.number as request_number,
        (v.created_at at time zone 'UTC')::date as issue_date, v.amount as total`
    : sql``;
  const voucherJoin = detail ? sql`join requests rq on rq.id = v.request_id` : sql``;
  const voucherFilter = sql`${optional(s.company, (v) => sql`v.company_id = ${v}`)}
    ${optional(s.counterparty, (v) => sql`v.supplier_id = ${v}`)}
    ${optional(s.currency, (v) => sql`v.currency = ${v}`)}
    and v.created_at < (${d} + 1)::timestamp at time zone 'UTC'
    and not exists (select 1 from supplier_invoice_lines sl join supplier_invoices sb on sb.id = sl.bill_id
      where sl.line_id = v.line_id and sb.issue_date <= ${d})`;
  return sql`back as (
      select a.bill_id as doc_id, sum(a.document_amount) as amount
        from allocations a where a.bill_id is not null and a.date > ${d} group by a.bill_id
    ), voucher_back as (
      select a.voucher_id, sum(a.document_amount) as amount
        from allocations a where a.voucher_id is not null and a.date > ${d} group by a.voucher_id
    ), docs as (
      ${fromRegister(sql`'bill'`, 'bill')}
      union all
      select 'voucher', v.id, v.supplier_id, v.currency, v.due_date,
          v.amount - v.settled_amount + coalesce(vb.amount, 0) ${voucherDetail}
        from payment_vouchers v left join voucher_back vb on vb.voucher_id = v.id ${voucherJoin}
        where v.status in ('Inactive', 'Active') ${voucherFilter}
      union all
      select 'voucher', v.id, v.supplier_id, v.currency, v.due_date, vb.amount ${voucherDetail}
        from voucher_back vb join payment_vouchers v on v.id = vb.voucher_id ${voucherJoin}
        where v.status = 'Paid' ${voucherFilter}
    )`;
}

const COUNTERPARTIES: Record<DebtsSide, { names: SQL }> = {
  clients: {
    names: sql`select id, first_name || ' ' || last_name as name, sort_name as sort from clients`,
  },
  suppliers: { names: sql`select id, name, name_key as sort from suppliers` },
};

const ORDER: Record<DebtsOrdering, SQL> = {
  counterparty: sql`sort, counterparty_id, currency`,
  '-counterparty': sql`sort desc, counterparty_id desc, currency desc`,
  total_converted: sql`total_converted nulls last, sort, counterparty_id, currency`,
  '-total_converted': sql`total_converted desc nulls last, sort, counterparty_id, currency`,
};

function ratesTable(rates: readonly DebtsRate[]): SQL {
  if (rates.length === 0) return sql`select null::text as currency, null::numeric as rate where false`;
  return sql`values ${sql.join(
    rates.map((r) => sql`(${r.currency}::text, ${r.rate}::numeric)`),
    sql`, `,
  )}`;
}

/**
 * The report in one statement: the documents open on D grouped per counterparty and currency
 * into the four buckets, then in one answer the page of rows (named, with the total in the chosen
 * currency), the totals per document currency, the largest debts in the chosen currency and the
 * count of rows. Exported as is for the bench's raw-SQL timing.
 */
export function debtsReportSql(q: DebtsQuery): SQL {
  const d = sql`${q.asOf}::date`;
  const days = sql`(${d} - due_date)`;
  const page = q.limit === null ? sql`` : sql`limit ${q.limit} offset ${q.offset}`;
  const money = (v: SQL) => sql`(${v})::text`;
  return sql`with ${documentsOpenOn(q, false)},
    grouped as (
      select counterparty_id, currency,
          coalesce(sum(open) filter (where ${days} <= 30), 0) as b1,
          coalesce(sum(open) filter (where ${days} between 31 and 60), 0) as b2,
          coalesce(sum(open) filter (where ${days} between 61 and 90), 0) as b3,
          coalesce(sum(open) filter (where ${days} > 90), 0) as b4,
          sum(open) as total
        from docs where open <> 0
        group by counterparty_id, currency
    ), rates (currency, rate) as (${ratesTable(q.rates)}),
    named as (
      select g.*, x.rate, round(g.total * x.rate, 2) as total_converted, n.name, n.sort
        from grouped g join (${COUNTERPARTIES[q.side].names}) n on n.id = g.counterparty_id
        left join rates x on x.currency = g.currency
    )
    select 'row' as part, seq, counterparty_id, name, currency, ${money(sql`b1`)} as b1, ${money(sql`b2`)} as b2,
        ${money(sql`b3`)} as b3, ${money(sql`b4`)} as b4, ${money(sql`total`)} as total,
        ${money(sql`total_converted`)} as total_converted
      from (select named.*, row_number() over (order by ${ORDER[q.ordering]})::int as seq
              from named order by ${ORDER[q.ordering]} ${page}) p
    union all
    select 'currency', 0, null, null, currency, ${money(sql`sum(b1)`)}, ${money(sql`sum(b2)`)}, ${money(sql`sum(b3)`)},
        ${money(sql`sum(b4)`)}, ${money(sql`sum(total)`)}, null
      from grouped group by currency
    union all
    select 'top', seq, counterparty_id, name, null, ${money(sql`b1`)}, ${money(sql`b2`)}, ${money(sql`b3`)},
        ${money(sql`b4`)}, ${money(sql`total`)}, null
      from (select counterparty_id, min(name) as name, round(sum(b1 * rate), 2) as b1, round(sum(b2 * rate), 2) as b2,
              round(sum(b3 * rate), 2) as b3, round(sum(b4 * rate), 2) as b4, round(sum(total * rate), 2) as total,
              row_number() over (order by sum(total * rate) desc, min(sort), counterparty_id)::int as seq
            from named where rate is not null group by counterparty_id
            order by seq limit ${q.top}) t
    union all
    select 'count', (select count(*)::int from grouped), null, null, null, null, null, null, null, null, null`;
}

/** The documents of one cell: a counterparty, a document currency, a bucket. */
function cellSql(
  s: DebtsScope & { bucket: DebtsBucket },
  page: { limit: number; offset: number } | null,
): SQL {
  const where = sql`d.open <> 0 and ${inBucket(s.asOf, s.bucket)}`;
  if (page === null)
    return sql`with ${documentsOpenOn(s, false)} select count(*)::int as n from docs d where ${where}`;
  return sql`with ${documentsOpenOn(s, true)}
    select d.kind, d.id, d.number, d.voucher_type, d.request_id, d.request_number,
        d.issue_date::text as issue_date, d.due_date::text as due_date, (${s.asOf}::date - d.due_date)::int as days_overdue,
        d.total::text as total, d.open::text as open
      from docs d where ${where}
      order by d.due_date, d.issue_date, d.kind, d.id
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

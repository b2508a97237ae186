import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { prefixQuery } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { type RegisterFilter, registerConditions } from './register-list.repository.ts';

export interface CurrencyTotalRow {
  currency: string;
  count: number;
  total: string;
  open: string;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const d = new Date(`${monthStart(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const isMonthStart = (day: string) => day.endsWith('-01');
const isMonthEnd = (day: string) => isMonthStart(addDays(day, 1));

/** The sums answer filters on a bucket's dimensions and date bounds; names and words need the rows. */
const bucketable = (f: RegisterFilter) =>
  prefixQuery(f.search) === null && !f.client && !f.supplier && !f.extra && f.overdue !== false;

/** The latest due date a filter lets through (inclusive): `due_before`, and yesterday when overdue. */
function dueBound(f: RegisterFilter): string | undefined {
  const bounds = [f.due_before, f.overdue ? addDays(f.today, -1) : undefined].filter(
    (d): d is string => d !== undefined,
  );
  return bounds.sort()[0];
}

/** The filter's dimensions, on the columns sums and deltas share. */
function bucketConditions(f: RegisterFilter): Array<SQL | undefined> {
  const status = f.status;
  return [
    f.kind ? sql`doc_kind = ${f.kind}` : undefined,
    f.kinds?.length
      ? sql`doc_kind in (${sql.join(
          f.kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : undefined,
    status === 'Sent' || status === 'Not sent' ? sql`sending = ${status}` : undefined,
    status && status !== 'Sent' && status !== 'Not sent' ? sql`payment_status = ${status}` : undefined,
    f.overdue ? sql`payment_status <> 'Paid'` : undefined,
    f.company ? sql`company_id = ${f.company}` : undefined,
    f.currency ? sql`currency = ${f.currency}` : undefined,
  ];
}

/**
 * A date bound splits the buckets of its month: buckets of months wholly inside every bound are
 * summed, and the rows of a month a bound cuts are read from the register (with the whole filter).
 * Every row is in exactly one of the two parts.
 */
function monthSplit(f: RegisterFilter): { whole: Array<SQL | undefined>; cut: SQL | undefined } {
  const after = f.issue_date_after;
  const before = f.issue_date_before;
  const due = dueBound(f);
  const whole = [
    after ? sql`issue_month >= ${isMonthStart(after) ? after : nextMonth(after)}` : undefined,
    before ? sql`issue_month < ${isMonthEnd(before) ? nextMonth(before) : monthStart(before)}` : undefined,
    due ? sql`due_month < ${isMonthEnd(due) ? nextMonth(due) : monthStart(due)}` : undefined,
  ];
  const cuts = [
    after && !isMonthStart(after) ? sql`issue_date < ${nextMonth(after)}` : undefined,
    before && !isMonthEnd(before) ? sql`issue_date >= ${monthStart(before)}` : undefined,
    due && !isMonthEnd(due) ? sql`due_date >= ${monthStart(due)}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return { whole, cut: cuts.length ? sql`(${sql.join(cuts, sql` or `)})` : undefined };
}

const BUCKETS =
  sql.raw(`select currency, doc_kind, company_id, payment_status, sending, issue_month, due_month,
    count, total, open from document_register_sums
  union all select currency, doc_kind, company_id, payment_status, sending, issue_month, due_month,
    count, total, open from document_register_deltas`);

const registerPart = (where: SQL | undefined) =>
  sql`select currency, count(*)::int as count, sum(total) as total, sum(open_amount) as open
      from document_register ${where ? sql`where ${where}` : sql``} group by currency`;

/** Per currency: count, total, open of the filter's matches, from the sums where they answer it. */
function partsOf(f: RegisterFilter): SQL {
  if (!bucketable(f)) return registerPart(registerConditions(f));
  const split = monthSplit(f);
  const where = allOf([...bucketConditions(f), ...split.whole]);
  const parts = sql`select currency, sum(count)::int as count, sum(total) as total, sum(open) as open
    from (${BUCKETS}) b ${where ? sql`where ${where}` : sql``} group by currency`;
  return split.cut
    ? sql`${parts} union all ${registerPart(allOf([registerConditions(f), split.cut]))}`
    : parts;
}

const negated = (parts: SQL) =>
  sql`select currency, -count as count, -total as total, -open as open from (${parts}) n`;

/** Count, total and open amount per currency of every match; sums in NUMERIC, answered as text. */
export const registerTotalsRepository = {
  async totals(ex: Executor, f: RegisterFilter): Promise<CurrencyTotalRow[]> {
    const all = { ...f, overdue: undefined };
    // Not overdue = everything minus the overdue: two answers from the sums, not a scan of the register.
    const parts =
      f.overdue === false && bucketable(all)
        ? sql`${partsOf(all)} union all ${negated(partsOf({ ...f, overdue: true }))}`
        : partsOf(f);
    return queryRows<CurrencyTotalRow>(
      ex,
      sql`select currency, sum(count)::int as count, round(sum(total), 2)::text as total,
            round(sum(open), 2)::text as open
          from (${parts}) p group by currency having sum(count) > 0 order by currency`,
    );
  },

  /**
   * The exact number of matches when the sums alone answer it (the filter's dimensions, bounds on
   * whole months), else null. A few thousand bucket rows, however many documents match: the list's
   * total without counting sparse matches in the register (company + Not sent, say).
   */
  async count(ex: Executor, f: RegisterFilter): Promise<number | null> {
    if (!bucketable(f)) return null;
    const split = monthSplit(f);
    if (split.cut) return null;
    const where = allOf([...bucketConditions(f), ...split.whole]);
    const [row] = await queryRows<{ n: number }>(
      ex,
      sql`select coalesce(sum(count), 0)::int as n from (${BUCKETS}) b ${where ? sql`where ${where}` : sql``}`,
    );
    return Number(row?.n ?? 0);
  },

  /** How many deltas wait to be folded into the sums, counting at most `cap + 1`. */
  async pendingDeltas(ex: Executor, cap: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from (select 1 from document_register_deltas limit ${cap + 1}) d`,
    );
    return Number(row?.n ?? 0);
  },
};

import { Decimal } from 'decimal.js';
import { asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { clients } from '../directory/clients.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { regions } from '../rates/regions.table.ts';
import { bo, clientName, fo } from './requests.name-columns.ts';
import { lineDeadlines, requestLines, requests } from './requests.table.ts';

export type DeadlineRow = typeof lineDeadlines.$inferSelect;

export interface DeadlineFilter {
  due_before?: string | undefined;
  overdue?: boolean | undefined;
  request?: number | undefined;
  region?: number | undefined;
  manager?: number | undefined;
  today: string;
  desc: boolean;
  by: 'due_date' | 'amount';
}

export interface DeadlineListRow {
  deadline: DeadlineRow;
  currency: string;
  line_status: string | null;
  service_type: string;
  request_number: string;
  supplier_id: number | null;
  supplier_name: string | null;
  client_id: number;
  client_name: string;
  fo_manager_id: number | null;
  fo_name: string | null;
  bo_manager_id: number | null;
  bo_name: string | null;
  region_id: number;
  office_title: string;
  office_ccy: string;
}

export interface DeadlineValues {
  type: string;
  due_date: string;
  amount: string;
}

const sameDeadline = (a: DeadlineValues, b: DeadlineValues) =>
  a.type === b.type && a.due_date === b.due_date && new Decimal(a.amount).equals(b.amount);

/**
 * The diff of a line's deadlines (`current` in the line's order) to `next`: unchanged ones keep
 * their rows, the rest pair with the remaining rows by position; what has no row is inserted and
 * rows without a deadline are removed. Rows that would not change are left out of `update`.
 */
export function planDeadlines(
  current: ReadonlyArray<DeadlineValues & { id: number }>,
  next: ReadonlyArray<DeadlineValues>,
): {
  update: Array<{ id: number; values: DeadlineValues }>;
  insert: DeadlineValues[];
  remove: number[];
} {
  const free = [...current];
  const kept = next.map((d) => {
    const i = free.findIndex((row) => sameDeadline(row, d));
    return i === -1 ? null : free.splice(i, 1)[0]!;
  });
  const update: Array<{ id: number; values: DeadlineValues }> = [];
  const insert: DeadlineValues[] = [];
  next.forEach((d, i) => {
    if (kept[i]) return;
    const row = free.shift();
    if (row) update.push({ id: row.id, values: d });
    else insert.push(d);
  });
  return { update, insert, remove: free.map((row) => row.id) };
}

function deadlineConditions(f: DeadlineFilter): SQL | undefined {
  const overdue = sql`(${lineDeadlines.due_date} < ${f.today} and ${requestLines.status} is distinct from 'Canceled')`;
  return allOf([
    isNull(requests.canceled_at),
    // a canceled line's payments will not be made: the list, like the request page, leaves them out
    sql`${requestLines.status} is distinct from 'Canceled'`,
    f.due_before ? sql`${lineDeadlines.due_date} <= ${f.due_before}` : undefined,
    f.overdue === true ? overdue : f.overdue === false ? sql`not ${overdue}` : undefined,
    f.request ? eq(lineDeadlines.request_id, f.request) : undefined,
    f.region ? eq(requests.region_id, f.region) : undefined,
    f.manager ? or(eq(requests.fo_manager_id, f.manager), eq(requests.bo_manager_id, f.manager)) : undefined,
  ]);
}

/** The deadlines of a line (its payment schedule) and the deadline payments list. */
export const deadlinesRepository = {
  /**
   * Writes a line's deadlines as a diff, so each keeps its row id (and its payment voucher follows
   * it, decision 0010): a deadline given unchanged keeps its row wherever it now stands; the others
   * pair with the remaining rows by position (in the line's order: due date, then id) and update
   * them in place; extra ones are inserted and rows left over deleted.
   */
  async writeDeadlines(
    ex: Executor,
    line: { id: number; request_id: number },
    deadlines: ReadonlyArray<DeadlineValues>,
  ): Promise<void> {
    const plan = planDeadlines(await deadlinesRepository.deadlinesOfLine(ex, line.id), deadlines);
    for (const { id, values } of plan.update)
      await ex
        .update(lineDeadlines)
        .set({ type: values.type, due_date: values.due_date, amount: values.amount })
        .where(eq(lineDeadlines.id, id));
    if (plan.insert.length)
      await ex.insert(lineDeadlines).values(
        plan.insert.map((d) => ({
          type: d.type,
          due_date: d.due_date,
          amount: d.amount,
          line_id: line.id,
          request_id: line.request_id,
        })),
      );
    if (plan.remove.length) await ex.delete(lineDeadlines).where(inArray(lineDeadlines.id, plan.remove));
  },

  async deadlinesOfRequest(ex: Executor, requestId: number): Promise<DeadlineRow[]> {
    return ex
      .select()
      .from(lineDeadlines)
      .where(eq(lineDeadlines.request_id, requestId))
      .orderBy(asc(lineDeadlines.due_date), asc(lineDeadlines.id));
  },

  async deadlinesOfLine(ex: Executor, lineId: number): Promise<DeadlineRow[]> {
    return ex
      .select()
      .from(lineDeadlines)
      .where(eq(lineDeadlines.line_id, lineId))
      .orderBy(asc(lineDeadlines.due_date), asc(lineDeadlines.id));
  },

  async deadlinesPage(
    ex: Executor,
    f: DeadlineFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: DeadlineListRow[]; total: number }> {
    const where = deadlineConditions(f);
    const key = f.by === 'amount' ? lineDeadlines.amount : lineDeadlines.due_date;
    const dir = f.desc ? sql.raw('desc') : sql.raw('asc');
    const base = ex
      .select({
        deadline: lineDeadlines,
        currency: requestLines.cost_currency,
        line_status: requestLines.status,
        service_type: requestLines.service_type,
        request_number: requests.number,
        supplier_id: requestLines.supplier_id,
        supplier_name: suppliers.name,
        client_id: requests.client_id,
        client_name: clientName,
        fo_manager_id: requests.fo_manager_id,
        fo_name: fo.name,
        bo_manager_id: requests.bo_manager_id,
        bo_name: bo.name,
        region_id: requests.region_id,
        office_title: regions.title,
        office_ccy: regions.ccy,
      })
      .from(lineDeadlines)
      .innerJoin(requestLines, eq(requestLines.id, lineDeadlines.line_id))
      .innerJoin(requests, eq(requests.id, lineDeadlines.request_id))
      .innerJoin(clients, eq(clients.id, requests.client_id))
      .leftJoin(suppliers, eq(suppliers.id, requestLines.supplier_id))
      .leftJoin(fo, eq(fo.id, requests.fo_manager_id))
      .leftJoin(bo, eq(bo.id, requests.bo_manager_id))
      .innerJoin(regions, eq(regions.id, requests.region_id));
    const [rows, totals] = await Promise.all([
      base
        .where(where)
        .orderBy(sql`${key} ${dir}`, sql`${lineDeadlines.id} ${dir}`)
        .limit(limit)
        .offset(offset),
      queryRows<{ n: number }>(
        ex,
        sql`select count(*)::int as n from ${lineDeadlines}
          join ${requestLines} on ${requestLines.id} = ${lineDeadlines.line_id}
          join ${requests} on ${requests.id} = ${lineDeadlines.request_id}
          ${where ? sql`where ${where}` : sql``}`,
      ),
    ]);
    return { rows: rows as DeadlineListRow[], total: Number(totals[0]?.n ?? 0) };
  },
};

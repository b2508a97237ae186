import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { lineDeadlines, requestLines, requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { paymentVouchers } from './vouchers.table.ts';

export type VoucherRow = typeof paymentVouchers.$inferSelect;
export type VoucherInsert = typeof paymentVouchers.$inferInsert;

/** The vouchers a write of deadlines touches: one line's, or a whole request's. */
export type VoucherScope = { line: number } | { request: number };

/** A deadline with what its voucher copies from the line and the request. */
export interface VoucherSource {
  deadline_id: number;
  line_id: number;
  request_id: number;
  type: string;
  due_date: string;
  amount: string;
  /** The line's cost currency. */
  currency: string;
  supplier_id: number | null;
  company_id: number;
  line_status: string | null;
  request_canceled: boolean;
}

/** A voucher with the names the API shows beside it. */
export interface VoucherView extends VoucherRow {
  supplier_name: string;
  company_code: string;
  company_name: string;
  request_number: string;
  service_type: string;
  line_status: string | null;
  approver_name: string | null;
}

export interface VoucherFilter {
  status?: string | undefined;
  supplier?: number | undefined;
  company?: number | undefined;
  request?: number | undefined;
  currency?: string | undefined;
  due_before?: string | undefined;
  due_after?: string | undefined;
  overdue?: boolean | undefined;
  /** `due=this_week`: the last day (this ISO week's Sunday). */
  due_by?: string | undefined;
  today: string;
  ordering: string;
}

export interface VoucherGroupRow {
  supplier_id: number;
  supplier_name: string;
  currency: string;
  count: number;
  amount: string;
}

/** The vouchers of the scope. */
const voucherScope = (s: VoucherScope) =>
  'line' in s ? eq(paymentVouchers.line_id, s.line) : eq(paymentVouchers.request_id, s.request);
/** The deadlines of the scope. */
const deadlineScope = (s: VoucherScope) =>
  'line' in s ? eq(lineDeadlines.line_id, s.line) : eq(lineDeadlines.request_id, s.request);

const notPaid = ne(paymentVouchers.status, 'Paid');

function conditions(f: VoucherFilter): SQL | undefined {
  const overdue = and(sql`${paymentVouchers.due_date} < ${f.today}`, notPaid);
  return allOf([
    f.status ? eq(paymentVouchers.status, f.status) : undefined,
    f.supplier ? eq(paymentVouchers.supplier_id, f.supplier) : undefined,
    f.company ? eq(paymentVouchers.company_id, f.company) : undefined,
    f.request ? eq(paymentVouchers.request_id, f.request) : undefined,
    f.currency ? eq(paymentVouchers.currency, f.currency) : undefined,
    f.due_before ? sql`${paymentVouchers.due_date} <= ${f.due_before}` : undefined,
    f.due_after ? sql`${paymentVouchers.due_date} >= ${f.due_after}` : undefined,
    f.overdue === true ? overdue : f.overdue === false ? sql`not (${overdue})` : undefined,
    f.due_by ? and(sql`${paymentVouchers.due_date} <= ${f.due_by}`, notPaid) : undefined,
  ]);
}

const ORDER_COLUMNS = {
  due_date: { column: paymentVouchers.due_date },
  amount: { column: paymentVouchers.amount },
};

const approver = alias(users, 'approver');

function viewQuery(ex: Executor) {
  return ex
    .select({
      voucher: paymentVouchers,
      supplier_name: suppliers.name,
      company_code: companies.code,
      company_name: companies.name,
      request_number: requests.number,
      service_type: requestLines.service_type,
      line_status: requestLines.status,
      approver_name: approver.name,
    })
    .from(paymentVouchers)
    .innerJoin(suppliers, eq(suppliers.id, paymentVouchers.supplier_id))
    .innerJoin(companies, eq(companies.id, paymentVouchers.company_id))
    .innerJoin(requests, eq(requests.id, paymentVouchers.request_id))
    .innerJoin(requestLines, eq(requestLines.id, paymentVouchers.line_id))
    .leftJoin(approver, eq(approver.id, paymentVouchers.approved_by));
}

type ViewResult = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];
const toView = ({ voucher, ...names }: ViewResult): VoucherView => ({ ...voucher, ...names });

/** Payment vouchers: what keeps them in step with the deadlines, the list and the approval. */
export const vouchersRepository = {
  /** The vouchers of a line or request, locked for the rest of the transaction (in id order). */
  async lockOf(ex: Executor, scope: VoucherScope): Promise<VoucherRow[]> {
    return ex
      .select()
      .from(paymentVouchers)
      .where(voucherScope(scope))
      .orderBy(asc(paymentVouchers.id))
      .for('update');
  },

  /** The deadlines of a line or request with what their vouchers copy. */
  async sourcesOf(ex: Executor, scope: VoucherScope): Promise<VoucherSource[]> {
    const rows = await ex
      .select({
        deadline_id: lineDeadlines.id,
        line_id: lineDeadlines.line_id,
        request_id: lineDeadlines.request_id,
        type: lineDeadlines.type,
        due_date: lineDeadlines.due_date,
        amount: lineDeadlines.amount,
        currency: requestLines.cost_currency,
        supplier_id: requestLines.supplier_id,
        company_id: requests.company_id,
        line_status: requestLines.status,
        canceled_at: requests.canceled_at,
      })
      .from(lineDeadlines)
      .innerJoin(requestLines, eq(requestLines.id, lineDeadlines.line_id))
      .innerJoin(requests, eq(requests.id, lineDeadlines.request_id))
      .where(deadlineScope(scope))
      .orderBy(asc(lineDeadlines.id));
    return rows.map(({ canceled_at, ...r }) => ({ ...r, request_canceled: canceled_at !== null }));
  },

  async insertMany(ex: Executor, values: VoucherInsert[]): Promise<VoucherRow[]> {
    if (values.length === 0) return [];
    return ex.insert(paymentVouchers).values(values).returning();
  },

  /** An Inactive voucher takes its deadline's new values; its version rises. */
  async follow(ex: Executor, id: number, values: Partial<VoucherInsert>): Promise<VoucherRow> {
    const rows = await ex
      .update(paymentVouchers)
      .set({ ...values, updated_at: new Date(), version: sql`${paymentVouchers.version} + 1` })
      .where(eq(paymentVouchers.id, id))
      .returning();
    return rows[0]!;
  },

  async deleteMany(ex: Executor, ids: number[]): Promise<void> {
    if (ids.length) await ex.delete(paymentVouchers).where(inArray(paymentVouchers.id, ids));
  },

  async idsOf(ex: Executor, scope: VoucherScope): Promise<Set<number>> {
    const rows = await ex.select({ id: paymentVouchers.id }).from(paymentVouchers).where(voucherScope(scope));
    return new Set(rows.map((r) => r.id));
  },

  /**
   * Inactive vouchers for every deadline of a live line (supplier set, not Canceled, request open)
   * that has none: for data written before vouchers existed, and for the demo seed.
   */
  async backfill(ex: Executor): Promise<number> {
    const rows = await queryRows<{ id: number }>(
      ex,
      sql`insert into ${paymentVouchers} (deadline_id, line_id, request_id, supplier_id, company_id, type, due_date, amount, currency)
        select d.id, d.line_id, d.request_id, l.supplier_id, r.company_id, d.type, d.due_date, d.amount, l.cost_currency
        from ${lineDeadlines} d
        join ${requestLines} l on l.id = d.line_id
        join ${requests} r on r.id = d.request_id
        where l.supplier_id is not null and l.status is distinct from 'Canceled' and r.canceled_at is null
        on conflict (deadline_id) do nothing
        returning id`,
    );
    return rows.length;
  },

  async findById(ex: Executor, id: number): Promise<VoucherView | null> {
    const rows = await viewQuery(ex).where(eq(paymentVouchers.id, id));
    return rows[0] ? toView(rows[0]) : null;
  },

  async viewsOf(ex: Executor, ids: number[]): Promise<VoucherView[]> {
    if (ids.length === 0) return [];
    const rows = await viewQuery(ex)
      .where(inArray(paymentVouchers.id, ids))
      .orderBy(asc(paymentVouchers.due_date), asc(paymentVouchers.id));
    return rows.map(toView);
  },

  /** Locks these vouchers in id order (so two bulk approvals never wait on each other in a cycle). */
  async lockMany(ex: Executor, ids: number[]): Promise<VoucherRow[]> {
    return ex
      .select()
      .from(paymentVouchers)
      .where(inArray(paymentVouchers.id, ids))
      .orderBy(asc(paymentVouchers.id))
      .for('update');
  },

  /** Approves (a time and a user) or revokes (null) a voucher; its version rises. */
  async setApproval(
    ex: Executor,
    id: number,
    approval: { at: Date; by: number } | null,
  ): Promise<VoucherRow> {
    return vouchersRepository.follow(ex, id, {
      approved_at: approval?.at ?? null,
      approved_by: approval?.by ?? null,
    });
  },

  async page(
    ex: Executor,
    f: VoucherFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: VoucherView[]; total: number }> {
    const where = conditions(f);
    const [rows, totals] = await Promise.all([
      viewQuery(ex)
        .where(where)
        .orderBy(...orderBy(parseOrdering(f.ordering, ORDER_COLUMNS), paymentVouchers.id))
        .limit(limit)
        .offset(offset),
      ex.select({ n: count() }).from(paymentVouchers).where(where),
    ]);
    return { rows: rows.map(toView), total: totals[0]?.n ?? 0 };
  },

  /** Count and sum per supplier and currency over the whole filter (not just the page). */
  async groups(ex: Executor, f: VoucherFilter): Promise<VoucherGroupRow[]> {
    const rows = await ex
      .select({
        supplier_id: paymentVouchers.supplier_id,
        supplier_name: suppliers.name,
        currency: paymentVouchers.currency,
        count: count(),
        amount: sql<string>`sum(${paymentVouchers.amount})::numeric(18,2)::text`,
      })
      .from(paymentVouchers)
      .innerJoin(suppliers, eq(suppliers.id, paymentVouchers.supplier_id))
      .where(conditions(f))
      .groupBy(paymentVouchers.supplier_id, suppliers.name, paymentVouchers.currency)
      .orderBy(asc(suppliers.name), asc(paymentVouchers.supplier_id), asc(paymentVouchers.currency));
    return rows;
  },
};

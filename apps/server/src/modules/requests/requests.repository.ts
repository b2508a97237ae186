import type { RequestOrdering, RequestStatus } from '@app/shared';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { containsPattern, searchId } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { type OrderSpec, orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { requestCounters, requestLines, requests } from './requests.table.ts';

export type RequestRow = typeof requests.$inferSelect;
export type RequestInsert = typeof requests.$inferInsert;
export type RequestLineRow = typeof requestLines.$inferSelect;
export type RequestLineInsert = typeof requestLines.$inferInsert;

const fo = alias(users, 'fo_manager');
const bo = alias(users, 'bo_manager');
const creator = alias(users, 'creator');

const linesOf = (status?: SQL) =>
  sql`select 1 from ${requestLines} where ${requestLines.request_id} = ${requests.id}${status ? sql` and ${status}` : sql``}`;

/**
 * The derived status of a request (`deriveRequestStatus` in `@app/shared`, written in SQL so the
 * list can filter and sort on it): the least advanced live line decides.
 */
export const requestStatusSql = sql<RequestStatus>`(case
  when not exists (${linesOf()}) then 'New'
  when not exists (${linesOf(sql`${requestLines.status} is distinct from 'Canceled'`)}) then 'Canceled'
  when not exists (${linesOf(sql`${requestLines.status} <> 'Canceled'`)}) then 'New'
  when exists (${linesOf(sql`${requestLines.status} is null`)}) then 'In progress'
  when exists (${linesOf(sql`${requestLines.status} = 'Confirmed'`)}) then 'Confirmed'
  when exists (${linesOf(sql`${requestLines.status} = 'Invoiced'`)}) then 'Invoiced'
  else 'Accounted' end)`;

const linesCountSql = sql<number>`(select count(*)::int from ${requestLines} where ${requestLines.request_id} = ${requests.id})`;
const clientName = sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`;

const selection = {
  request: requests,
  company_code: companies.code,
  client_name: clientName,
  fo_name: fo.name,
  bo_name: bo.name,
  office_title: regions.title,
  office_ccy: regions.ccy,
  creator_name: creator.name,
  status: requestStatusSql,
  lines_count: linesCountSql,
};

export interface RequestWithRefs {
  request: RequestRow;
  company_code: string;
  client_name: string;
  fo_name: string;
  bo_name: string | null;
  office_title: string;
  office_ccy: string;
  creator_name: string | null;
  status: RequestStatus;
  lines_count: number;
}

export type RequestLineWithSupplier = RequestLineRow & { supplier_name: string };

export interface RequestFilter {
  search?: string | undefined;
  company?: string | undefined;
  status?: RequestStatus | undefined;
  client?: number | undefined;
  fo_manager?: number | undefined;
  bo_manager?: number | undefined;
  region?: number | undefined;
}

const ORDER_COLUMNS: Record<string, Omit<OrderSpec, 'desc'>> = {
  created_at: { column: requests.created_at },
  number: { column: requests.number },
  client: { column: clients.sort_name },
  company: { column: companies.code },
};

function conditions(f: RequestFilter): SQL | undefined {
  const search = f.search?.trim();
  const pattern = search ? containsPattern(search) : '';
  const id = searchId(search);
  return allOf([
    search
      ? or(ilike(requests.number, pattern), ilike(clientName, pattern), id ? eq(requests.id, id) : undefined)
      : undefined,
    f.company ? eq(companies.code, f.company) : undefined,
    f.status ? sql`${requestStatusSql} = ${f.status}` : undefined,
    f.client ? eq(requests.client_id, f.client) : undefined,
    f.fo_manager ? eq(requests.fo_manager_id, f.fo_manager) : undefined,
    f.bo_manager ? eq(requests.bo_manager_id, f.bo_manager) : undefined,
    f.region ? eq(requests.region_id, f.region) : undefined,
  ]);
}

function joined(ex: Executor) {
  return ex
    .select(selection)
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.company_id))
    .innerJoin(clients, eq(clients.id, requests.client_id))
    .innerJoin(fo, eq(fo.id, requests.fo_manager_id))
    .leftJoin(bo, eq(bo.id, requests.bo_manager_id))
    .innerJoin(regions, eq(regions.id, requests.region_id))
    .leftJoin(creator, eq(creator.id, requests.created_by));
}

export const requestsRepository = {
  /**
   * The next number of a company's year. The upsert takes the counter row's lock until the
   * transaction ends, so concurrent creates queue here and a rolled-back create gives its number back.
   */
  async nextSeq(ex: Executor, companyId: number, year: number): Promise<number> {
    const rows = await ex
      .insert(requestCounters)
      .values({ company_id: companyId, year, last_number: 1 })
      .onConflictDoUpdate({
        target: [requestCounters.company_id, requestCounters.year],
        set: { last_number: sql`${requestCounters.last_number} + 1` },
      })
      .returning({ n: requestCounters.last_number });
    return rows[0]!.n;
  },

  async insert(ex: Executor, values: RequestInsert): Promise<RequestRow> {
    return (await ex.insert(requests).values(values).returning())[0]!;
  },

  async insertLines(ex: Executor, values: RequestLineInsert[]): Promise<RequestLineRow[]> {
    if (values.length === 0) return [];
    return ex.insert(requestLines).values(values).returning();
  },

  async findById(ex: Executor, id: number): Promise<RequestWithRefs | null> {
    return (await joined(ex).where(eq(requests.id, id)))[0] ?? null;
  },

  async findForUpdate(ex: Executor, id: number): Promise<RequestRow | null> {
    return (await ex.select().from(requests).where(eq(requests.id, id)).for('update'))[0] ?? null;
  },

  async linesOf(ex: Executor, requestId: number): Promise<RequestLineWithSupplier[]> {
    const rows = await ex
      .select({ line: requestLines, supplier_name: suppliers.name })
      .from(requestLines)
      .innerJoin(suppliers, eq(suppliers.id, requestLines.supplier_id))
      .where(eq(requestLines.request_id, requestId))
      .orderBy(asc(requestLines.position), asc(requestLines.id));
    return rows.map((r) => ({ ...r.line, supplier_name: r.supplier_name }));
  },

  async lineForUpdate(ex: Executor, requestId: number, lineId: number): Promise<RequestLineRow | null> {
    const rows = await ex
      .select()
      .from(requestLines)
      .where(and(eq(requestLines.id, lineId), eq(requestLines.request_id, requestId)))
      .for('update');
    return rows[0] ?? null;
  },

  async nextPosition(ex: Executor, requestId: number): Promise<number> {
    const rows = await ex
      .select({ n: sql<number>`coalesce(max(${requestLines.position}), 0)::int + 1` })
      .from(requestLines)
      .where(eq(requestLines.request_id, requestId));
    return rows[0]?.n ?? 1;
  },

  async list(
    ex: Executor,
    q: { filter: RequestFilter; ordering: RequestOrdering; limit: number; offset: number },
  ): Promise<{ rows: RequestWithRefs[]; total: number }> {
    const where = conditions(q.filter);
    const [rows, totals] = await Promise.all([
      joined(ex)
        .where(where)
        .orderBy(...orderBy(parseOrdering(q.ordering, ORDER_COLUMNS), requests.id))
        .limit(q.limit)
        .offset(q.offset),
      ex
        .select({ n: count() })
        .from(requests)
        .innerJoin(companies, eq(companies.id, requests.company_id))
        .innerJoin(clients, eq(clients.id, requests.client_id))
        .where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** Applies `values` when the row is still at `version`; null when it changed meanwhile. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<RequestInsert>,
  ): Promise<RequestRow | null> {
    const rows = await ex
      .update(requests)
      .set({ ...values, version: sql`${requests.version} + 1`, updated_at: new Date() })
      .where(and(eq(requests.id, id), eq(requests.version, version)))
      .returning();
    return rows[0] ?? null;
  },

  /** Marks the request itself changed (its lines changed): a new version, a new updated_at. */
  async touch(ex: Executor, id: number): Promise<void> {
    await ex
      .update(requests)
      .set({ version: sql`${requests.version} + 1`, updated_at: new Date() })
      .where(eq(requests.id, id));
  },

  async updateLineVersioned(
    ex: Executor,
    lineId: number,
    version: number,
    values: Partial<RequestLineInsert>,
  ): Promise<RequestLineRow | null> {
    const rows = await ex
      .update(requestLines)
      .set({ ...values, version: sql`${requestLines.version} + 1`, updated_at: new Date() })
      .where(and(eq(requestLines.id, lineId), eq(requestLines.version, version)))
      .returning();
    return rows[0] ?? null;
  },

  async setLinesStatus(ex: Executor, lineIds: number[], status: string | null): Promise<void> {
    if (lineIds.length === 0) return;
    await ex
      .update(requestLines)
      .set({ status, version: sql`${requestLines.version} + 1`, updated_at: new Date() })
      .where(inArray(requestLines.id, lineIds));
  },

  async deleteLine(ex: Executor, lineId: number): Promise<void> {
    await ex.delete(requestLines).where(eq(requestLines.id, lineId));
  },

  async delete(ex: Executor, id: number): Promise<void> {
    await ex.delete(requests).where(eq(requests.id, id));
  },

  // The references a request points to, as the rules need them.
  async company(ex: Executor, id: number) {
    const rows = await ex
      .select({ id: companies.id, code: companies.code, archived_at: companies.archived_at })
      .from(companies)
      .where(eq(companies.id, id));
    return rows[0] ?? null;
  },

  async client(ex: Executor, id: number) {
    const rows = await ex
      .select({ id: clients.id, rating: clients.rating, archived_at: clients.archived_at })
      .from(clients)
      .where(eq(clients.id, id));
    return rows[0] ?? null;
  },

  async user(ex: Executor, id: number) {
    const rows = await ex
      .select({ id: users.id, role: users.role, type: users.type, is_active: users.is_active })
      .from(users)
      .where(eq(users.id, id));
    return rows[0] ?? null;
  },

  async regionExists(ex: Executor, id: number): Promise<boolean> {
    return (await ex.select({ id: regions.id }).from(regions).where(eq(regions.id, id))).length > 0;
  },

  /** Of these supplier ids, the ones that exist and are not archived. */
  async activeSuppliers(ex: Executor, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await ex
      .select({ id: suppliers.id, archived_at: suppliers.archived_at })
      .from(suppliers)
      .where(inArray(suppliers.id, ids));
    return new Set(rows.filter((r) => r.archived_at === null).map((r) => r.id));
  },
};

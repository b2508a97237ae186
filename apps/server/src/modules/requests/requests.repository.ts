import type { RequestOrdering } from '@app/shared';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
import { prefixQuery } from '../../platform/full-text-search.ts';
import { allOf, searchCondition } from '../../platform/list-query/filtering.ts';
import { countRows, inOrder, type PageResult, pageIds } from '../../platform/list-query/paging.ts';
import { type OrderSpec, parseOrdering } from '../../platform/list-query/sorting.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { lineDeadlines, requestCounters, requestLines, requests } from './requests.table.ts';

export type RequestRow = typeof requests.$inferSelect;
export type RequestInsert = typeof requests.$inferInsert;
export type RequestLineRow = typeof requestLines.$inferSelect;
export type RequestLineInsert = typeof requestLines.$inferInsert;
export type DeadlineRow = typeof lineDeadlines.$inferSelect;

const fo = alias(users, 'fo_manager');
const bo = alias(users, 'bo_manager');
const creator = alias(users, 'creator');

const clientName = sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`;

/** The request with the names of what it points to: one row per request, primary-key joins only. */
const refs = {
  request: requests,
  company_code: companies.code,
  client_name: clientName,
  fo_name: fo.name,
  bo_name: bo.name,
  office_title: regions.title,
  office_ccy: regions.ccy,
  creator_name: creator.name,
};

export interface RequestWithRefs {
  request: RequestRow;
  company_code: string;
  client_name: string;
  fo_name: string | null;
  bo_name: string | null;
  office_title: string;
  office_ccy: string;
  creator_name: string | null;
}

export type RequestLineWithSupplier = RequestLineRow & { supplier_name: string | null };

export interface RequestFilter {
  search?: string | undefined;
  company?: string | undefined;
  status?: string | undefined;
  client?: number | undefined;
  fo_manager?: number | undefined;
  bo_manager?: number | undefined;
  region?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  service_type?: string | undefined;
  invoice?: 'has' | 'none' | undefined;
  kind?: string | undefined;
  ordering: RequestOrdering;
}

/** Every key but `client` sorts on a summary column of `requests` itself. */
const ORDER_COLUMNS = {
  created_at: { column: requests.created_at },
  number: { column: requests.number },
  date_from: { column: requests.date_from, nullable: true },
  sell_total: { column: requests.sell_total },
  margin: { column: requests.margin },
  status: { column: requests.status },
  client: { column: requests.created_at },
};

const searchable = { table: requests, id: requests.id, searchVector: requests.search_vector };

/** The filters, each on an indexed column of `requests` (the company by its code: one small lookup). */
/** `BSLF-2026-42` or `bslf-2026-00042`: a request number, found by its unique index. */
const NUMBER_SEARCH = /^([A-Za-z0-9]{2,10})-(\d{4})-(\d{1,9})$/;

function searchBy(search: string | undefined): SQL | undefined {
  const m = NUMBER_SEARCH.exec(search?.trim() ?? '');
  if (!m) return searchCondition(searchable, search);
  return eq(
    requests.number,
    `${m[1]!.toUpperCase()}-${m[2]}-${m[3]!.replace(/^0+(?=\d)/, '').padStart(5, '0')}`,
  );
}

function conditions(f: RequestFilter): SQL | undefined {
  return allOf([
    searchBy(f.search),
    f.company
      ? sql`${requests.company_id} = (select ${companies.id} from ${companies} where ${companies.code} = ${f.company})`
      : undefined,
    f.status ? eq(requests.status, f.status) : undefined,
    f.client ? eq(requests.client_id, f.client) : undefined,
    f.fo_manager ? eq(requests.fo_manager_id, f.fo_manager) : undefined,
    f.bo_manager ? eq(requests.bo_manager_id, f.bo_manager) : undefined,
    f.region ? eq(requests.region_id, f.region) : undefined,
    // [date_from, date_to] overlapping the filter's range (GiST); a request without dates never matches
    f.date_from || f.date_to
      ? sql`(${requests.date_from} is not null and daterange(${requests.date_from}, ${requests.date_to}, '[]') && daterange(${f.date_from ?? null}::date, ${f.date_to ?? null}::date, '[]'))`
      : undefined,
    f.service_type ? sql`${requests.service_types} @> array[${f.service_type}]::text[]` : undefined,
    f.invoice ? eq(requests.has_invoice, f.invoice === 'has') : undefined,
    f.kind ? eq(requests.kind, f.kind) : undefined,
  ]);
}

function joined(ex: Executor) {
  return ex
    .select(refs)
    .from(requests)
    .innerJoin(companies, eq(companies.id, requests.company_id))
    .innerJoin(clients, eq(clients.id, requests.client_id))
    .leftJoin(fo, eq(fo.id, requests.fo_manager_id))
    .leftJoin(bo, eq(bo.id, requests.bo_manager_id))
    .innerJoin(regions, eq(regions.id, requests.region_id))
    .leftJoin(creator, eq(creator.id, requests.created_by));
}

/** Ordered by the client's name: walks the clients' name order and each client's requests. */
async function pageByClient(
  ex: Executor,
  where: SQL | undefined,
  order: OrderSpec,
  limit: number,
  offset: number,
): Promise<PageResult> {
  const dir = order.desc ? sql.raw('desc') : sql.raw('asc');
  const [rows, count] = await Promise.all([
    queryRows<{ id: number }>(
      ex,
      sql`select ${requests.id} as id from ${requests} join ${clients} on ${clients.id} = ${requests.client_id}
        ${where ? sql`where ${where}` : sql``}
        order by ${clients.sort_name} ${dir}, ${requests.id} ${dir} limit ${limit} offset ${offset}`,
    ),
    countRows(ex, requests, where),
  ]);
  const ids = rows.map((r) => Number(r.id));
  if (ids.length < limit && (ids.length > 0 || offset === 0))
    return { ids, total: offset + ids.length, estimated: false };
  return { ids, ...count };
}

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

  async insertLine(ex: Executor, values: RequestLineInsert): Promise<RequestLineRow> {
    return (await ex.insert(requestLines).values(values).returning())[0]!;
  },

  /** Replaces a line's deadlines as a whole. */
  async replaceDeadlines(
    ex: Executor,
    line: { id: number; request_id: number },
    deadlines: ReadonlyArray<{ type: string; due_date: string; amount: string }>,
  ): Promise<void> {
    await ex.delete(lineDeadlines).where(eq(lineDeadlines.line_id, line.id));
    if (deadlines.length === 0) return;
    await ex
      .insert(lineDeadlines)
      .values(deadlines.map((d) => ({ ...d, line_id: line.id, request_id: line.request_id })));
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
      .leftJoin(suppliers, eq(suppliers.id, requestLines.supplier_id))
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
    return Number(rows[0]?.n ?? 1);
  },

  /** One page of request ids in list order, and the total (exact up to 1,000, estimated above). */
  page(ex: Executor, f: RequestFilter, limit: number, offset: number): Promise<PageResult> {
    const where = conditions(f);
    const order = parseOrdering(f.ordering, ORDER_COLUMNS);
    if (f.ordering.replace(/^-/, '') === 'client') return pageByClient(ex, where, order, limit, offset);
    return pageIds(ex, requests, requests.id, {
      where,
      order,
      limit,
      offset,
      // Matches of a search or of a date window are spread over the whole ordering: walking the
      // ordering's index would visit most of the table before 20 turn up (a month of trips on 200k
      // requests: 330 ms), collecting them through the GIN or GiST index first takes 20-45 ms.
      collectFirst:
        (!NUMBER_SEARCH.test(f.search?.trim() ?? '') && prefixQuery(f.search) !== null) ||
        Boolean(f.date_from || f.date_to),
    });
  },

  async byIds(ex: Executor, ids: number[]): Promise<RequestWithRefs[]> {
    if (ids.length === 0) return [];
    const rows = await joined(ex).where(inArray(requests.id, ids));
    return inOrder(
      ids,
      rows.map((r) => ({ ...r, id: r.request.id })),
    );
  },

  async update(ex: Executor, id: number, values: Partial<RequestInsert>): Promise<RequestRow> {
    const rows = await ex
      .update(requests)
      .set({ ...values, version: sql`${requests.version} + 1`, updated_at: new Date() })
      .where(eq(requests.id, id))
      .returning();
    return rows[0]!;
  },

  async updateLine(
    ex: Executor,
    lineId: number,
    values: Partial<RequestLineInsert>,
  ): Promise<RequestLineRow> {
    const rows = await ex
      .update(requestLines)
      .set({ ...values, version: sql`${requestLines.version} + 1`, updated_at: new Date() })
      .where(eq(requestLines.id, lineId))
      .returning();
    return rows[0]!;
  },

  /** Cancel: the request's unconfirmed and Confirmed lines become Canceled. */
  async cancelOpenLines(ex: Executor, requestId: number): Promise<void> {
    await ex
      .update(requestLines)
      .set({ status: 'Canceled', version: sql`${requestLines.version} + 1`, updated_at: new Date() })
      .where(
        and(
          eq(requestLines.request_id, requestId),
          or(isNull(requestLines.status), eq(requestLines.status, 'Confirmed')),
        ),
      );
  },

  async hasLineIn(ex: Executor, requestId: number, statuses: string[]): Promise<boolean> {
    const rows = await ex
      .select({ id: requestLines.id })
      .from(requestLines)
      .where(and(eq(requestLines.request_id, requestId), inArray(requestLines.status, statuses)))
      .limit(1);
    return rows.length > 0;
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
      .select({
        id: companies.id,
        code: companies.code,
        base_currency: companies.base_currency,
        archived_at: companies.archived_at,
      })
      .from(companies)
      .where(eq(companies.id, id));
    return rows[0] ?? null;
  },

  async client(ex: Executor, id: number) {
    const rows = await ex
      .select({ id: clients.id, name: clientName, rating: clients.rating, archived_at: clients.archived_at })
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

  async suppliersByIds(ex: Executor, ids: number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({ id: suppliers.id, name: suppliers.name, archived_at: suppliers.archived_at })
      .from(suppliers)
      .where(inArray(suppliers.id, ids));
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

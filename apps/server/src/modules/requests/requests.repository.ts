import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { deadlinesRepository } from './deadlines.repository.ts';
import { requestListRepository } from './request-list.repository.ts';
import { clientName } from './requests.name-columns.ts';
import { requestCounters, requestLines, requests } from './requests.table.ts';

export type RequestRow = typeof requests.$inferSelect;
export type RequestInsert = typeof requests.$inferInsert;
export type RequestLineRow = typeof requestLines.$inferSelect;
export type RequestLineInsert = typeof requestLines.$inferInsert;

export type RequestLineWithSupplier = RequestLineRow & { supplier_name: string | null };

export type { DeadlineFilter, DeadlineListRow, DeadlineRow } from './deadlines.repository.ts';
export type { RequestFilter, RequestWithRefs } from './request-list.repository.ts';

/**
 * Numbering, the writes and the row lookups (locks) of requests and lines; with the list's reads
 * (request-list.repository.ts) and the deadlines' (deadlines.repository.ts), one repository.
 */
export const requestsRepository = {
  ...requestListRepository,
  ...deadlinesRepository,

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
};

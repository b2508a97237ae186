import type { LogListQuery, LogRequestStatus } from '@app/shared';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { containsPattern, searchId } from '../../platform/full-text-search.ts';
import { allOf } from '../../platform/list-query/filtering.ts';
import { type OrderSpec, orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { logEvents, logRecords } from './log.table.ts';
import { requestLines, requests } from './requests.table.ts';

export type LogRecordRow = typeof logRecords.$inferSelect;
export type LogRecordInsert = typeof logRecords.$inferInsert;
export type LogEventInsert = typeof logEvents.$inferInsert;

const fo = alias(users, 'log_fo');
const bo = alias(users, 'log_bo');
const submitter = alias(users, 'log_submitter');
const reviewer = alias(users, 'log_reviewer');
const clientName = sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`;

const selection = {
  record: logRecords,
  request_id: requests.id,
  request_number: requests.number,
  request_status: requests.status,
  company_id: companies.id,
  company_code: companies.code,
  client_id: clients.id,
  client_name: clientName,
  office_id: regions.id,
  office_title: regions.title,
  office_ccy: regions.ccy,
  fo_id: fo.id,
  fo_name: fo.name,
  bo_id: bo.id,
  bo_name: bo.name,
  submitter_name: submitter.name,
  reviewer_name: reviewer.name,
};

export interface LogRecordWithRefs {
  record: LogRecordRow;
  request_id: number;
  request_number: string;
  request_status: string;
  company_id: number;
  company_code: string;
  client_id: number;
  client_name: string;
  office_id: number;
  office_title: string;
  office_ccy: string;
  fo_id: number | null;
  fo_name: string | null;
  bo_id: number | null;
  bo_name: string | null;
  submitter_name: string | null;
  reviewer_name: string | null;
}

export interface LogEventWithUser {
  id: number;
  action: string;
  status: string;
  comment: string | null;
  user_id: number | null;
  user_name: string | null;
  created_at: Date;
}

const ORDER_COLUMNS: Record<string, Omit<OrderSpec, 'desc'>> = {
  submitted_at: { column: logRecords.submitted_at },
  updated_at: { column: logRecords.updated_at },
  number: { column: requests.number },
  status: { column: logRecords.status },
  client: { column: clients.sort_name },
};

type LogFilter = Pick<LogListQuery, 'search' | 'status' | 'company' | 'region' | 'request'>;

function conditions(f: LogFilter): SQL | undefined {
  const search = f.search?.trim();
  const pattern = search ? containsPattern(search) : '';
  const id = searchId(search);
  return allOf([
    search
      ? or(
          ilike(requests.number, pattern),
          ilike(clientName, pattern),
          id ? eq(logRecords.id, id) : undefined,
        )
      : undefined,
    f.status ? eq(logRecords.status, f.status) : undefined,
    f.company ? eq(companies.code, f.company) : undefined,
    f.region ? eq(requests.region_id, f.region) : undefined,
    f.request ? eq(logRecords.request_id, f.request) : undefined,
  ]);
}

function joined(ex: Executor) {
  return ex
    .select(selection)
    .from(logRecords)
    .innerJoin(requests, eq(requests.id, logRecords.request_id))
    .innerJoin(companies, eq(companies.id, requests.company_id))
    .innerJoin(clients, eq(clients.id, requests.client_id))
    .innerJoin(regions, eq(regions.id, requests.region_id))
    .leftJoin(fo, eq(fo.id, requests.fo_manager_id))
    .leftJoin(bo, eq(bo.id, requests.bo_manager_id))
    .leftJoin(submitter, eq(submitter.id, logRecords.submitted_by))
    .leftJoin(reviewer, eq(reviewer.id, logRecords.reviewed_by));
}

/** Line statuses a LOG record hands over: confirmed or invoiced, not yet accounted. */
const HANDED_OVER = ['Confirmed', 'Invoiced'];

export const logRepository = {
  async list(
    ex: Executor,
    q: LogFilter & { ordering: string; limit: number; offset: number },
  ): Promise<{ rows: LogRecordWithRefs[]; total: number }> {
    const where = conditions(q);
    const [rows, totals] = await Promise.all([
      joined(ex)
        .where(where)
        .orderBy(...orderBy(parseOrdering(q.ordering, ORDER_COLUMNS), logRecords.id))
        .limit(q.limit)
        .offset(q.offset),
      ex
        .select({ n: count() })
        .from(logRecords)
        .innerJoin(requests, eq(requests.id, logRecords.request_id))
        .innerJoin(companies, eq(companies.id, requests.company_id))
        .innerJoin(clients, eq(clients.id, requests.client_id))
        .where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  async findById(ex: Executor, id: number): Promise<LogRecordWithRefs | null> {
    return (await joined(ex).where(eq(logRecords.id, id)))[0] ?? null;
  },

  async findForUpdate(ex: Executor, id: number): Promise<LogRecordRow | null> {
    return (await ex.select().from(logRecords).where(eq(logRecords.id, id)).for('update'))[0] ?? null;
  },

  /** The request's record that is not CONFIRM yet (at most one: `log_records_open_key`), locked. */
  async openOf(ex: Executor, requestId: number): Promise<LogRecordRow | null> {
    const rows = await ex
      .select()
      .from(logRecords)
      .where(and(eq(logRecords.request_id, requestId), ne(logRecords.status, 'CONFIRM')))
      .for('update');
    return rows[0] ?? null;
  },

  /** The request, locked: whether it exists and is canceled. */
  async requestForUpdate(ex: Executor, requestId: number) {
    const rows = await ex
      .select({ id: requests.id, canceled_at: requests.canceled_at })
      .from(requests)
      .where(eq(requests.id, requestId))
      .for('update');
    return rows[0] ?? null;
  },

  async handedOverLines(ex: Executor, requestId: number): Promise<number> {
    const rows = await ex
      .select({ n: count() })
      .from(requestLines)
      .where(and(eq(requestLines.request_id, requestId), inArray(requestLines.status, HANDED_OVER)));
    return rows[0]?.n ?? 0;
  },

  /** Confirmed and Invoiced lines of the request become Accounted; answers their ids. */
  async accountLines(ex: Executor, requestId: number): Promise<number[]> {
    const rows = await ex
      .update(requestLines)
      .set({ status: 'Accounted', version: sql`${requestLines.version} + 1`, updated_at: new Date() })
      .where(and(eq(requestLines.request_id, requestId), inArray(requestLines.status, HANDED_OVER)))
      .returning({ id: requestLines.id });
    return rows.map((r) => r.id);
  },

  async insert(ex: Executor, values: LogRecordInsert): Promise<LogRecordRow> {
    return (await ex.insert(logRecords).values(values).returning())[0]!;
  },

  /** Moves a record to `status` with these values, a new version and updated_at. */
  async update(
    ex: Executor,
    id: number,
    values: Partial<LogRecordInsert> & { status: LogRequestStatus },
  ): Promise<LogRecordRow> {
    const rows = await ex
      .update(logRecords)
      .set({ ...values, version: sql`${logRecords.version} + 1`, updated_at: new Date() })
      .where(eq(logRecords.id, id))
      .returning();
    return rows[0]!;
  },

  async insertEvent(ex: Executor, values: LogEventInsert): Promise<void> {
    await ex.insert(logEvents).values(values);
  },

  async eventsOf(ex: Executor, logId: number): Promise<LogEventWithUser[]> {
    return ex
      .select({
        id: logEvents.id,
        action: logEvents.action,
        status: logEvents.status,
        comment: logEvents.comment,
        user_id: logEvents.user_id,
        user_name: users.name,
        created_at: logEvents.created_at,
      })
      .from(logEvents)
      .leftJoin(users, eq(users.id, logEvents.user_id))
      .where(eq(logEvents.log_id, logId))
      .orderBy(asc(logEvents.id));
  },
};

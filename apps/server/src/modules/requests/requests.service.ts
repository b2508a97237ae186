import {
  type CancelRequestBody,
  type CreateRequestBody,
  type DeadlineListItem,
  type DeadlineListQuery,
  type DirectoryListResult,
  type ListResult,
  type RequestKind,
  type RequestListItem,
  type RequestListQuery,
  type RequestRecord,
  requestWriteAccess,
  type UpdateRequestBody,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { blank } from '../../platform/column-values.ts';
import { AppError, isForeignKeyViolation } from '../../platform/errors.ts';
import { syncVouchers, withVouchersInStep } from '../accounting/vouchers.sync.ts';
import { recordChange } from '../audit/audit.service.ts';
import { createRequestFolder, releaseRequestFolder } from '../documents/documents.service.ts';
import { createRequestLinesService } from './request-lines.service.ts';
import { REQUEST_ENTITY } from './requests.entity.ts';
import { CANCELED, NOT_CANCELABLE, NOT_DELETABLE, NOT_FOUND } from './requests.errors.ts';
import { checkHeader } from './requests.header-rules.ts';
import { checkLines } from './requests.line-rules.ts';
import { requestSnapshot, toDeadlineItem, toLine, toListItem } from './requests.mappers.ts';
import { totalsOf, valueLine } from './requests.money.ts';
import { type RequestFilter, type RequestInsert, requestsRepository as repo } from './requests.repository.ts';
import { type RatesSource, ratesNowOf } from './requests.summary.ts';
import { insertLine, lockRequest, may, notifyManagers, refresh } from './requests.write-steps.ts';

export { REQUEST_ENTITY };

export interface RequestsServiceDeps {
  db: Db;
  rates: RatesSource;
  /** The time numbers (the year) and "today" are taken from; tests pass their own. */
  clock?: () => Date;
}

const todayOf = (d: Date) => d.toISOString().slice(0, 10);

export function createRequestsService({ db, rates, clock = () => new Date() }: RequestsServiceDeps) {
  const ratesNow = () => ratesNowOf(rates);
  const lineService = createRequestLinesService({ db, ratesNow, get: (id) => service.get(id) });

  const service = {
    async list(q: RequestListQuery): Promise<DirectoryListResult<RequestListItem>> {
      const page = await repo.page(db, q as RequestFilter, q.limit, q.offset);
      const rows = await repo.byIds(db, page.ids);
      return {
        data: rows.map(toListItem),
        meta: { total: page.total, total_estimated: page.estimated, limit: q.limit, offset: q.offset },
      };
    },

    /** The request with its lines valued now (stamped lines at their stamp). */
    async get(id: number): Promise<RequestRecord> {
      const [r, now] = await Promise.all([repo.findById(db, id), ratesNow()]);
      if (!r) throw NOT_FOUND();
      const [lines, deadlines] = await Promise.all([repo.linesOf(db, id), repo.deadlinesOfRequest(db, id)]);
      const base = r.request.base_currency;
      const valued = lines.map((l) => ({ line: l, value: valueLine(l, base, now) }));
      const totals = totalsOf(valued.map((v) => ({ live: v.line.status !== 'Canceled', value: v.value })));
      const q = r.request;
      return {
        ...toListItem(r),
        description: q.description,
        canceled_at: q.canceled_at?.toISOString() ?? null,
        created_by:
          q.created_by !== null && r.creator_name !== null
            ? { id: q.created_by, name: r.creator_name }
            : null,
        updated_at: q.updated_at.toISOString(),
        lines: valued.map((v) =>
          toLine(
            v.line,
            deadlines.filter((d) => d.line_id === v.line.id),
            v.value,
          ),
        ),
        totals: { sell: totals.sell, cost: totals.cost, margin: totals.margin },
        rates_missing: totals.rates_missing,
      };
    },

    /** A new request and its lines, numbered without gaps, saved together or not at all. */
    async create(ctx: Ctx, body: CreateRequestBody): Promise<RequestRecord> {
      const kind = body.kind ?? 'service';
      may(ctx, requestWriteAccess(kind));
      const now = await ratesNow();
      const lines = body.lines ?? [];
      const id = await db.transaction(async (tx) => {
        const { company } = await checkHeader(tx, kind, body, null);
        await checkLines(
          tx,
          kind,
          lines.map((l, i) => ({ merged: l, changed: l, prefix: `lines.${i}.` })),
        );
        const year = clock().getUTCFullYear();
        const seq = await repo.nextSeq(tx, company!.id, year);
        const row = await repo.insert(tx, {
          number: `${company!.code}-${year}-${String(seq).padStart(5, '0')}`,
          kind,
          company_id: company!.id,
          year,
          seq,
          client_id: body.client_id,
          fo_manager_id: body.fo_manager_id ?? null,
          bo_manager_id: body.bo_manager_id ?? null,
          region_id: body.region_id,
          description: blank(body.description) ?? null,
          base_currency: company!.base_currency,
          search_vector: '',
          created_by: ctx.user.id,
          // the summary below raises it once: a new request answers version 1
          version: 0,
        });
        // after the number: a refused line rolls the number back with everything else
        for (const [i, l] of lines.entries()) await insertLine(tx, row.id, i + 1, l, i + 1);
        await syncVouchers(tx, ctx, { request: row.id });
        await refresh(tx, row, now);
        await recordChange(tx, ctx, REQUEST_ENTITY, row.id, null, {
          ...requestSnapshot(row),
          lines: lines.length,
        });
        // its folder in Documents, "Requests/<number>" (decision 0014)
        await createRequestFolder(tx, ctx, row);
        const client = await repo.client(tx, row.client_id);
        await notifyManagers(tx, ctx, row, client?.name ?? '', [row.fo_manager_id, row.bo_manager_id]);
        return row.id;
      });
      return service.get(id);
    },

    async update(ctx: Ctx, id: number, body: UpdateRequestBody): Promise<RequestRecord> {
      const now = await ratesNow();
      await db.transaction(async (tx) => {
        const row = await lockRequest(tx, ctx, id);
        if (row.version !== body.version) throw AppError.stale();
        if (row.canceled_at) throw CANCELED();
        await checkHeader(tx, row.kind as RequestKind, body, row);
        const values: Partial<RequestInsert> = {};
        if (body.client_id !== undefined) values.client_id = body.client_id;
        if (body.fo_manager_id !== undefined) values.fo_manager_id = body.fo_manager_id;
        if (body.bo_manager_id !== undefined) values.bo_manager_id = body.bo_manager_id;
        if (body.region_id !== undefined) values.region_id = body.region_id;
        if (body.description !== undefined) values.description = blank(body.description) ?? null;
        const updated = await refresh(tx, row, now, values);
        await recordChange(tx, ctx, REQUEST_ENTITY, id, requestSnapshot(row), requestSnapshot(updated));
        const newManagers = [
          updated.fo_manager_id !== row.fo_manager_id ? updated.fo_manager_id : null,
          updated.bo_manager_id !== row.bo_manager_id ? updated.bo_manager_id : null,
        ];
        if (newManagers.some((m) => m !== null)) {
          const client = await repo.client(tx, updated.client_id);
          await notifyManagers(tx, ctx, updated, client?.name ?? '', newManagers);
        }
      });
      return service.get(id);
    },

    /** Deleting is for mistakes: a request with an Invoiced or Accounted line is canceled instead. */
    async remove(ctx: Ctx, id: number): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const row = await lockRequest(tx, ctx, id);
          if (await repo.hasLineIn(tx, id, ['Invoiced', 'Accounted'])) throw NOT_DELETABLE();
          // its folder in Documents goes when empty, else stays unlinked with its files
          await releaseRequestFolder(tx, ctx, id);
          // approved payment vouchers refuse it (400 VOUCHER_APPROVED)
          await withVouchersInStep(tx, ctx, { request: id }, () => repo.delete(tx, id));
          await recordChange(tx, ctx, REQUEST_ENTITY, id, requestSnapshot(row), null);
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw NOT_DELETABLE();
        throw err;
      }
    },

    /** Cancel: unconfirmed and Confirmed lines become Canceled; Invoiced and Accounted stay. */
    async cancel(ctx: Ctx, id: number, body: CancelRequestBody): Promise<RequestRecord> {
      const now = await ratesNow();
      await db.transaction(async (tx) => {
        const row = await lockRequest(tx, ctx, id);
        if (row.version !== body.version) throw AppError.stale();
        if (row.canceled_at) throw NOT_CANCELABLE();
        await repo.cancelOpenLines(tx, id);
        const updated = await refresh(tx, row, now, { canceled_at: clock() });
        // the Inactive payment vouchers go; approved ones stay
        await syncVouchers(tx, ctx, { request: id });
        await recordChange(
          tx,
          ctx,
          REQUEST_ENTITY,
          id,
          requestSnapshot(row),
          requestSnapshot(updated),
          'update',
        );
      });
      return service.get(id);
    },

    /** The newest rates, for a caller that runs `addLineIn` in its own transaction. */
    currentRates: ratesNow,

    ...lineService,

    async deadlines(q: DeadlineListQuery): Promise<ListResult<DeadlineListItem>> {
      const today = todayOf(clock());
      const { rows, total } = await repo.deadlinesPage(
        db,
        {
          due_before: q.due_before,
          overdue: q.overdue,
          request: q.request,
          region: q.region,
          manager: q.manager,
          today,
          desc: q.ordering.startsWith('-'),
          by: q.ordering.replace(/^-/, '') === 'amount' ? 'amount' : 'due_date',
        },
        q.limit,
        q.offset,
      );
      return {
        data: rows.map((r) => toDeadlineItem(r, today)),
        meta: { total, limit: q.limit, offset: q.offset },
      };
    },
  };
  return service;
}

export type RequestsService = ReturnType<typeof createRequestsService>;

import {
  type ConfirmLogBody,
  type CorrectionLogBody,
  type ListResult,
  LOG_MESSAGES,
  type LogAction,
  type LogListQuery,
  type LogRecord,
  type LogRecordDetail,
  type LogRequestStatus,
} from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { toLogEvent, toLogRecord } from './log.mappers.ts';
import { type LogRecordRow, logRepository as repo } from './log.repository.ts';

/**
 * What the LOG needs of the requests service: after lines changed status underneath it, the
 * request's summary (status, margins, search words) and version are rewritten in the same
 * transaction. `prepare` reads what the refresh needs (the newest rates) before the transaction
 * opens: on PGlite's one connection a read outside an open transaction would wait for it forever.
 */
export interface LogSummaryRefresher {
  prepare(): Promise<(ex: Executor, requestId: number) => Promise<void>>;
}

const NOT_FOUND = () => AppError.notFound('LOG record');
const REQUEST_NOT_FOUND = () => AppError.notFound('Request');
const rule = (
  code: 'LOG_NOTHING_TO_SUBMIT' | 'LOG_ALREADY_OPEN' | 'LOG_NOT_OPEN' | 'REQUEST_CANCELED',
  m: string,
) => new AppError(code, m, { rule: true });

/**
 * The LOG hand-over (DOMAIN.md "LOG", decision 0009): BO submits a request (NEW), an accountant
 * CONFIRMs it (its Confirmed and Invoiced lines become Accounted) or sends it FOR CORRECTION with a
 * comment, and BO resubmits (NEW again). Every step is a `log_events` row and a new version.
 */
export function createLogService({ db, summary }: { db: Db; summary: LogSummaryRefresher }) {
  async function detail(ex: Executor, id: number): Promise<LogRecordDetail> {
    const row = await repo.findById(ex, id);
    if (!row) throw NOT_FOUND();
    const events = await repo.eventsOf(ex, id);
    return { ...toLogRecord(row), events: events.map(toLogEvent) };
  }

  async function step(
    ex: Executor,
    ctx: Ctx,
    record: LogRecordRow,
    action: LogAction,
    status: LogRequestStatus,
    comment: string | null,
  ) {
    await repo.insertEvent(ex, { log_id: record.id, action, status, comment, user_id: ctx.user.id });
  }

  /** The record at the version the accountant saw, still NEW. */
  async function reviewable(ex: Executor, id: number, version: number): Promise<LogRecordRow> {
    const record = await repo.findForUpdate(ex, id);
    if (!record) throw NOT_FOUND();
    if (record.version !== version) throw AppError.stale();
    if (record.status !== 'NEW') throw rule('LOG_NOT_OPEN', LOG_MESSAGES.notOpen(record.status));
    return record;
  }

  return {
    async list(q: LogListQuery): Promise<ListResult<LogRecord>> {
      const { rows, total } = await repo.list(db, q);
      return { data: rows.map(toLogRecord), meta: { total, limit: q.limit, offset: q.offset } };
    },

    async get(id: number): Promise<LogRecordDetail> {
      return detail(db, id);
    },

    async submit(ctx: Ctx, requestId: number): Promise<LogRecordDetail> {
      try {
        return await db.transaction(async (tx) => {
          const request = await repo.requestForUpdate(tx, requestId);
          if (!request) throw REQUEST_NOT_FOUND();
          if (request.canceled_at) throw rule('REQUEST_CANCELED', LOG_MESSAGES.requestCanceled);
          const open = await repo.openOf(tx, requestId);
          if (open?.status === 'NEW') throw rule('LOG_ALREADY_OPEN', LOG_MESSAGES.alreadyOpen);
          if ((await repo.handedOverLines(tx, requestId)) === 0)
            throw rule('LOG_NOTHING_TO_SUBMIT', LOG_MESSAGES.nothingToSubmit);
          const values = { status: 'NEW' as const, submitted_by: ctx.user.id, submitted_at: new Date() };
          const record = open
            ? await repo.update(tx, open.id, values)
            : await repo.insert(tx, { ...values, request_id: requestId });
          await step(tx, ctx, record, open ? 'resubmitted' : 'submitted', 'NEW', null);
          return detail(tx, record.id);
        });
      } catch (err) {
        // Two submissions at once: the partial unique index lets one record open.
        if (isUniqueViolation(err, 'log_records_open_key'))
          throw rule('LOG_ALREADY_OPEN', LOG_MESSAGES.alreadyOpen);
        throw err;
      }
    },

    async confirm(ctx: Ctx, id: number, body: ConfirmLogBody): Promise<LogRecordDetail> {
      const refreshSummary = await summary.prepare();
      return db.transaction(async (tx) => {
        const record = await reviewable(tx, id, body.version);
        const updated = await repo.update(tx, id, {
          status: 'CONFIRM',
          reviewed_by: ctx.user.id,
          reviewed_at: new Date(),
        });
        await step(tx, ctx, updated, 'confirmed', 'CONFIRM', null);
        await repo.accountLines(tx, record.request_id);
        await refreshSummary(tx, record.request_id);
        return detail(tx, id);
      });
    },

    async correction(ctx: Ctx, id: number, body: CorrectionLogBody): Promise<LogRecordDetail> {
      return db.transaction(async (tx) => {
        await reviewable(tx, id, body.version);
        const updated = await repo.update(tx, id, {
          status: 'SENT FOR CORRECTION',
          reviewed_by: ctx.user.id,
          reviewed_at: new Date(),
          comment: body.comment,
        });
        await step(tx, ctx, updated, 'sent_for_correction', 'SENT FOR CORRECTION', body.comment);
        return detail(tx, id);
      });
    },
  };
}

export type LogService = ReturnType<typeof createLogService>;

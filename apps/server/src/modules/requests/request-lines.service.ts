import {
  type CreateRequestLineBody,
  REQUEST_MESSAGES,
  type RequestKind,
  type RequestLineStatusBody,
  type RequestRecord,
  type UpdateRequestLineBody,
} from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isForeignKeyViolation } from '../../platform/errors.ts';
import { syncSoldLines } from '../accounting/sales-ledger.sync.ts';
import { syncVouchers, withVouchersInStep } from '../accounting/vouchers.sync.ts';
import { recordChange } from '../audit/audit.service.ts';
import { REQUEST_ENTITY } from './requests.entity.ts';
import { LINE_LOCKED, LINE_NOT_FOUND } from './requests.errors.ts';
import {
  checkDeadlinesWithinCost,
  checkLineEditable,
  checkLines,
  type LineInput,
  lineColumns,
} from './requests.line-rules.ts';
import { lineSnapshot } from './requests.mappers.ts';
import type { RatesNow } from './requests.money.ts';
import { type RequestLineRow, requestsRepository as repo } from './requests.repository.ts';
import { statusMoveValues } from './requests.status-moves.ts';
import { insertLine, lockOpenRequest, refresh } from './requests.write-steps.ts';

type LineSnapshot = ReturnType<typeof lineSnapshot>;

/** The request's line, locked; 404 when it is not a line of this request. */
async function lockLine(tx: Executor, id: number, lineId: number): Promise<RequestLineRow> {
  const line = await repo.lineForUpdate(tx, id, lineId);
  if (!line) throw LINE_NOT_FOUND();
  return line;
}

/** A line's change in the request's history, under the key `line {id}` (null: added or removed). */
function recordLineChange(
  tx: Executor,
  ctx: Ctx,
  id: number,
  lineId: number,
  before: LineSnapshot | null,
  after: LineSnapshot | null,
): Promise<boolean> {
  const key = `line ${lineId}`;
  return recordChange(tx, ctx, REQUEST_ENTITY, id, { [key]: before }, { [key]: after });
}

export interface RequestLinesServiceDeps {
  db: Db;
  /** The newest rates, read before a transaction opens. */
  ratesNow: () => Promise<RatesNow | null>;
  /** The request as the page shows it, answered after a change. */
  get: (id: number) => Promise<RequestRecord>;
}

/** A request's service lines: add, edit, delete and the status moves; part of the requests service. */
export function createRequestLinesService({ db, ratesNow, get }: RequestLinesServiceDeps) {
  const lines = {
    async addLine(ctx: Ctx, id: number, body: CreateRequestLineBody): Promise<RequestRecord> {
      const now = await ratesNow();
      await db.transaction((tx) => lines.addLineIn(tx, ctx, id, body, now));
      return get(id);
    },

    /**
     * `addLine` inside the caller's transaction (a chosen hotel offer): the request locked and
     * open to the caller, the line's rules, the line, the summary and the history. `now` comes from
     * `currentRates()`, read before the transaction opened. Answers the new line.
     */
    async addLineIn(
      tx: Executor,
      ctx: Ctx,
      id: number,
      body: CreateRequestLineBody,
      now: RatesNow | null,
    ): Promise<RequestLineRow> {
      const row = await lockOpenRequest(tx, ctx, id);
      await checkLines(tx, row.kind as RequestKind, [{ merged: body, changed: body, prefix: '' }]);
      const line = await insertLine(tx, id, await repo.nextPosition(tx, id), body);
      await syncVouchers(tx, ctx, { line: line.id });
      await refresh(tx, row, now);
      await recordLineChange(tx, ctx, id, line.id, null, lineSnapshot(line, body.deadlines ?? []));
      return line;
    },

    /**
     * A line's fields and (when given) its deadlines, at the line's version. A Confirmed line
     * keeps its money and service; Invoiced, Accounted and Canceled lines take only deadlines.
     */
    async updateLine(
      ctx: Ctx,
      id: number,
      lineId: number,
      body: UpdateRequestLineBody,
    ): Promise<RequestRecord> {
      const now = await ratesNow();
      await db.transaction(async (tx) => {
        const row = await lockOpenRequest(tx, ctx, id);
        const line = await lockLine(tx, id, lineId);
        if (line.version !== body.version) throw AppError.stale();
        const { version: _version, deadlines, ...fields } = body;
        const changed = Object.fromEntries(
          Object.entries(fields).filter(([, v]) => v !== undefined),
        ) as LineInput;
        checkLineEditable(line.status, Object.keys(changed));
        // leaving Other drops the subtype unless one is given
        if (changed.service_type && changed.service_type !== 'Other' && changed.service_subtype === undefined)
          changed.service_subtype = null;
        const current: LineInput = {
          ...(Object.fromEntries(Object.entries(line).map(([k, v]) => [k, v ?? null])) as LineInput),
        };
        const merged = { ...current, ...changed };
        await checkLines(tx, row.kind as RequestKind, [{ merged, changed, prefix: '' }]);
        const cost = merged.cost ?? line.cost;
        const schedule = deadlines ?? (await repo.deadlinesOfLine(tx, lineId));
        checkDeadlinesWithinCost(schedule, cost);
        const before = lineSnapshot(line, await repo.deadlinesOfLine(tx, lineId));
        // the deadlines keep their ids, and their payment vouchers follow (or refuse the change)
        const updated = await withVouchersInStep(tx, ctx, { line: lineId }, async () => {
          const written = await repo.updateLine(tx, lineId, lineColumns(changed));
          if (deadlines) await repo.writeDeadlines(tx, written, deadlines);
          return written;
        });
        // a line credited back and unconfirmed may take a new cost: the estimated cost of the
        // invoice and credit note lines that sold it follows (an Invoiced line's cost is locked)
        if (changed.cost !== undefined || changed.cost_currency !== undefined)
          await syncSoldLines(tx, [lineId]);
        await refresh(tx, row, now);
        const after = lineSnapshot(updated, await repo.deadlinesOfLine(tx, lineId));
        await recordLineChange(tx, ctx, id, lineId, before, after);
      });
      return get(id);
    },

    /** Only a line not yet confirmed is deleted; a confirmed one is canceled. */
    async removeLine(ctx: Ctx, id: number, lineId: number): Promise<void> {
      const now = await ratesNow();
      try {
        await db.transaction(async (tx) => {
          const row = await lockOpenRequest(tx, ctx, id);
          const line = await lockLine(tx, id, lineId);
          if (line.status !== null) throw LINE_LOCKED(REQUEST_MESSAGES.lineNotDeletable);
          await withVouchersInStep(tx, ctx, { line: lineId }, () => repo.deleteLine(tx, lineId));
          await refresh(tx, row, now);
          await recordLineChange(tx, ctx, id, lineId, lineSnapshot(line), null);
        });
      } catch (err) {
        // credited back and unconfirmed, it is still named by an issued invoice (or a bill)
        if (isForeignKeyViolation(err)) throw LINE_LOCKED(REQUEST_MESSAGES.lineOnDocument);
        throw err;
      }
    },

    /**
     * A status move of decision 0009. Confirm stamps the newest rates (400 NO_RATE_SET when they
     * cannot convert the line); undoing it clears the stamp; Invoiced is for Accountant and Admin.
     */
    async setLineStatus(
      ctx: Ctx,
      id: number,
      lineId: number,
      body: RequestLineStatusBody,
    ): Promise<RequestRecord> {
      const now = await ratesNow();
      await db.transaction(async (tx) => {
        const row = await lockOpenRequest(tx, ctx, id);
        const line = await lockLine(tx, id, lineId);
        if (line.version !== body.version) throw AppError.stale();
        const values = statusMoveValues(line, body.status, row.base_currency, now);
        const updated = await repo.updateLine(tx, lineId, values);
        // a Canceled line's Inactive vouchers go; approved ones stay
        await syncVouchers(tx, ctx, { line: lineId });
        await refresh(tx, row, now);
        await recordLineChange(tx, ctx, id, lineId, lineSnapshot(line), lineSnapshot(updated));
      });
      return get(id);
    },
  };
  return lines;
}

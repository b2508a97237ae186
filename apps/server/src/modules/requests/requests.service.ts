import {
  type Access,
  type AccountStatus,
  ALL_SERVICE_TYPES,
  type CancelRequestBody,
  type CreateRequestBody,
  type CreateRequestLineBody,
  canAccess,
  type DeadlineListItem,
  type DeadlineListQuery,
  type DirectoryListResult,
  deriveRequestStatus,
  isLegalLineMove,
  LINE_INVOICED_ACCESS,
  type ListResult,
  MESSAGES,
  minValueMessage,
  REQUEST_MESSAGES,
  type RequestKind,
  type RequestLineStatusBody,
  type RequestListItem,
  type RequestListQuery,
  type RequestRecord,
  type RequestStatus,
  requestWriteAccess,
  type UpdateRequestBody,
  type UpdateRequestLineBody,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { blank } from '../../platform/column-values.ts';
import { AppError, type FieldErrors, isForeignKeyViolation } from '../../platform/errors.ts';
import { searchVector } from '../../platform/full-text-search.ts';
import { recordChange } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { lineSnapshot, requestSnapshot, toDeadlineItem, toLine, toListItem } from './requests.mappers.ts';
import { type RatesNow, stampOf, totalsOf, valueLine } from './requests.money.ts';
import {
  type RequestFilter,
  type RequestInsert,
  type RequestLineInsert,
  type RequestLineRow,
  type RequestLineWithSupplier,
  type RequestRow,
  requestsRepository as repo,
} from './requests.repository.ts';

export const REQUEST_ENTITY = 'request';

/** The newest rate set, from the rates module (`createRatesService(...).current()`). */
export interface RatesSource {
  current(): Promise<RatesNow | null>;
}

export interface RequestsServiceDeps {
  db: Db;
  rates: RatesSource;
  /** The time numbers (the year) and "today" are taken from; tests pass their own. */
  clock?: () => Date;
}

const NOT_FOUND = () => AppError.notFound('Request');
const LINE_NOT_FOUND = () => AppError.notFound('Service line');
const rule = (code: ConstructorParameters<typeof AppError>[0], message: string) =>
  new AppError(code, message, { rule: true });
const BLACKLISTED = () => rule('CLIENT_BLACKLISTED', REQUEST_MESSAGES.clientBlacklisted);
const CANCELED = () => rule('REQUEST_CANCELED', REQUEST_MESSAGES.requestCanceled);
const LINE_LOCKED = (message: string) => rule('REQUEST_LINE_LOCKED', message);
const NOT_DELETABLE = () => rule('REQUEST_NOT_DELETABLE', REQUEST_MESSAGES.notDeletable);
const ILLEGAL_MOVE = (from: string | null, to: string | null) =>
  rule('ILLEGAL_STATUS_MOVE', REQUEST_MESSAGES.illegalMove(from, to));
const OVER_COST = (line?: number) =>
  rule(
    'DEADLINES_OVER_COST',
    line === undefined
      ? REQUEST_MESSAGES.deadlinesOverCost
      : `Line ${line}: ${REQUEST_MESSAGES.deadlinesOverCost}`,
  );

const isAdminUser = (u: { role: string; type: string }) => u.role === 'Admin' || u.type === 'admin';
const todayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Money and service fields a Confirmed line keeps (its value is stamped). */
const CONFIRMED_EDITABLE = new Set([
  'description',
  'date_from',
  'date_to',
  'hour_from',
  'minute_from',
  'hour_to',
  'minute_to',
  'pax',
  'deadlines',
]);

type LineInput = Partial<Omit<CreateRequestLineBody, 'deadlines'>>;

/** The columns of a line from its body (blank text stored as null). */
function lineColumns(l: LineInput): Partial<RequestLineInsert> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(l)) {
    if (v === undefined || k === 'deadlines' || k === 'version') continue;
    out[k] = blank(v as string);
  }
  return out as Partial<RequestLineInsert>;
}

function deadlinesSum(deadlines: ReadonlyArray<{ amount: string }>): Decimal {
  return deadlines.reduce((s, d) => s.plus(d.amount), new Decimal(0));
}

type SummaryValues = Pick<
  RequestInsert,
  | 'status'
  | 'date_from'
  | 'date_to'
  | 'service_types'
  | 'supplier_names'
  | 'sell_total'
  | 'margin'
  | 'lines_count'
  | 'search_vector'
>;

/** The number's sequence without its padding ("BSLF-2026-00042" → "42"), so "42" finds it. */
export function sequenceWord(number: string): string | null {
  return /-(\d+)$/.exec(number)?.[1]?.replace(/^0+(?=\d)/, '') ?? null;
}

/**
 * The summary columns of a request, from its lines (decision 0009): status, dates, service types,
 * supplier names, sell and margin of the live lines in the base currency (unconfirmed lines at the
 * newest rates), the line count and the search words.
 */
export function summarize(
  request: { number: string; canceled_at: Date | null; description: string | null; base_currency: string },
  clientName: string,
  lines: readonly RequestLineWithSupplier[],
  now: RatesNow | null,
): SummaryValues {
  const live = lines.filter((l) => l.status !== 'Canceled');
  const pool = live.length ? live : lines;
  const starts = pool.map((l) => l.date_from ?? l.date_to).filter((d): d is string => d !== null);
  const ends = pool.map((l) => l.date_to ?? l.date_from).filter((d): d is string => d !== null);
  const totals = totalsOf(
    lines.map((l) => ({ live: l.status !== 'Canceled', value: valueLine(l, request.base_currency, now) })),
  );
  const suppliers = [...new Set(lines.map((l) => l.supplier_name).filter((n): n is string => !!n))];
  const status: RequestStatus = request.canceled_at
    ? 'Canceled'
    : deriveRequestStatus(lines.map((l) => ({ status: l.status as AccountStatus | null })));
  return {
    status,
    date_from: starts.sort()[0] ?? null,
    date_to: ends.sort().at(-1) ?? null,
    service_types: ALL_SERVICE_TYPES.filter((t) => lines.some((l) => l.service_type === t)),
    supplier_names: suppliers.join(', '),
    sell_total: totals.sell,
    margin: totals.margin,
    lines_count: lines.length,
    search_vector: searchVector([
      request.number,
      sequenceWord(request.number),
      clientName,
      ...suppliers,
      ...lines.map((l) => l.hotel_name),
      ...lines.map((l) => l.route),
      request.description,
      ...lines.map((l) => l.description),
    ]),
  };
}

/** The newest rate set as the valuation takes it (null when there is none). */
export async function ratesNowOf(rates: RatesSource): Promise<RatesNow | null> {
  const set = await rates.current();
  return set ? { id: set.id, rates: set.rates } : null;
}

/**
 * Rewrites a request's summary columns from its lines (and any header `extra`), one version up, in
 * the caller's transaction. Every change to lines goes through it: the requests service's own, the
 * LOG's confirm, the demo seed. `request` is the row already locked, or its id (locked here); the
 * rates are read before the transaction opens (`ratesNowOf`): PGlite has one connection. Null when
 * the request does not exist.
 */
export async function refreshSummary(
  tx: Executor,
  request: RequestRow | number,
  now: RatesNow | null,
  extra: Partial<RequestInsert> = {},
): Promise<RequestRow | null> {
  const row = typeof request === 'number' ? await repo.findForUpdate(tx, request) : request;
  if (!row) return null;
  const merged = { ...row, ...extra } as RequestRow;
  const client = await repo.client(tx, merged.client_id);
  const lines = await repo.linesOf(tx, row.id);
  return repo.update(tx, row.id, { ...extra, ...summarize(merged, client?.name ?? '', lines, now) });
}

/**
 * What the LOG's confirm needs (`LogSummaryRefresher`): the rates read now, before its transaction,
 * and the refresh to run inside it.
 */
export function summaryRefresher(rates: RatesSource) {
  return {
    async prepare() {
      const now = await ratesNowOf(rates);
      return async (tx: Executor, requestId: number): Promise<void> => {
        await refreshSummary(tx, requestId, now);
      };
    },
  };
}

export function createRequestsService({ db, rates, clock = () => new Date() }: RequestsServiceDeps) {
  const may = (ctx: Ctx, access: Access) => {
    if (!canAccess(ctx.user, access)) throw AppError.forbidden();
  };

  const ratesNow = () => ratesNowOf(rates);

  /** A manager must be an active user of the role (or an Admin). */
  async function checkManager(ex: Executor, id: number, role: 'FO' | 'BO'): Promise<string | null> {
    const user = await repo.user(ex, id);
    if (!user) return MESSAGES.invalidValue;
    if (!user.is_active) return REQUEST_MESSAGES.inactiveManager;
    if (user.role !== role && !isAdminUser(user)) return REQUEST_MESSAGES.managerRole(role);
    return null;
  }

  /**
   * The header's references: existing, not archived, managers of the right role, and a client
   * that is not blacklisted. Only what changes is checked on an update.
   */
  async function checkHeader(
    ex: Executor,
    kind: RequestKind,
    h: {
      company_id?: number | undefined;
      client_id?: number | undefined;
      fo_manager_id?: number | null | undefined;
      bo_manager_id?: number | null | undefined;
      region_id?: number | undefined;
    },
    current: RequestRow | null,
  ) {
    const errors: FieldErrors = {};
    let company: Awaited<ReturnType<typeof repo.company>> = null;
    let blacklisted = false;
    if (h.company_id !== undefined) {
      company = await repo.company(ex, h.company_id);
      if (!company) errors.company_id = [MESSAGES.invalidValue];
      else if (company.archived_at) errors.company_id = [REQUEST_MESSAGES.archivedRecord];
    }
    if (h.client_id !== undefined && h.client_id !== current?.client_id) {
      const client = await repo.client(ex, h.client_id);
      if (!client) errors.client_id = [MESSAGES.invalidValue];
      else if (client.archived_at) errors.client_id = [REQUEST_MESSAGES.archivedRecord];
      else blacklisted = client.rating === 'Blacklisted';
    }
    const fo = h.fo_manager_id === undefined ? current?.fo_manager_id : h.fo_manager_id;
    if (kind === 'service' && (fo === null || fo === undefined)) errors.fo_manager_id = [MESSAGES.required];
    if (h.fo_manager_id != null && h.fo_manager_id !== current?.fo_manager_id) {
      const problem = await checkManager(ex, h.fo_manager_id, 'FO');
      if (problem) errors.fo_manager_id = [problem];
    }
    if (h.bo_manager_id != null && h.bo_manager_id !== current?.bo_manager_id) {
      const problem = await checkManager(ex, h.bo_manager_id, 'BO');
      if (problem) errors.bo_manager_id = [problem];
    }
    if (h.region_id !== undefined && h.region_id !== current?.region_id) {
      if (!(await repo.regionExists(ex, h.region_id))) errors.region_id = [MESSAGES.invalidValue];
    }
    if (Object.keys(errors).length) throw AppError.fields(errors);
    if (blacklisted) throw BLACKLISTED();
    return { company };
  }

  /**
   * The rules of a line that need the request or the database: the service type against the
   * request's kind, a live supplier (optional only on an Accounting line), a cost above zero but
   * on an Accounting line, Other with its subtype, an end after the start. `prefix` names the
   * field (`lines.2.`) of a line in a new request.
   */
  async function checkLines(
    ex: Executor,
    kind: RequestKind,
    lines: ReadonlyArray<{ merged: LineInput; changed: LineInput; prefix: string }>,
  ): Promise<Map<number, string>> {
    const errors: FieldErrors = {};
    const ids = [
      ...new Set(lines.map((l) => l.changed.supplier_id).filter((id): id is number => id != null)),
    ];
    const found = new Map((await repo.suppliersByIds(ex, ids)).map((s) => [s.id, s]));
    for (const { merged: l, changed, prefix } of lines) {
      const put = (field: string, message: string) => {
        errors[`${prefix}${field}`] ??= [message];
      };
      const accounting = l.service_type === 'Accounting';
      if (kind === 'accounting' && !accounting) put('service_type', REQUEST_MESSAGES.accountingLinesOnly);
      if (kind === 'service' && accounting) put('service_type', REQUEST_MESSAGES.noAccountingLines);
      if (!accounting && l.supplier_id == null) put('supplier_id', MESSAGES.required);
      if (changed.supplier_id != null) {
        const s = found.get(changed.supplier_id);
        if (!s) put('supplier_id', MESSAGES.invalidValue);
        else if (s.archived_at) put('supplier_id', REQUEST_MESSAGES.archivedRecord);
      }
      if (!accounting && l.cost !== undefined && new Decimal(l.cost).isZero())
        put('cost', minValueMessage('0.01'));
      if (l.service_type === 'Other' && !l.service_subtype) put('service_subtype', MESSAGES.required);
      if (l.service_type !== 'Other' && l.service_subtype) put('service_subtype', MESSAGES.invalidValue);
      if (l.date_from && l.date_to && l.date_to < l.date_from) put('date_to', MESSAGES.invalidValue);
    }
    if (Object.keys(errors).length) throw AppError.fields(errors);
    return new Map([...found.values()].map((s) => [s.id, s.name]));
  }

  /** Rewrites the summary columns (and any header `extra`) and raises the request's version once. */
  async function refresh(
    tx: Executor,
    row: RequestRow,
    now: RatesNow | null,
    extra: Partial<RequestInsert> = {},
  ): Promise<RequestRow> {
    return (await refreshSummary(tx, row, now, extra))!;
  }

  /** The request locked for the change, with the caller allowed to change it. */
  async function lockRequest(tx: Executor, ctx: Ctx, id: number, access?: Access): Promise<RequestRow> {
    const row = await repo.findForUpdate(tx, id);
    if (!row) throw NOT_FOUND();
    may(ctx, access ?? requestWriteAccess(row.kind as RequestKind));
    return row;
  }

  async function lockOpenRequest(tx: Executor, ctx: Ctx, id: number, access?: Access): Promise<RequestRow> {
    const row = await lockRequest(tx, ctx, id, access);
    if (row.canceled_at) throw CANCELED();
    return row;
  }

  async function notifyManagers(
    tx: Executor,
    ctx: Ctx,
    request: { id: number; number: string },
    clientName: string,
    managerIds: Array<number | null | undefined>,
  ) {
    const ids = managerIds.filter((id): id is number => id != null && id !== ctx.user.id);
    await notify(tx, ids, {
      type: 'NewRequest',
      title: `New request ${request.number} for ${clientName}`,
      data: { request_id: request.id, number: request.number },
    });
  }

  async function insertLine(
    tx: Executor,
    requestId: number,
    position: number,
    body: CreateRequestLineBody,
    label?: number,
  ): Promise<RequestLineRow> {
    const deadlines = body.deadlines ?? [];
    if (deadlinesSum(deadlines).greaterThan(body.cost)) throw OVER_COST(label);
    const line = await repo.insertLine(tx, {
      ...(lineColumns(body) as RequestLineInsert),
      request_id: requestId,
      position,
    });
    await repo.replaceDeadlines(tx, line, deadlines);
    return line;
  }

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
        await refresh(tx, row, now);
        await recordChange(tx, ctx, REQUEST_ENTITY, row.id, null, {
          ...requestSnapshot(row),
          lines: lines.length,
        });
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
          await repo.delete(tx, id);
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
        if (row.canceled_at) throw rule('REQUEST_NOT_CANCELABLE', REQUEST_MESSAGES.alreadyCanceled);
        await repo.cancelOpenLines(tx, id);
        const updated = await refresh(tx, row, now, { canceled_at: clock() });
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

    async addLine(ctx: Ctx, id: number, body: CreateRequestLineBody): Promise<RequestRecord> {
      const now = await ratesNow();
      await db.transaction((tx) => service.addLineIn(tx, ctx, id, body, now));
      return service.get(id);
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
      await refresh(tx, row, now);
      await recordChange(
        tx,
        ctx,
        REQUEST_ENTITY,
        id,
        { [`line ${line.id}`]: null },
        {
          [`line ${line.id}`]: lineSnapshot(line, body.deadlines ?? []),
        },
      );
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
        const line = await repo.lineForUpdate(tx, id, lineId);
        if (!line) throw LINE_NOT_FOUND();
        if (line.version !== body.version) throw AppError.stale();
        const { version: _version, deadlines, ...fields } = body;
        const changed = Object.fromEntries(
          Object.entries(fields).filter(([, v]) => v !== undefined),
        ) as LineInput;
        const keys = Object.keys(changed);
        if (line.status === 'Confirmed' && keys.some((k) => !CONFIRMED_EDITABLE.has(k)))
          throw LINE_LOCKED(REQUEST_MESSAGES.lineStamped);
        if (line.status !== null && line.status !== 'Confirmed' && keys.length > 0)
          throw LINE_LOCKED(
            line.status === 'Canceled' ? REQUEST_MESSAGES.lineCanceled : REQUEST_MESSAGES.lineLocked,
          );
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
        if (deadlinesSum(schedule).greaterThan(cost)) throw OVER_COST();
        const before = lineSnapshot(line, await repo.deadlinesOfLine(tx, lineId));
        const updated = await repo.updateLine(tx, lineId, lineColumns(changed));
        if (deadlines) await repo.replaceDeadlines(tx, updated, deadlines);
        await refresh(tx, row, now);
        await recordChange(
          tx,
          ctx,
          REQUEST_ENTITY,
          id,
          { [`line ${lineId}`]: before },
          {
            [`line ${lineId}`]: lineSnapshot(updated, await repo.deadlinesOfLine(tx, lineId)),
          },
        );
      });
      return service.get(id);
    },

    /** Only a line not yet confirmed is deleted; a confirmed one is canceled. */
    async removeLine(ctx: Ctx, id: number, lineId: number): Promise<void> {
      const now = await ratesNow();
      await db.transaction(async (tx) => {
        const row = await lockOpenRequest(tx, ctx, id);
        const line = await repo.lineForUpdate(tx, id, lineId);
        if (!line) throw LINE_NOT_FOUND();
        if (line.status !== null) throw LINE_LOCKED(REQUEST_MESSAGES.lineNotDeletable);
        await repo.deleteLine(tx, lineId);
        await refresh(tx, row, now);
        await recordChange(
          tx,
          ctx,
          REQUEST_ENTITY,
          id,
          { [`line ${lineId}`]: lineSnapshot(line) },
          {
            [`line ${lineId}`]: null,
          },
        );
      });
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
        const row = await lockOpenRequest(
          tx,
          ctx,
          id,
          body.status === 'Invoiced' ? LINE_INVOICED_ACCESS : undefined,
        );
        const line = await repo.lineForUpdate(tx, id, lineId);
        if (!line) throw LINE_NOT_FOUND();
        if (line.version !== body.version) throw AppError.stale();
        if (!isLegalLineMove(line.status as AccountStatus | null, body.status))
          throw ILLEGAL_MOVE(line.status, body.status);
        let values: Partial<RequestLineInsert> = { status: body.status };
        if (body.status === 'Confirmed') {
          const stamp = stampOf(line, row.base_currency, now);
          if (!stamp)
            throw rule(
              'NO_RATE_SET',
              REQUEST_MESSAGES.noRatesToConfirm(
                [...new Set([line.sell_currency, line.cost_currency])].join(', '),
              ),
            );
          values = { ...values, ...stamp };
        } else if (body.status === null) {
          values = {
            ...values,
            rate_set_id: null,
            sell_rate: null,
            cost_rate: null,
            sell_base: null,
            cost_base: null,
          };
        }
        const updated = await repo.updateLine(tx, lineId, values);
        await refresh(tx, row, now);
        await recordChange(
          tx,
          ctx,
          REQUEST_ENTITY,
          id,
          { [`line ${lineId}`]: lineSnapshot(line) },
          { [`line ${lineId}`]: lineSnapshot(updated) },
        );
      });
      return service.get(id);
    },

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

import { type AccountStatus, ALL_SERVICE_TYPES, deriveRequestStatus, type RequestStatus } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { searchVector } from '../../platform/full-text-search.ts';
import { type RatesNow, totalsOf, valueLine } from './requests.money.ts';
import {
  type RequestInsert,
  type RequestLineWithSupplier,
  type RequestRow,
  requestsRepository as repo,
} from './requests.repository.ts';

/** The newest rate set, from the rates module (`createRatesService(...).current()`). */
export interface RatesSource {
  current(): Promise<RatesNow | null>;
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

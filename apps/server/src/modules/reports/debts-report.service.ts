import {
  type CurrencyCode,
  DEBTS_BUCKETS,
  DEBTS_TOP,
  type DebtsBuckets,
  type DebtsCellDocument,
  type DebtsCellQuery,
  type DebtsCurrencyTotal,
  type DebtsReport,
  type DebtsReportQuery,
  type DebtsReportRow,
  type DebtsSide,
  type DebtsTopRow,
  findRate,
  type ListResult,
  RATE_CURRENCIES,
  type RateLike,
  type RateSide,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/client.ts';
import { todayOf } from '../accounting/invoices.deps.ts';
import { voucherLabel } from '../accounting/settlement.ts';
import {
  type DebtsDocumentRow,
  type DebtsQuery,
  type DebtsRate,
  type DebtsResultRow,
  debtsReportRepository as repo,
} from './debts-report.repository.ts';

export interface DebtsReportDeps {
  db: Db;
  /** The rates module's set in force at the end of a day. */
  rates: {
    onDate(date: string): Promise<{ id: number; created_at: string; rates: readonly RateLike[] } | null>;
  };
  /** "Today" (UTC) when no as-of day is given; tests pass their own. */
  clock?: () => Date;
}

/**
 * Client debts are converted at the sell rate (the client-facing one, as invoices are), supplier
 * debts at the buy rate (supplier costs, DOMAIN.md "Exchange rates").
 */
const RATE_SIDE: Record<DebtsSide, RateSide> = { clients: 'sell', suppliers: 'buy' };

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
/** Rates to 6 places, as stored (a cross rate is kept to 6 too). */
const rateText = (rate: string | null) => (rate === null ? null : new Decimal(rate).toFixed(6));
const round2 = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

function bucketsOf(r: Pick<DebtsResultRow, 'b1' | 'b2' | 'b3' | 'b4'>): DebtsBuckets {
  return {
    '0-30': money(r.b1 ?? 0),
    '31-60': money(r.b2 ?? 0),
    '61-90': money(r.b3 ?? 0),
    '90+': money(r.b4 ?? 0),
  };
}

const toRow = (r: DebtsResultRow): DebtsReportRow => ({
  counterparty: { id: r.counterparty_id!, name: r.name! },
  currency: r.currency as CurrencyCode,
  buckets: bucketsOf(r),
  total: money(r.total!),
  total_converted: r.total_converted === null ? null : money(r.total_converted),
});

/** The link a person opens a document on; a voucher is seen on its request. */
export function documentUrl(r: Pick<DebtsDocumentRow, 'kind' | 'id' | 'request_id'>): string {
  switch (r.kind) {
    case 'invoice':
    case 'credit_note':
      return `/accounting/client-invoices/${r.id}`;
    case 'bill':
      return `/accounting/supplier-invoices/${r.id}`;
    case 'voucher':
      return `/requests/${r.request_id}`;
  }
}

function toDocument(r: DebtsDocumentRow): DebtsCellDocument {
  return {
    kind: r.kind,
    id: r.id,
    number:
      r.kind === 'voucher'
        ? voucherLabel(r.voucher_type ?? '', r.due_date, r.request_number ?? '')
        : r.number!,
    issue_date: r.issue_date,
    due_date: r.due_date,
    days_overdue: r.days_overdue,
    total: money(r.total),
    open: money(r.open),
    url: documentUrl(r),
  };
}

/** The buckets added up: a total that is the sum of the figures shown beside it. */
const bucketsTotal = (b: DebtsBuckets) =>
  money(DEBTS_BUCKETS.reduce((acc, k) => acc.plus(b[k]), new Decimal(0)));

/**
 * Converted totals: each bucket's per-currency sums times their rates, added exactly and rounded
 * once; the total is those rounded buckets added. Null when a currency present has no rate.
 */
function convertedTotals(byCurrency: DebtsCurrencyTotal[]): DebtsReport['totals']['converted'] {
  if (byCurrency.some((c) => c.rate === null)) return null;
  const sum = (pick: (c: DebtsCurrencyTotal) => string) =>
    money(
      round2(byCurrency.reduce((acc, c) => acc.plus(new Decimal(pick(c)).times(c.rate!)), new Decimal(0))),
    );
  const buckets = Object.fromEntries(DEBTS_BUCKETS.map((b) => [b, sum((c) => c.buckets[b])])) as DebtsBuckets;
  return { buckets, total: bucketsTotal(buckets) };
}

export function createDebtsReportService({ db, rates, clock = () => new Date() }: DebtsReportDeps) {
  const asOfOf = (q: { as_of?: string | undefined }) => q.as_of ?? todayOf(clock());

  /** The set in force on the day and each document currency's rate to the chosen one (null: none). */
  async function conversion(asOf: string, side: DebtsSide, currency: CurrencyCode) {
    const set = await rates.onDate(asOf);
    const rateOf = new Map<string, string | null>(
      RATE_CURRENCIES.map((c) => [
        c,
        c === currency ? '1' : set ? (findRate(set.rates, c, currency, RATE_SIDE[side])?.rate ?? null) : null,
      ]),
    );
    return { set, rateOf };
  }

  function queryOf(
    q: DebtsReportQuery,
    asOf: string,
    rateOf: Map<string, string | null>,
    page: { limit: number; offset: number },
  ): DebtsQuery {
    const known: DebtsRate[] = [...rateOf].flatMap(([c, rate]) =>
      rate === null ? [] : [{ currency: c, rate }],
    );
    return {
      side: q.side,
      asOf,
      company: q.company,
      counterparty: q.counterparty,
      rates: known,
      ordering: q.ordering,
      limit: page.limit,
      offset: page.offset,
      top: DEBTS_TOP,
    };
  }

  return {
    async report(q: DebtsReportQuery): Promise<DebtsReport> {
      const asOf = asOfOf(q);
      const { set, rateOf } = await conversion(asOf, q.side, q.currency);
      const result = await repo.report(db, queryOf(q, asOf, rateOf, q));
      const rows: DebtsReportRow[] = [];
      const byCurrency: DebtsCurrencyTotal[] = [];
      const top: DebtsTopRow[] = [];
      let count = 0;
      for (const r of result.sort((a, b) => a.seq - b.seq)) {
        if (r.part === 'row') rows.push(toRow(r));
        else if (r.part === 'currency')
          byCurrency.push({
            currency: r.currency as CurrencyCode,
            buckets: bucketsOf(r),
            total: money(r.total!),
            rate: rateText(rateOf.get(r.currency!) ?? null),
          });
        else if (r.part === 'top') {
          const buckets = bucketsOf(r);
          top.push({
            counterparty: { id: r.counterparty_id!, name: r.name! },
            buckets,
            total: bucketsTotal(buckets),
          });
        } else count = r.seq;
      }
      byCurrency.sort((a, b) => RATE_CURRENCIES.indexOf(a.currency) - RATE_CURRENCIES.indexOf(b.currency));
      return {
        side: q.side,
        as_of: asOf,
        currency: q.currency,
        rows,
        meta: { total: count, limit: q.limit, offset: q.offset },
        totals: { by_currency: byCurrency, converted: convertedTotals(byCurrency) },
        rate_set: set ? { id: set.id, created_at: set.created_at } : null,
        missing_rates: byCurrency.filter((c) => c.rate === null).map((c) => c.currency),
        top,
      };
    },

    /**
     * The first `max` rows of the report in its order, for the export: one read of the same query
     * (paging it would sum every open document again for each page), its size bounded by `max`.
     */
    async exportRows(q: DebtsReportQuery, max: number): Promise<{ asOf: string; rows: DebtsReportRow[] }> {
      const asOf = asOfOf(q);
      const { rateOf } = await conversion(asOf, q.side, q.currency);
      const result = await repo.report(db, queryOf(q, asOf, rateOf, { limit: max, offset: 0 }));
      const rows = result
        .filter((r) => r.part === 'row')
        .sort((a, b) => a.seq - b.seq)
        .map(toRow);
      return { asOf, rows };
    },

    async cell(q: DebtsCellQuery): Promise<ListResult<DebtsCellDocument>> {
      const { rows, total } = await repo.cell(
        db,
        {
          side: q.side,
          asOf: asOfOf(q),
          company: q.company,
          counterparty: q.counterparty,
          currency: q.currency,
          bucket: q.bucket,
        },
        { limit: q.limit, offset: q.offset },
      );
      return { data: rows.map(toDocument), meta: { total, limit: q.limit, offset: q.offset } };
    },
  };
}

export type DebtsReportService = ReturnType<typeof createDebtsReportService>;

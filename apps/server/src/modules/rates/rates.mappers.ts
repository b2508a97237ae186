import {
  type CurrencyCode,
  RATE_DP,
  type RateRecord,
  type RateSet,
  type Region,
  rateSetRecords,
  toDecimal,
  toFixedText,
} from '@app/shared';
import type { NewRateRow, RateRow, RateSetRow } from './rates.repository.ts';
import type { RegionRow } from './regions.repository.ts';

export function toRateRecord(row: RateRow): RateRecord {
  return {
    id: row.id,
    rate_set_id: row.rate_set_id,
    original_currency: { named: row.original_currency as CurrencyCode },
    target_currency: { named: row.target_currency as CurrencyCode },
    rate: row.rate,
    rate_sell: row.rate_sell,
    rate_buy: row.rate_buy,
    created_at: row.created_at.toISOString(),
  };
}

export function toRateSet(set: RateSetRow, rates: RateRow[]): RateSet {
  return {
    id: set.id,
    created_at: set.created_at.toISOString(),
    created_by:
      set.created_by !== null && set.created_by_name !== null
        ? { id: set.created_by, name: set.created_by_name }
        : null,
    rates: rates.filter((r) => r.rate_set_id === set.id).map(toRateRecord),
  };
}

export function toRegion(row: RegionRow): Region {
  return { id: row.id, title: row.title, ccy: row.ccy as CurrencyCode };
}

/** NUMERIC(18,6) text as the database will hold it, so what we store is what we answer. */
export const asStored = (value: string): string => toFixedText(toDecimal(value)!, RATE_DP);

/** Rows of a set from the sell and buy of its pairs (keyed like pairsObj), inverses derived. */
export function toNewRows(values: Record<string, string>): NewRateRow[] {
  return rateSetRecords(values).map((r) => ({
    original_currency: r.original,
    target_currency: r.target,
    rate: asStored(r.rate),
    rate_sell: asStored(r.rate_sell),
    rate_buy: asStored(r.rate_buy),
  }));
}

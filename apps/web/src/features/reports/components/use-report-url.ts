import { useEffect, useState } from 'react';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';

/**
 * What a report read from its URL: the query it runs, each URL filter as the query used it
 * (undefined: not used), the ordering it runs, and why a value worth telling about was not used.
 */
export interface ReportUrlReading<Q> {
  query: Q;
  used: Readonly<Record<string, string | undefined>>;
  ordering?: string | undefined;
  refusal?: string | null;
}

/** The URL filters the report did not use as written: each replaced by what it used, or removed. */
export function unusedFilters(
  filters: Readonly<Record<string, string>>,
  used: Readonly<Record<string, string | undefined>>,
): Record<string, string | null> {
  const fixes: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(filters)) if (used[key] !== value) fixes[key] = used[key] ?? null;
  return fixes;
}

const sameFilters = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The URL says what runs: a value the report could not use (a hand-edited link, a period too long)
 * is replaced in the URL, and so in the saved filters and "Clear filters", by what the report runs
 * instead. A refusal worth telling (the period, the day) is answered as a notice until the person
 * changes a filter.
 */
export function useReportUrl(list: ListStateApi, reading: ReportUrlReading<unknown>): string | null {
  const { setFilters, setOrdering } = list;
  const { filters, ordering } = list.state;
  const fixes = unusedFilters(filters, reading.used);
  const fixKey = JSON.stringify(fixes);
  const badOrdering = ordering !== reading.ordering;
  const refusal = reading.refusal ?? null;
  const [notice, setNotice] = useState<{ text: string; filters: Record<string, string> } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fixKey stands for the fixes' content
  useEffect(() => {
    if (fixKey !== '{}') {
      if (refusal) {
        const after = { ...filters };
        for (const [key, value] of Object.entries(fixes)) {
          if (value) after[key] = value;
          else delete after[key];
        }
        setNotice({ text: refusal, filters: after });
      }
      setFilters(fixes);
    } else if (badOrdering) setOrdering(undefined);
  }, [fixKey, badOrdering, refusal, setFilters, setOrdering]);

  return notice && sameFilters(notice.filters, filters) ? notice.text : null;
}

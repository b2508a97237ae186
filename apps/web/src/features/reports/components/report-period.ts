import { MONTH_PATTERN } from '@app/shared/accounting/period-locks.schemas';
import { monthRangeTitle, monthsBetween } from '@app/shared/reports/fin-report.schemas';

/** Whole months, both ends included (`YYYY-MM`). */
export interface ReportPeriod {
  month_from: string;
  month_to: string;
}

/** Without a period in the URL: the calendar year of `now`, January to December. */
export function defaultPeriod(now: Date): ReportPeriod {
  const year = now.getFullYear();
  return { month_from: `${year}-01`, month_to: `${year}-12` };
}

/**
 * The period of a report's URL (`month_from`, `month_to`). Both ends are needed, in order and at
 * most `maxMonths` apart; otherwise the calendar year of `now` runs and `refusal` says why, so the
 * page can tell the person the link's period was not used.
 */
export function readReportPeriod(
  filters: Readonly<Record<string, string>>,
  now: Date,
  maxMonths: number,
): ReportPeriod & { refusal: string | null } {
  const { month_from: from, month_to: to } = filters;
  if (from === undefined && to === undefined) return { ...defaultPeriod(now), refusal: null };
  if (
    from !== undefined &&
    to !== undefined &&
    MONTH_PATTERN.test(from) &&
    MONTH_PATTERN.test(to) &&
    to >= from &&
    monthsBetween(from, to) <= maxMonths
  )
    return { month_from: from, month_to: to, refusal: null };
  const fallback = defaultPeriod(now);
  return {
    ...fallback,
    refusal: `The period in the link was not valid (both months, the first not after the last, at most ${maxMonths} months): showing ${monthRangeTitle(fallback.month_from, fallback.month_to)}.`,
  };
}

/** While one end of a range is picked: the other may be at most `maxMonths` away (both counted). */
export function periodBounds(
  start: string | null,
  maxMonths: number,
): { minDate?: string; maxDate?: string } {
  if (!start) return {};
  const [y, m] = start.split('-').map(Number) as [number, number];
  const month = (offset: number) => {
    const index = y * 12 + (m - 1) + offset;
    return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  };
  return { minDate: month(-(maxMonths - 1)), maxDate: month(maxMonths - 1) };
}

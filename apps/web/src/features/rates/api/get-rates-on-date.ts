import type { RateSet } from '@app/shared/rates/rates.schemas';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { http } from '../../../lib/http/http-client.ts';
import { ratesKeys } from './rates-keys.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The day as the API takes it, YYYY-MM-DD. A Date gives its calendar day where the browser is
 * (a date picker's midnight stays on its day); a text that starts with a date keeps that date
 * ('2026-03-05T23:30:00Z' is 5 March); other text is read as a date, and left as it is when it is
 * not one (the server then says so).
 */
export function toApiDate(date: Date | string): string {
  if (typeof date === 'string') {
    const written = DATE_ONLY.exec(date.trim());
    if (written) return written[0];
    const parsed = dayjs(date);
    return parsed.isValid() ? parsed.format('YYYY-MM-DD') : date;
  }
  return dayjs(date).format('YYYY-MM-DD');
}

/** GET rates/on-date/?date=YYYY-MM-DD: the set in force at the end of that day, or null. */
export async function getRatesOnDate(date: Date | string): Promise<RateSet | null> {
  return (await http.get<{ data: RateSet | null }>('rates/on-date/', { query: { date: toApiDate(date) } }))
    .data;
}

export function useRatesOnDate(date: Date | string | null) {
  const day = date === null ? null : toApiDate(date);
  return useQuery({
    queryKey: ratesKeys.onDate(day ?? ''),
    queryFn: () => getRatesOnDate(day!),
    enabled: day !== null,
  });
}

import { monthTitle } from '@app/shared/accounting/period-locks.schemas';

/** How many past months the Close a month picker offers. */
export const CLOSABLE_MONTHS = 24;

/**
 * The months that can be closed on `today`: only ended ones (the current month cannot be
 * closed), newest first, as `{ value: 'YYYY-MM', named: 'March 2026' }`.
 */
export function closableMonths(today: Date, count = CLOSABLE_MONTHS): { value: string; named: string }[] {
  const months: { value: string; named: string }[] = [];
  let year = today.getFullYear();
  let month = today.getMonth(); // 0-based: the previous month, 1-based
  for (let i = 0; i < count; i++) {
    if (month === 0) {
      year -= 1;
      month = 12;
    }
    const value = `${year}-${String(month).padStart(2, '0')}`;
    months.push({ value, named: monthTitle(value) });
    month -= 1;
  }
  return months;
}

import { monthTitle } from '@app/shared/accounting/period-locks.schemas';

/** `2026-03` → `Mar 2026`. */
export const shortMonth = (month: string) => monthTitle(month).replace(/^(\w{3})\w*/, '$1');

/** `"20.00"` → `20.00%`; none → a dash. */
export const formatPercent = (percent: string | null) => (percent === null ? '—' : `${percent}%`);

/** Figures line up in columns. */
export const NUMERIC = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

import { MONTH_PATTERN, monthField } from '../accounting/period-locks.schemas.ts';
import { dateField } from '../validation/fields.schemas.ts';
import { maxDateMessage, minDateMessage } from '../validation/messages.ts';

/**
 * The days a report may be asked about. PostgreSQL has no year 0 (`'0000-01-01'::date` fails),
 * JavaScript's `Date.UTC` reads years 0-99 as 1900-1999, and Debts ages back 90 days from its
 * day: bounds well inside both keep every such value a 400 instead of a 500 or a wrong period.
 * 1900 leaves Debts its 90 days (1899 is a valid date everywhere).
 */
export const REPORT_MIN_DATE = '1900-01-01';
export const REPORT_MAX_DATE = '2999-12-31';

/** A report's day (`YYYY-MM-DD`) between REPORT_MIN_DATE and REPORT_MAX_DATE. */
export const reportDateField = () => dateField({ min: REPORT_MIN_DATE, max: REPORT_MAX_DATE });

/** A report's month (`YYYY-MM`) whose first day is between REPORT_MIN_DATE and REPORT_MAX_DATE. */
export const reportMonthField = () =>
  monthField().superRefine((v, ctx) => {
    if (!MONTH_PATTERN.test(v)) return;
    const first = `${v}-01`;
    if (first < REPORT_MIN_DATE) ctx.addIssue({ code: 'custom', message: minDateMessage(REPORT_MIN_DATE) });
    if (first > REPORT_MAX_DATE) ctx.addIssue({ code: 'custom', message: maxDateMessage(REPORT_MAX_DATE) });
  });

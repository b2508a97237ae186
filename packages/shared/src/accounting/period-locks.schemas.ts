import { z } from 'zod';
import { idField, queryIdField } from '../validation/fields.schemas.ts';
import { CompanyRefSchema, RefSchema } from './accounting.common.ts';

/** A month as `YYYY-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = () => z.string().trim().regex(MONTH_PATTERN, 'Choose a month (YYYY-MM)');

/** A closed month of a company (decision 0011, "Period locks"). `month` is its first day. */
export const PeriodLockSchema = z.object({
  company: CompanyRefSchema,
  month: z.string(),
  locked: z.boolean(),
  locked_at: z.string(),
  locked_by: RefSchema.nullable(),
  reopened_at: z.string().nullable(),
  reopened_by: RefSchema.nullable(),
});
export type PeriodLock = z.infer<typeof PeriodLockSchema>;

/** `POST period-locks/` (Accountant, Admin): close a month. */
export const PeriodLockBodySchema = z.strictObject({ company: idField(), month: monthField() });
export type PeriodLockBody = z.infer<typeof PeriodLockBodySchema>;

/** `GET period-locks/`: the locks (and reopened ones), newest month first. */
export const PeriodLockListQuerySchema = z.object({ company: queryIdField().optional() });
export type PeriodLockListQuery = z.infer<typeof PeriodLockListQuerySchema>;

/** `DELETE period-locks/{company}/{month}/` (Admin only): reopen. */
export const PeriodLockParamsSchema = z.object({ company: queryIdField(), month: monthField() });

/** `'March 2026'` from `2026-03` or `2026-03-01`. */
export function monthTitle(month: string): string {
  const [y, m] = month.split('-');
  const name = new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${y}`;
}

export const PERIOD_LOCK_MESSAGES = {
  locked: (month: string, company: string) =>
    `${monthTitle(month)} is closed for ${company}; an Admin can reopen it`,
  alreadyLocked: (month: string, company: string) => `${monthTitle(month)} is already closed for ${company}`,
  notLocked: (month: string, company: string) => `${monthTitle(month)} is not closed for ${company}`,
  future: 'A month that has not ended cannot be closed',
} as const;

import { ACCOUNT_TYPES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sqlValueList } from '../../db/sql-values.ts';
import { users } from '../users/users.table.ts';

/**
 * The TOMS VAT rate per account type, in percent (null = not subject), as an Admin set it. An
 * account type without a row uses `VAT_RATE_DEFAULTS` (`@app/shared`).
 */
export const reportVatRates = pgTable(
  'report_vat_rates',
  {
    account_type: varchar('account_type', { length: 20 }).primaryKey(),
    rate: numeric('rate', { precision: 5, scale: 2 }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('report_vat_rates_account_type_check', sql`${t.account_type} in (${sqlValueList(ACCOUNT_TYPES)})`),
    check('report_vat_rates_rate_check', sql`${t.rate} is null or (${t.rate} >= 0 and ${t.rate} <= 100)`),
  ],
);

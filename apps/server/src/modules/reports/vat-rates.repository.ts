import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { reportVatRates } from './vat-rates.table.ts';

export interface VatRateRow {
  account_type: string;
  rate: string | null;
  updated_at: Date;
  updated_by_id: number | null;
  updated_by_name: string | null;
}

/** The TOMS VAT rates an Admin set (account types without a row use the defaults). */
export const vatRatesRepository = {
  async list(ex: Executor): Promise<VatRateRow[]> {
    return ex
      .select({
        account_type: reportVatRates.account_type,
        rate: reportVatRates.rate,
        updated_at: reportVatRates.updated_at,
        updated_by_id: reportVatRates.updated_by,
        updated_by_name: users.name,
      })
      .from(reportVatRates)
      .leftJoin(users, eq(users.id, reportVatRates.updated_by))
      .orderBy(asc(reportVatRates.account_type));
  },

  /**
   * Takes the setting for the rest of the transaction, rows or not yet, so two Admins saving at
   * once queue and each records what it really replaced.
   */
  async lock(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('report_vat_rates'))`);
  },

  async upsert(
    tx: Executor,
    rates: ReadonlyArray<{ account_type: string; rate: string | null }>,
    userId: number,
  ): Promise<void> {
    await tx
      .insert(reportVatRates)
      .values(rates.map((r) => ({ account_type: r.account_type, rate: r.rate, updated_by: userId })))
      .onConflictDoUpdate({
        target: reportVatRates.account_type,
        set: { rate: sql`excluded.rate`, updated_by: sql`excluded.updated_by`, updated_at: sql`now()` },
      });
  },
};

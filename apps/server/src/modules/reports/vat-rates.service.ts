import {
  ACCOUNT_TYPES,
  type AccountType,
  VAT_RATE_AUDIT_ENTITY,
  VAT_RATE_DEFAULTS,
  VAT_RATES_AUDIT_ID,
  type VatRate,
  type VatRatesBody,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { recordChange } from '../audit/audit.service.ts';
import { vatRatesRepository as repo } from './vat-rates.repository.ts';

export type VatRatesByType = Record<AccountType, string | null>;

/** `"20.00"` and `"20"` are the same rate: one spelling, the shortest. */
const plainRate = (rate: string | null): string | null =>
  rate === null ? null : new Decimal(rate).toString();

async function current(ex: Executor): Promise<VatRate[]> {
  const rows = await repo.list(ex);
  return ACCOUNT_TYPES.map((type) => {
    const row = rows.find((r) => r.account_type === type);
    if (!row)
      return { account_type: type, rate: VAT_RATE_DEFAULTS[type], updated_at: null, updated_by: null };
    return {
      account_type: type,
      rate: plainRate(row.rate),
      updated_at: row.updated_at.toISOString(),
      updated_by:
        row.updated_by_id !== null && row.updated_by_name !== null
          ? { id: row.updated_by_id, name: row.updated_by_name }
          : null,
    };
  });
}

const byType = (rates: readonly VatRate[]): VatRatesByType =>
  Object.fromEntries(rates.map((r) => [r.account_type, r.rate])) as VatRatesByType;

/**
 * The TOMS VAT rate per account type (percent; null = not subject): a setting everyone who reads
 * Fin-Report sees and an Admin edits. The setting is not dated: a new rate applies to every
 * period the report is run for, which is what the person changing it asks for.
 */
export function createVatRatesService({ db }: { db: Db }) {
  return {
    list: (): Promise<VatRate[]> => current(db),

    async byType(ex: Executor = db): Promise<VatRatesByType> {
      return byType(await current(ex));
    },

    /** Saves the rates that changed, with one history line listing them. */
    async update(ctx: Ctx, body: VatRatesBody): Promise<VatRate[]> {
      return db.transaction(async (tx) => {
        await repo.lock(tx);
        const before = byType(await current(tx));
        const changed = body.rates
          .map((r) => ({ account_type: r.account_type, rate: plainRate(r.rate) }))
          .filter((r) => r.rate !== before[r.account_type]);
        if (changed.length === 0) return current(tx);
        await repo.upsert(tx, changed, ctx.user.id);
        const after = { ...before, ...Object.fromEntries(changed.map((r) => [r.account_type, r.rate])) };
        await recordChange(tx, ctx, VAT_RATE_AUDIT_ENTITY, VAT_RATES_AUDIT_ID, before, after);
        return current(tx);
      });
    },
  };
}
export type VatRatesService = ReturnType<typeof createVatRatesService>;

import { z } from 'zod';
import { DecimalString } from '../api/envelope.ts';
import { decimalField, uniqueArray } from '../validation/fields.schemas.ts';
import { ACCOUNT_TYPES, type AccountType } from '../value-lists.ts';

/**
 * The TOMS VAT rate per account type, in percent (DOMAIN.md "Reports"). TOMS VAT is charged on
 * the margin, which is VAT-inclusive, so the VAT due is margin × rate / (100 + rate): at the UK's
 * 20% that is 1/6 of the margin, exactly. `null` = not subject to TOMS VAT (Disbursement: passed
 * on at cost), `0` = zero-rated (travel outside the EU).
 */
export const VAT_RATE_DEFAULTS: Record<AccountType, string | null> = {
  'Toms EU': '20',
  'Toms non EU': '0',
  Disbursement: null,
};

export const VatRateSchema = z.object({
  account_type: z.enum(ACCOUNT_TYPES),
  /** Percent, up to 2 places; null = none. */
  rate: DecimalString.nullable(),
  /** Null while the default is in force. */
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type VatRate = z.infer<typeof VatRateSchema>;

/**
 * The setting's history: one audit entity, one record (id 1), each change listing the account
 * types whose rate moved (`GET audit/?entity=vat_rate&entity_id=1`).
 */
export const VAT_RATE_AUDIT_ENTITY = 'vat_rate';
export const VAT_RATES_AUDIT_ID = 1;

/** A rate as entered: percent, 0 to 100, up to 2 places. */
export const vatRateField = () => decimalField({ scale: 2, min: '0', max: '100' });

/** `PUT reports/vat-rates/`: every account type at once, each once. */
export const VatRatesBodySchema = z.strictObject({
  rates: uniqueArray(
    z.strictObject({
      account_type: z.enum(ACCOUNT_TYPES),
      rate: vatRateField().nullable(),
    }),
    (r) => r.account_type,
  ).length(ACCOUNT_TYPES.length),
});
export type VatRatesBody = z.infer<typeof VatRatesBodySchema>;

export const vatRatesEnvelope = z.object({ data: z.array(VatRateSchema) });

/** `"20"` → `"20%"`, null → `Not subject`. */
export function vatRateLabel(rate: string | null): string {
  return rate === null ? 'Not subject' : `${rate}%`;
}

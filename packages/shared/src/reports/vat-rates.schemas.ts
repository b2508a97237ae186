import { z } from 'zod';
import { DecimalString } from '../api/envelope.ts';
import { decimalField } from '../validation/fields.schemas.ts';
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

/** `PUT reports/vat-rates/`: every account type at once. */
export const VatRatesBodySchema = z.strictObject({
  rates: z
    .array(
      z.strictObject({
        account_type: z.enum(ACCOUNT_TYPES),
        rate: decimalField({ scale: 2, min: '0', max: '100' }).nullable(),
      }),
    )
    .length(ACCOUNT_TYPES.length),
});
export type VatRatesBody = z.infer<typeof VatRatesBodySchema>;

import { z } from 'zod';
import { DecimalString } from '../api/envelope.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import { dateField, enumField } from '../validation/fields.schemas.ts';

/**
 * Shared pieces of the four reports (decision 0012). Every money figure is a decimal string;
 * `currency` is the currency totals are shown in (default GBP).
 */
export const ReportCurrencyQuery = enumField(RATE_CURRENCIES).default('GBP');

/** A period is whole days, both ends included; `date_to` on or after `date_from`. */
export const reportPeriodShape = {
  date_from: dateField(),
  date_to: dateField(),
};

/** Fin-Report and Clients count a line in the month of its service date or of its invoice. */
export const REPORT_BASES = ['service', 'invoice'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
/** The basis switch's labels, also read lower-case in the reports' descriptions ("by departure date"). */
export const REPORT_BASIS_LABELS: Record<ReportBasis, string> = {
  service: 'Departure date',
  invoice: 'Invoice date',
};

/** A download of the report as filtered: `format=csv|xlsx`. */
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** An amount per currency (the document currencies a total is made of). */
export const ReportCurrencyAmountSchema = z.object({
  currency: z.enum(RATE_CURRENCIES),
  amount: DecimalString,
});
export type ReportCurrencyAmount = z.infer<typeof ReportCurrencyAmountSchema>;

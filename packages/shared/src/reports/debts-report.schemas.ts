/** Debts (ageing as of a date): the Debts helper writes the query, row and cell schemas here. */
export const DEBTS_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type DebtsBucket = (typeof DEBTS_BUCKETS)[number];

/** Fin-Report (TOMS): the Fin-Report helper writes the query, row and total schemas here. */
export const FIN_REPORT_EXCEPTION_KINDS = ['no_account_type', 'negative_margin', 'estimated_cost'] as const;
export type FinReportExceptionKind = (typeof FIN_REPORT_EXCEPTION_KINDS)[number];

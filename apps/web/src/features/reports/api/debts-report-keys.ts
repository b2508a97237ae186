import type { DebtsCellQuery, DebtsReportQuery } from '@app/shared/reports/debts-report.schemas';

/** The report as the page asks for it: the filters the URL holds and a page of rows. */
export type DebtsReportParams = Partial<Omit<DebtsReportQuery, 'format'>> &
  Pick<DebtsReportQuery, 'side' | 'currency' | 'ordering' | 'limit' | 'offset'>;

/** One cell's documents: the report's side, day and company, the row and the bucket. */
export type DebtsCellParams = Partial<DebtsCellQuery> &
  Pick<DebtsCellQuery, 'side' | 'counterparty' | 'currency' | 'bucket' | 'limit' | 'offset'>;

export const debtsReportKeys = {
  all: ['reports', 'debts'] as const,
  report: (params: DebtsReportParams) => ['reports', 'debts', 'report', params] as const,
  cell: (params: DebtsCellParams) => ['reports', 'debts', 'cell', params] as const,
};

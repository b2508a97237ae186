import type { ListResult } from '@app/shared';
import type { DebtsCellDocument } from '@app/shared/reports/debts-report.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type DebtsCellParams, debtsReportKeys } from './debts-report-keys.ts';

/** GET reports/debts/cell/: the documents behind one cell, oldest due first. */
export function listDebtsCell(params: DebtsCellParams, signal?: AbortSignal) {
  return http.get<ListResult<DebtsCellDocument>>('reports/debts/cell/', { query: { ...params }, signal });
}

/** Nothing is asked while no cell is open (`params` null). */
export function useDebtsCell(params: DebtsCellParams | null) {
  return useQuery({
    queryKey: debtsReportKeys.cell(params ?? ({} as DebtsCellParams)),
    queryFn: ({ signal }) => listDebtsCell(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

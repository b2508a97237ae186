import type { ListResult } from '@app/shared';
import type { DebtsCellDocument } from '@app/shared/reports/debts-report.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type DebtsCellParams, debtsReportKeys } from './debts-report-keys.ts';

/** GET reports/debts/cell/: the documents behind one cell, oldest due first. */
export function listDebtsCell(params: DebtsCellParams, signal?: AbortSignal) {
  return http.get<ListResult<DebtsCellDocument>>('reports/debts/cell/', { query: { ...params }, signal });
}

/** The cell a query is for, whatever its page. */
function cellOf(params: unknown): string | null {
  if (!params || typeof params !== 'object') return null;
  const { limit: _limit, offset: _offset, ...cell } = params as DebtsCellParams;
  return JSON.stringify(Object.entries(cell).sort());
}

/**
 * Nothing is asked while no cell is open (`params` null). Paging within one cell keeps its rows
 * on screen while the next page comes; another cell starts empty, so one cell's documents are never
 * listed under another's title.
 */
export function useDebtsCell(params: DebtsCellParams | null) {
  return useQuery({
    queryKey: debtsReportKeys.cell(params ?? ({} as DebtsCellParams)),
    queryFn: ({ signal }) => listDebtsCell(params!, signal),
    enabled: params !== null,
    placeholderData: (previous, previousQuery) =>
      params && cellOf(previousQuery?.queryKey[3]) === cellOf(params) ? previous : undefined,
  });
}

import type { StatementImport } from '@app/shared/banking/statement-import.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../../lib/http/http-client.ts';
import { refreshTransactions } from '../transactions/transaction-mutation.ts';
import { statementImportKeys } from './statement-import-keys.ts';

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 500;

/** GET transactions/import/{id}/: how far the import is, then its counts and refused rows. */
export async function getStatementImport(id: number, signal?: AbortSignal): Promise<StatementImport> {
  return (
    await http.get<{ data: StatementImport }>(`transactions/import/${id}/`, { signal, ignoreLoading: true })
  ).data;
}

/**
 * The import's progress, asked for every IMPORT_POLL_MS while it runs and no more once it is done
 * or failed; then the transaction lists are refreshed (they hold the new lines).
 */
export function useStatementImport(id: number | null, initial?: StatementImport) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: statementImportKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getStatementImport(id ?? 0, signal),
    enabled: id !== null,
    initialData: initial && initial.id === id ? initial : undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : IMPORT_POLL_MS),
  });
  const finished = query.data !== undefined && query.data.status !== 'running';
  useEffect(() => {
    if (finished) void refreshTransactions(client);
  }, [finished, client]);
  return query;
}

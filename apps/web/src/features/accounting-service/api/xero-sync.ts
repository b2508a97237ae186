import type { XeroSyncKind, XeroSyncRun } from '@app/shared/xero/xero.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { xeroKeys } from '../../../lib/xero/xero-keys.ts';
import { isRunActive } from '../../../lib/xero/xero-text.ts';

/** How often a run under way is asked for its progress. */
export const RUN_POLL_MS = 1000;

/**
 * Starts a run, or answers the one already queued or running: `GET xero/contacts/` (spec 7) for
 * the contacts, `POST xero/invoices/` for invoices, bills and payments.
 */
export async function startXeroSync(kind: XeroSyncKind): Promise<XeroSyncRun> {
  const answer =
    kind === 'contacts'
      ? await http.get<{ data: XeroSyncRun }>('xero/contacts/')
      : await http.post<{ data: XeroSyncRun }>('xero/invoices/');
  return answer.data;
}

/** GET xero/runs/{id}/: a run's progress. */
export async function getXeroRun(id: number, signal?: AbortSignal): Promise<XeroSyncRun> {
  return (await http.get<{ data: XeroSyncRun }>(`xero/runs/${id}/`, { signal, ignoreLoading: true })).data;
}

/** One run, asked again about every second while it is queued or running. */
export function useXeroRun(id: number | null) {
  return useQuery({
    queryKey: xeroKeys.run(id ?? 0),
    queryFn: ({ signal }) => getXeroRun(id as number, signal),
    enabled: id !== null,
    // the answer that started the run is fresh: the first poll comes a second later
    staleTime: RUN_POLL_MS,
    refetchInterval: (query) => (isRunActive(query.state.data) ? RUN_POLL_MS : false),
  });
}

import type { XeroStatus } from '@app/shared/xero/xero.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { xeroKeys } from './xero-keys.ts';

/**
 * GET xero/isauth/ (Admin and Accountant): configured, authorized, the organisation and the run
 * under way. Quiet: the menu says itself when the server could not answer, rather than a toast on
 * every page load.
 */
export async function getXeroStatus(signal?: AbortSignal): Promise<XeroStatus> {
  return (await http.get<{ data: XeroStatus }>('xero/isauth/', { signal, quiet: true, ignoreLoading: true }))
    .data;
}

export function useXeroStatus(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: xeroKeys.status,
    queryFn: ({ signal }) => getXeroStatus(signal),
    enabled: options.enabled ?? true,
  });
}

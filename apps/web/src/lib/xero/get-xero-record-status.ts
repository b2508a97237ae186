import type { XeroRecordKind, XeroRecordStatus } from '@app/shared/xero/xero.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { xeroKeys } from './xero-keys.ts';

/** GET xero/records/{kind}/{id}/: where one record stands in Xero (pushed, refused, or not yet). */
export async function getXeroRecordStatus(
  kind: XeroRecordKind,
  id: number,
  signal?: AbortSignal,
): Promise<XeroRecordStatus> {
  return (
    await http.get<{ data: XeroRecordStatus }>(`xero/records/${kind}/${id}/`, {
      signal,
      quiet: true,
      ignoreLoading: true,
    })
  ).data;
}

export function useXeroRecordStatus(kind: XeroRecordKind, id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: xeroKeys.record(kind, id),
    queryFn: ({ signal }) => getXeroRecordStatus(kind, id, signal),
    enabled: options.enabled ?? true,
  });
}

import type { XeroSettings } from '@app/shared/xero/xero.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { xeroKeys } from '../../../lib/xero/xero-keys.ts';

/** GET xero/settings/: the account codes pushed invoices, bills and payments are coded with. */
export async function getXeroSettings(signal?: AbortSignal): Promise<XeroSettings> {
  return (await http.get<{ data: XeroSettings }>('xero/settings/', { signal })).data;
}

/** PUT xero/settings/: a 400's field messages go under the dialog's fields. */
export async function saveXeroSettings(settings: XeroSettings): Promise<XeroSettings> {
  return (await http.put<{ data: XeroSettings }>('xero/settings/', settings, { fieldErrors: 'inline' })).data;
}

export function useXeroSettings(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: xeroKeys.settings,
    queryFn: ({ signal }) => getXeroSettings(signal),
    enabled: options.enabled ?? true,
    staleTime: 0,
  });
}

export function useSaveXeroSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveXeroSettings,
    onSuccess: (settings) => client.setQueryData(xeroKeys.settings, settings),
  });
}

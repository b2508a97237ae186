import type { Workspace } from '@app/shared/accounting/workspace.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

/** GET accounting/workspace/: every count and the rates' age in one round trip. */
export async function getWorkspace(signal?: AbortSignal): Promise<Workspace> {
  return (await http.get<{ data: Workspace }>('accounting/workspace/', { signal })).data;
}

export function useWorkspace() {
  return useQuery({
    queryKey: workspaceKeys.all,
    queryFn: ({ signal }) => getWorkspace(signal),
    // the counts move as colleagues work: fresh on every visit and when the window comes back
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

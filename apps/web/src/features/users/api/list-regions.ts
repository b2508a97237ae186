import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

export interface RegionOption {
  id: number;
  title: string;
  ccy: string;
}

export const regionsKey = ['regions'] as const;

/** GET region/ (spec 7) for the region select; the list is short and rarely changes. */
export async function listRegions(): Promise<RegionOption[]> {
  return (await http.get<{ data: RegionOption[] }>('region/', { quiet: [404] })).data;
}

export function useRegions() {
  return useQuery({ queryKey: regionsKey, queryFn: listRegions, staleTime: 10 * 60_000 });
}

import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { billsKeys } from './bills-keys.ts';

/** A supplier with lines on the request that a bill may take (Confirmed or later). */
export interface RequestSupplier {
  id: number;
  name: string;
  lineIds: number[];
}

const BILLABLE: readonly (string | null)[] = ['Confirmed', 'Invoiced', 'Accounted'];

/** The suppliers of a request's confirmed lines, in the order they first appear. */
export function requestSuppliers(request: RequestRecord): RequestSupplier[] {
  const found = new Map<number, RequestSupplier>();
  for (const line of request.lines) {
    if (!line.supplier || !BILLABLE.includes(line.status)) continue;
    const entry = found.get(line.supplier.id) ?? { ...line.supplier, lineIds: [] };
    entry.lineIds.push(line.id);
    found.set(line.supplier.id, entry);
  }
  return [...found.values()];
}

/**
 * GET requests/{id}/ for "Record bill" on a request's page (`?new=1&request=…`): which suppliers
 * the new bill can be for, and the lines to preselect.
 */
export function useBillSourceRequest(id: number | null) {
  return useQuery({
    queryKey: billsKeys.sourceRequest(id ?? 0),
    queryFn: async ({ signal }) => {
      const request = (await http.get<{ data: RequestRecord }>(`requests/${id}/`, { signal })).data;
      return { number: request.number, suppliers: requestSuppliers(request) };
    },
    enabled: id !== null,
  });
}

import type { DirectoryListResult } from '@app/shared/directory/index';
import type { RequestLine, RequestListItem, RequestRecord } from '@app/shared/requests/requests.schemas';
import { useQueries, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { billsKeys } from './bills-keys.ts';

/** How many of the supplier's most recent requests the new-bill dialog offers lines from. */
export const SOURCE_REQUESTS_LIMIT = 20;

/** A request line a bill can take: the supplier's, Confirmed or later, not Canceled. */
export interface BillableLine {
  request: Pick<RequestRecord, 'id' | 'number' | 'status'> & { company: RequestRecord['company'] };
  line: RequestLine;
}

const BILLABLE_STATUSES: readonly string[] = ['Confirmed', 'Invoiced', 'Accounted'];

/** The lines of a request that a bill of this supplier can be recorded against. */
export function billableLines(request: RequestRecord, supplierId: number): BillableLine[] {
  return request.lines
    .filter((line) => line.supplier?.id === supplierId && BILLABLE_STATUSES.includes(line.status ?? ''))
    .map((line) => ({
      request: { id: request.id, number: request.number, status: request.status, company: request.company },
      line,
    }));
}

/**
 * The supplier's most recent requests: `GET requests/` has no supplier filter, so its search (which
 * covers the lines' supplier names) is asked for the name, and requests whose suppliers do not
 * include it exactly are dropped. Whether a line is already billed is not known here: the server
 * answers `line_already_billed` naming it.
 */
export function useSupplierRequests(supplier: { id: number; name: string } | null) {
  return useQuery({
    queryKey: billsKeys.sourceRequests(supplier?.id ?? 0),
    enabled: supplier !== null,
    queryFn: async ({ signal }) => {
      const name = supplier?.name ?? '';
      const answer = await http.get<DirectoryListResult<RequestListItem>>('requests/', {
        query: { search: name, limit: SOURCE_REQUESTS_LIMIT, ordering: '-created_at' },
        signal,
      });
      const folded = name.trim().toLowerCase();
      return answer.data.filter((r) =>
        r.supplier_names.split(', ').some((n) => n.trim().toLowerCase() === folded),
      );
    },
  });
}

/** GET requests/{id}/ for each request the dialog shows lines of. */
export function useSourceRequests(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: billsKeys.sourceRequest(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http.get<{ data: RequestRecord }>(`requests/${id}/`, { signal }).then((a) => a.data),
    })),
  });
}

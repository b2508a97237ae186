import type { ListResult } from '@app/shared/api/envelope';
import type { FinReportException, FinReportExceptionList } from '@app/shared/reports/fin-report.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import {
  type FinReportExceptionsList,
  type FinReportExceptionsParams,
  finReportKeys,
} from './fin-report-keys.ts';

/** GET reports/fin-report/exceptions/: a further page of one exception list ("Show more"). */
export function listFinReportExceptions(
  params: FinReportExceptionsParams,
  signal?: AbortSignal,
): Promise<ListResult<FinReportException>> {
  return http.get<ListResult<FinReportException>>('reports/fin-report/exceptions/', {
    query: { ...params },
    signal,
  });
}

/** Rows a "Show more" adds. */
export const FIN_REPORT_EXCEPTIONS_MORE = 25;

/**
 * One exception list, page after page: the first is the report's own (`first`), each further one
 * is asked for on "Show more" from where the rows end. A new report (other filters) is another
 * list; refreshing the report (a VAT rate saved) refreshes it too.
 */
export function useFinReportExceptions(list: FinReportExceptionsList, first: FinReportExceptionList) {
  return useInfiniteQuery({
    queryKey: finReportKeys.exceptions(list),
    queryFn: ({ pageParam, signal }) =>
      pageParam === 0
        ? listFinReportExceptions({ ...list, limit: Math.max(first.rows.length, 1), offset: 0 }, signal)
        : listFinReportExceptions({ ...list, limit: FIN_REPORT_EXCEPTIONS_MORE, offset: pageParam }, signal),
    initialPageParam: 0,
    initialData: {
      pages: [
        { data: first.rows, meta: { total: first.total, limit: first.rows.length, offset: 0 } },
      ] as ListResult<FinReportException>[],
      pageParams: [0],
    },
    // the first page came with the report: nothing to ask until "Show more" or a refresh
    staleTime: Number.POSITIVE_INFINITY,
    getNextPageParam: (_last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      const total = pages.at(-1)?.meta.total ?? 0;
      return loaded < total ? loaded : undefined;
    },
  });
}

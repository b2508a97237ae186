import type { ListResult } from '@app/shared/api/envelope';
import type { FinReportException } from '@app/shared/reports/fin-report.schemas';
import { http } from '../../../lib/http/http-client.ts';
import type { FinReportExceptionsParams } from './fin-report-keys.ts';

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

import type { Executor } from '../../db/client.ts';
import type { LogSummaryRefresher } from './log.service.ts';
import { requestsRepository } from './requests.repository.ts';
import { type RatesSource, summarize } from './requests.service.ts';

/**
 * Rewrites a request's summary columns after the LOG moved its lines (Accounted), the way the
 * requests service does after its own changes: `summarize` over the lines, one version up.
 */
export function createSummaryRefresher({ rates }: { rates: RatesSource }): LogSummaryRefresher {
  return {
    async refreshSummary(ex: Executor, requestId: number): Promise<void> {
      const row = await requestsRepository.findForUpdate(ex, requestId);
      if (!row) return;
      const client = await requestsRepository.client(ex, row.client_id);
      const lines = await requestsRepository.linesOf(ex, requestId);
      await requestsRepository.update(
        ex,
        requestId,
        summarize(row, client?.name ?? '', lines, await rates.current()),
      );
    },
  };
}

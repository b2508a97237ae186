import type { Executor } from '../../db/client.ts';
import type { LogSummaryRefresher } from './log.service.ts';
import type { RatesNow } from './requests.money.ts';
import { requestsRepository } from './requests.repository.ts';
import { type RatesSource, summarize } from './requests.service.ts';

/**
 * Rewrites a request's summary columns after the LOG moved its lines (Accounted), the way the
 * requests service does after its own changes: `summarize` over the lines, one version up.
 */
export function createSummaryRefresher({ rates }: { rates: RatesSource }): LogSummaryRefresher {
  return {
    async prepare() {
      const now = await rates.current();
      return (ex: Executor, requestId: number) => refreshSummary(ex, requestId, now);
    },
  };
}

/** The summary columns of one request rewritten from its lines, one version up. */
export async function refreshSummary(ex: Executor, requestId: number, now: RatesNow | null): Promise<void> {
  const row = await requestsRepository.findForUpdate(ex, requestId);
  if (!row) return;
  const client = await requestsRepository.client(ex, row.client_id);
  const lines = await requestsRepository.linesOf(ex, requestId);
  await requestsRepository.update(ex, requestId, summarize(row, client?.name ?? '', lines, now));
}

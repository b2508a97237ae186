import {
  STALE_RATE_DAYS,
  WORKSPACE_COUNT_LABELS,
  WORKSPACE_COUNTS,
  type Workspace,
  type WorkspaceCountKey,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { isoWeekSunday } from './vouchers.service.ts';
import { FOLD_AT, foldWorkspaceCounts, workspaceCounts } from './workspace.repository.ts';

/**
 * The list each count opens, with the filter that shows exactly what was counted (the web list
 * pages keep their filters in the URL under these names).
 */
export const WORKSPACE_HREFS: Record<WorkspaceCountKey, string> = {
  unmatched_transactions: '/accounting/transactions?match_status=unmatched',
  // a line's status, not the request's: a request In progress with a Confirmed line is counted
  // and listed (a canceled request has none: canceling cancels its Confirmed lines)
  invoices_to_issue: '/requests?line_status=Confirmed',
  overdue_invoices: '/accounting/client-invoices?overdue=true',
  vouchers_due: '/accounting/supplier-invoices?tab=vouchers&due=week',
  // the LOG-report lists LOG records; `status` as `GET log/` names it
  log_waiting: '/reports/log-report?status=NEW',
};
export const RATES_HREF = '/accounting/exchange-rates';

const DAY_MS = 86_400_000;

export interface WorkspaceServiceDeps {
  db: Db;
  /** "Now": today (UTC) for overdue and this week, and the rates' age. Tests pass their own. */
  clock?: () => Date;
}

/** The Accountant's landing page (decision 0011, "Workspace"): every count in one round trip. */
export function createWorkspaceService({ db, clock = () => new Date() }: WorkspaceServiceDeps) {
  return {
    async get(): Promise<Workspace> {
      const now = clock();
      const today = now.toISOString().slice(0, 10);
      const row = await workspaceCounts(db, { today, sunday: isoWeekSunday(today) });
      // the kept counts' change rows are folded now and then, by a read that finds many
      if (row.deltas > FOLD_AT) await foldWorkspaceCounts(db);
      const newest = row.newest_set_at === null ? null : new Date(row.newest_set_at);
      const ageMs = newest === null ? null : Math.max(0, now.getTime() - newest.getTime());
      return {
        counts: WORKSPACE_COUNTS.map((key) => ({
          key,
          label: WORKSPACE_COUNT_LABELS[key],
          count: row[key],
          href: WORKSPACE_HREFS[key],
        })),
        rates: {
          newest_set_at: newest === null ? null : newest.toISOString(),
          age_days: ageMs === null ? null : Math.floor(ageMs / DAY_MS),
          // no rate set at all is as stale as it gets
          stale: ageMs === null || ageMs > STALE_RATE_DAYS * DAY_MS,
          href: RATES_HREF,
        },
      };
    },
  };
}
export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

import {
  LOG_REPORT_CONFIRM_BANDS,
  type LogReport,
  type LogReportFilter,
  type LogReportQuery,
  type LogReportRow,
  type LogRequestStatus,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { type LogReportSource, logReportRepository as repo } from './log-report.repository.ts';

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function toLogReportRow(r: LogReportSource): LogReportRow {
  return {
    id: r.id,
    status: r.status as LogRequestStatus,
    request: { id: r.request_id, number: r.request_number, url: `/requests/${r.request_id}` },
    client: { id: r.client_id, name: r.client_name },
    office: { id: r.office_id, title: r.office_title },
    fo_manager: ref(r.fo_id, r.fo_name),
    bo_manager: ref(r.bo_id, r.bo_name),
    submitted_at: r.submitted_at,
    last_event_at: r.last_event_at,
    confirmed_at: r.confirmed_at,
    corrections: r.corrections,
    time_to_confirm: r.time_to_confirm,
    assignee: ref(r.assignee_id, r.assignee_name),
  };
}

/** The filters of a report query (paging and the download format set apart). */
export function logReportFilterOf(q: LogReportFilter & Record<string, unknown>): LogReportFilter {
  const { search, status, office, manager, date_from, date_to, ordering } = q;
  return { search, status, office, manager, date_from, date_to, ordering };
}

/** LOG-report (decision 0012): read-only over `log_records`, `log_events` and the requests. */
export function createLogReportService({ db }: { db: Db }) {
  return {
    async report(q: Omit<LogReportQuery, 'format'>): Promise<LogReport> {
      const filter = logReportFilterOf(q);
      const [rows, t] = await Promise.all([
        repo.page(db, filter, { limit: q.limit, offset: q.offset }),
        repo.totals(db, filter),
      ]);
      const records = t.new + t.sent + t.confirmed;
      return {
        data: rows.map(toLogReportRow),
        meta: { total: records, limit: q.limit, offset: q.offset },
        summary: {
          records,
          by_status: { NEW: t.new, 'SENT FOR CORRECTION': t.sent, CONFIRM: t.confirmed },
          average_time_to_confirm: t.average,
          median_time_to_confirm: t.median,
          corrections: t.corrections,
          time_to_confirm_bands: LOG_REPORT_CONFIRM_BANDS.map((b, i) => ({
            band: b.band,
            records: t.bands[i] ?? 0,
          })),
        },
      };
    },

    /** Every matching record's id in report order (at most `max`), and a loader of rows by ids. */
    async matches(filter: LogReportFilter, max: number) {
      const ids = await repo.ids(db, filter, max);
      const load = async (page: number[]): Promise<LogReportRow[]> => {
        const byId = new Map((await repo.byIds(db, page)).map((r) => [r.id, toLogReportRow(r)]));
        return page.flatMap((id) => byId.get(id) ?? []);
      };
      return { ids, load };
    },
  };
}

export type LogReportService = ReturnType<typeof createLogReportService>;

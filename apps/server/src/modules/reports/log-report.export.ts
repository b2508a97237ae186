import { LOG_REPORT_EXPORT_MAX_ROWS, type LogReportFilter, type LogReportRow } from '@app/shared';
import { type Cell, type ExportTable, idPages } from '../../platform/export-writers.ts';
import type { LogReportService } from './log-report.service.ts';

const PAGE = 1000;

const HEADERS = [
  'Request',
  'Status',
  'Client',
  'Office',
  'FO manager',
  'BO manager',
  'First submitted (UTC)',
  'Last step (UTC)',
  'Confirmed (UTC)',
  'Corrections',
  'Hours to confirm',
  'Waiting on',
];

/** `2026-03-02T09:15:30.000Z` → `2026-03-02 09:15`: text a spreadsheet sorts as it reads. */
const minute = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : null);

/** Seconds → hours to two places, a plain number (a duration, not money). */
export const hoursOf = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 36) / 100);

const cells = (r: LogReportRow): Cell[] => [
  r.request.number,
  r.status,
  r.client.name,
  r.office.title,
  r.fo_manager?.name ?? null,
  r.bo_manager?.name ?? null,
  minute(r.submitted_at),
  minute(r.last_event_at),
  minute(r.confirmed_at),
  r.corrections,
  hoursOf(r.time_to_confirm),
  r.status === 'NEW' ? 'Accounting' : (r.assignee?.name ?? null),
];

/** `GET reports/log-report/?format=`: the filtered records in report order, read by pages of ids. */
export function logReportExportTable(report: LogReportService, filter: LogReportFilter): ExportTable {
  return {
    name: 'LOG-report',
    headers: HEADERS,
    pages: (async function* () {
      const { ids, load } = await report.matches(filter, LOG_REPORT_EXPORT_MAX_ROWS);
      yield* idPages(ids, PAGE, load, cells);
    })(),
  };
}

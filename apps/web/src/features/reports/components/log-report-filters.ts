import {
  LOG_REPORT_DEFAULT_ORDERING,
  LOG_REPORT_ORDERINGS,
  LOG_REPORT_STATUS_LABELS,
} from '@app/shared/reports/log-report.schemas';
import { formatDisplayDate } from '@app/shared/validation/messages';
import { LOG_REQUEST_STATUSES, type LogRequestStatus } from '@app/shared/value-lists';
import { dayOf, idOf, oneOf } from '../../../ui/list/filter-values.ts';
import type { ListState } from '../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../ui/list/use-list-state.ts';
import type { LogReportParams } from '../api/log-report-keys.ts';
import type { ReportUrlReading } from './use-report-url.ts';

/**
 * LOG-report in the URL, named as the API names them: `search` (request number), `status`
 * (`NEW,SENT FOR CORRECTION`), `office`, `manager`, `date_from` and `date_to` (first
 * submission), `ordering`, paging. The accounting workspace's "LOG requests waiting" card opens
 * `?status=NEW`.
 */
export const LOG_REPORT_LIST: ListStateOptions = {
  listPath: '/reports/log-report',
  filterKeys: ['status', 'office', 'manager', 'date_from', 'date_to'],
  defaultOrdering: LOG_REPORT_DEFAULT_ORDERING,
  defaultPageSize: 50,
};

/** The statuses as the request's page and the table's badges write them. */
export const LOG_STATUS_OPTIONS = [...LOG_REQUEST_STATUSES];

/** The statuses of the URL the API knows, in their list order. */
export function statusesOf(raw: string | undefined): LogRequestStatus[] {
  const given = new Set((raw ?? '').split(','));
  return LOG_REQUEST_STATUSES.filter((s) => given.has(s));
}

/**
 * The page's query for the list state. Values the API would refuse (a hand-edited URL: an
 * unknown status or ordering, an id that is not a number, a day not on the calendar, a period
 * ending before it starts) are left out rather than sent, and so out of the URL.
 */
export function readLogReport(state: ListState): ReportUrlReading<LogReportParams> {
  const f = state.filters;
  const ordering = oneOf(LOG_REPORT_ORDERINGS, state.ordering) ?? LOG_REPORT_DEFAULT_ORDERING;
  const query: LogReportParams = {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering,
  };
  const search = state.search.trim();
  if (search) query.search = search.slice(0, 100);
  const statuses = statusesOf(f.status);
  if (statuses.length) query.status = statuses.join(',');
  const office = idOf(f.office);
  if (office !== undefined) query.office = office;
  const manager = idOf(f.manager);
  if (manager !== undefined) query.manager = manager;
  const from = dayOf(f.date_from);
  const to = dayOf(f.date_to);
  if (from) query.date_from = from;
  if (to && (!from || to >= from)) query.date_to = to;
  return {
    query,
    used: {
      status: query.status,
      office: office === undefined ? undefined : f.office,
      manager: manager === undefined ? undefined : f.manager,
      date_from: query.date_from,
      date_to: query.date_to,
    },
    ordering,
  };
}

/** Why there is nothing to show, in the words of the filters applied. */
export function logReportEmptyText(query: LogReportParams): string {
  const statuses = statusesOf(query.status).map((s) => LOG_REPORT_STATUS_LABELS[s].toLowerCase());
  const parts = ['No LOG records'];
  if (statuses.length) parts.push(statuses.join(' or '));
  if (query.search) parts.push(`with a request number containing “${query.search}”`);
  if (query.office !== undefined) parts.push('in this office');
  if (query.manager !== undefined) parts.push('for this manager');
  if (query.date_from && query.date_to)
    parts.push(
      `first submitted between ${formatDisplayDate(query.date_from)} and ${formatDisplayDate(query.date_to)}`,
    );
  else if (query.date_from) parts.push(`first submitted on or after ${formatDisplayDate(query.date_from)}`);
  else if (query.date_to) parts.push(`first submitted on or before ${formatDisplayDate(query.date_to)}`);
  if (parts.length === 1)
    return 'No request has been submitted to accounting yet: a LOG record opens when BO submits a request with a confirmed or invoiced line.';
  return `${parts.join(' ')}.`;
}

/** Seconds as people say them: `2 d 4 h`, `5 h 20 min`, `12 min`, `< 1 min`; nothing: a dash. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return '< 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(seconds / 3600);
  if (hours < 24) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}

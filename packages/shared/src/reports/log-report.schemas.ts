import { z } from 'zod';
import { ListMetaSchema, ListQuerySchema } from '../api/envelope.ts';
import { orderingQuery, orderingsOf, queryList, StaffRefSchema } from '../directory/common.schemas.ts';
import { enumField, queryIdField, searchField } from '../validation/fields.schemas.ts';
import { MESSAGES } from '../validation/messages.ts';
import { LOG_REQUEST_STATUSES, type LogRequestStatus } from '../value-lists.ts';
import { reportDateField } from './report-dates.schemas.ts';
import { REPORT_FORMATS } from './reports.common.ts';

/**
 * LOG-report (decision 0012): every LOG record with its request, managers, dates, the number of
 * times it was sent for correction and the time from its first submission to its confirmation.
 * Times are whole seconds in the API; the web shows them as "2 d 4 h", the export as hours.
 */
export const LOG_REPORT_CORRECTION_STATUS: LogRequestStatus = 'SENT FOR CORRECTION';

export const LOG_REPORT_STATUS_LABELS: Record<LogRequestStatus, string> = {
  NEW: 'Waiting for accounting',
  'SENT FOR CORRECTION': 'Sent for correction',
  CONFIRM: 'Confirmed',
};

/** `submitted` = first submission (default, newest first); `confirmed` and `time_to_confirm` put unconfirmed records last. */
export const LOG_REPORT_ORDERINGS = orderingsOf(['submitted', 'confirmed', 'corrections', 'time_to_confirm']);
export type LogReportOrdering = (typeof LOG_REPORT_ORDERINGS)[number];
export const LOG_REPORT_DEFAULT_ORDERING: LogReportOrdering = '-submitted';

/** At most this many rows in a download (newest first by default); the page says when it cuts. */
export const LOG_REPORT_EXPORT_MAX_ROWS = 100_000;

const logReportFilterShape = {
  /** Part of the request number (`00042`, `BSLF-2026`). */
  search: searchField(100).optional(),
  /** `NEW,SENT FOR CORRECTION` or the parameter repeated. */
  status: queryList(enumField(LOG_REQUEST_STATUSES), LOG_REQUEST_STATUSES.length).optional(),
  /** The request's office (region) id. */
  office: queryIdField().optional(),
  /** The request's FO or BO manager. */
  manager: queryIdField().optional(),
  /** First submission on or after this UTC day. */
  date_from: reportDateField().optional(),
  /** First submission on or before this UTC day. */
  date_to: reportDateField().optional(),
  ordering: orderingQuery(LOG_REPORT_ORDERINGS, LOG_REPORT_DEFAULT_ORDERING),
};

function periodInOrder(
  q: { date_from?: string | undefined; date_to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.date_from && q.date_to && q.date_to < q.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: MESSAGES.invalidValue });
}

/** The filters alone: what the summary covers and what a download holds. */
export const LogReportFilterSchema = z.object(logReportFilterShape).superRefine(periodInOrder);
export type LogReportFilter = z.infer<typeof LogReportFilterSchema>;

/** `GET reports/log-report/`: a page of records and the summary; with `format`, the file instead. */
export const LogReportQuerySchema = z
  .object({
    limit: ListQuerySchema.shape.limit,
    offset: ListQuerySchema.shape.offset,
    ...logReportFilterShape,
    format: enumField(REPORT_FORMATS).optional(),
  })
  .superRefine(periodInOrder);
export type LogReportQuery = z.infer<typeof LogReportQuerySchema>;

export const LogReportRowSchema = z.object({
  /** The LOG record's id. */
  id: z.number().int(),
  status: z.enum(LOG_REQUEST_STATUSES),
  request: z.object({ id: z.number().int(), number: z.string(), url: z.string() }),
  client: z.object({ id: z.number().int(), name: z.string() }),
  office: z.object({ id: z.number().int(), title: z.string() }),
  fo_manager: StaffRefSchema.nullable(),
  bo_manager: StaffRefSchema.nullable(),
  /** First submission (ISO date-time): the record opens with it and keeps it through resubmissions. */
  submitted_at: z.string(),
  /** The record's last step: a submission, a correction or the confirmation. */
  last_event_at: z.string(),
  /** Null until CONFIRM. */
  confirmed_at: z.string().nullable(),
  /** How many times an accountant sent it for correction. */
  corrections: z.number().int(),
  /** Seconds from the first submission to the confirmation; null until CONFIRM. */
  time_to_confirm: z.number().int().nullable(),
  /**
   * Who has to act: the person who submitted it while it is SENT FOR CORRECTION (the request's
   * BO manager when that user is gone); null while NEW (any accountant) and once confirmed.
   */
  assignee: StaffRefSchema.nullable(),
});
export type LogReportRow = z.infer<typeof LogReportRowSchema>;

/**
 * How long confirmation took, in bands of the exact time (a band holds [previous limit, `below`)):
 * the chart of the report.
 */
export const LOG_REPORT_CONFIRM_BANDS = [
  { band: 'day', label: 'Under a day', below: 86_400 },
  { band: 'two_days', label: '1–2 days', below: 172_800 },
  { band: 'three_days', label: '2–3 days', below: 259_200 },
  { band: 'week', label: '3–7 days', below: 604_800 },
  { band: 'longer', label: 'Over a week', below: null },
] as const;
export type LogReportConfirmBand = (typeof LOG_REPORT_CONFIRM_BANDS)[number]['band'];
const CONFIRM_BAND_KEYS = LOG_REPORT_CONFIRM_BANDS.map((b) => b.band) as [
  LogReportConfirmBand,
  ...LogReportConfirmBand[],
];

export const LogReportSummarySchema = z.object({
  records: z.number().int(),
  by_status: z.object({
    NEW: z.number().int(),
    'SENT FOR CORRECTION': z.number().int(),
    CONFIRM: z.number().int(),
  }),
  /** Over the confirmed records, in seconds; null when none is confirmed. */
  average_time_to_confirm: z.number().int().nullable(),
  median_time_to_confirm: z.number().int().nullable(),
  /** SENT FOR CORRECTION steps of all matching records. */
  corrections: z.number().int(),
  /** The confirmed records per band of time to confirm, every band in order. */
  time_to_confirm_bands: z.array(z.object({ band: z.enum(CONFIRM_BAND_KEYS), records: z.number().int() })),
});
export type LogReportSummary = z.infer<typeof LogReportSummarySchema>;

export const LogReportSchema = z.object({
  data: z.array(LogReportRowSchema),
  meta: ListMetaSchema,
  summary: LogReportSummarySchema,
});
export type LogReport = z.infer<typeof LogReportSchema>;

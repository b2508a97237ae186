import { LOG_REPORT_CONFIRM_BANDS, type LogReportFilter } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { containsPattern, prefixQuery } from '../../platform/full-text-search.ts';

/** One LOG record as the report reads it; times are ISO text, made in SQL so both engines agree. */
export interface LogReportSource {
  id: number;
  status: string;
  request_id: number;
  request_number: string;
  client_id: number;
  client_name: string;
  office_id: number;
  office_title: string;
  fo_id: number | null;
  fo_name: string | null;
  bo_id: number | null;
  bo_name: string | null;
  submitted_at: string;
  last_event_at: string;
  confirmed_at: string | null;
  corrections: number;
  time_to_confirm: number | null;
  assignee_id: number | null;
  assignee_name: string | null;
}

export interface LogReportTotals {
  new: number;
  sent: number;
  confirmed: number;
  average: number | null;
  median: number | null;
  corrections: number;
  /** Confirmed records per band of LOG_REPORT_CONFIRM_BANDS, in order. */
  bands: number[];
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/*
 * The record carries its own history's landmarks, kept by the LOG service in the step's
 * transaction: `created_at` is the first submission (a resubmission moves `submitted_at`, never
 * `created_at`), `reviewed_at` of a CONFIRM record is its confirmation (nothing changes it after),
 * `updated_at` the last step. Only the corrections need the events, through the partial index
 * `log_events_corrections_idx`: one probe per record shown, or one grouped pass when the report
 * is ordered by them.
 */
const CONFIRMED_AT = sql`case when r.status = 'CONFIRM' then r.reviewed_at end`;
// date_part is double precision: numeric `extract` costs twice as much over every record.
const SECONDS_TO_CONFIRM = sql`date_part('epoch', ${CONFIRMED_AT} - r.created_at)`;
/** To the nearest second, halves up, in the rows and the summary alike. */
const wholeSeconds = (seconds: SQL) => sql`floor(${seconds} + 0.5)::int`;
const TIME_TO_CONFIRM = wholeSeconds(SECONDS_TO_CONFIRM);
const CORRECTIONS_PROBE = sql`(select count(*)::int from log_events e
  where e.log_id = r.id and e.action = 'sent_for_correction')`;
const CORRECTIONS_GROUPED = sql`left join (select log_id, count(*)::int as n from log_events
  where action = 'sent_for_correction' group by log_id) k on k.log_id = r.id`;

/** The corrections column and the join it needs. */
const correctionsOf = (f: LogReportFilter) =>
  f.ordering.replace(/^-/, '') === 'corrections'
    ? { column: sql`coalesce(k.n, 0)`, join: CORRECTIONS_GROUPED }
    : { column: CORRECTIONS_PROBE, join: sql`` };

const FROM = sql`from log_records r join requests q on q.id = r.request_id`;
/** Without a filter on the request, the counts and the ids read the LOG records alone. */
const fromOf = (f: LogReportFilter) =>
  f.office !== undefined || f.manager !== undefined || f.search?.trim() ? FROM : sql`from log_records r`;

/** `BSLF-2026-42` or `bslf-2026-00042`: a whole request number, found by its unique index. */
const WHOLE_NUMBER = /^([A-Za-z0-9]{2,10})-(\d{4})-(\d{1,9})$/;

/**
 * A request number, whole (`BSLF-2026-42`), or any part of it: word prefixes over the request's
 * indexed search words (`42` and `00042` find BSLF-2026-00042, as in the requests list), kept to
 * the requests whose number holds the text.
 */
function numberCondition(search: string): SQL {
  const prefixes = prefixQuery(search);
  const part = prefixes
    ? sql`q.search_vector @@ ${prefixes}::tsquery and q.number ilike ${containsPattern(search)}`
    : sql`false`;
  const whole = WHOLE_NUMBER.exec(search);
  if (!whole) return part;
  const number = `${whole[1]!.toUpperCase()}-${whole[2]}-${whole[3]!.replace(/^0+(?=\d)/, '').padStart(5, '0')}`;
  return sql`q.number = ${number} or (${part})`;
}

/** The filters, on the LOG record and its request (office, managers, number). */
function whereOf(f: LogReportFilter): SQL {
  const where: SQL[] = [];
  if (f.status?.length)
    where.push(
      sql`r.status in (${sql.join(
        f.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.office !== undefined) where.push(sql`q.region_id = ${f.office}`);
  if (f.manager !== undefined)
    where.push(sql`(q.fo_manager_id = ${f.manager} or q.bo_manager_id = ${f.manager})`);
  // Days are UTC days, as everywhere in the API: [from 00:00, to + 1 day 00:00).
  if (f.date_from) where.push(sql`r.created_at >= ${f.date_from}::date::timestamp at time zone 'UTC'`);
  if (f.date_to) where.push(sql`r.created_at < (${f.date_to}::date + 1)::timestamp at time zone 'UTC'`);
  const search = f.search?.trim();
  if (search) where.push(sql`(${numberCondition(search)})`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/**
 * The sort key of the ordering and its ORDER BY. An open record has no confirmation: last either
 * way. The keys that are never empty keep a plain direction, so `log_records_created_idx` serves
 * the default order (newest first). The id breaks ties.
 */
function sortOf(f: LogReportFilter): { key: SQL; order: (key: SQL, id: SQL) => SQL } {
  const dir = sql.raw(f.ordering.startsWith('-') ? 'desc' : 'asc');
  const name = f.ordering.replace(/^-/, '');
  const nullable = name === 'confirmed' || name === 'time_to_confirm';
  const key =
    name === 'confirmed'
      ? CONFIRMED_AT
      : name === 'time_to_confirm'
        ? TIME_TO_CONFIRM
        : name === 'corrections'
          ? correctionsOf(f).column
          : sql`r.created_at`;
  return {
    key,
    order: (k, id) => (nullable ? sql`${k} ${dir} nulls last, ${id} ${dir}` : sql`${k} ${dir}, ${id} ${dir}`),
  };
}

/** The matching ids in report order with their sort key: the LOG records alone unless a filter needs the request. */
function orderedIds(f: LogReportFilter): SQL {
  const sort = sortOf(f);
  return sql`select r.id, ${sort.key} as sort_key ${fromOf(f)} ${correctionsOf(f).join} ${whereOf(f)}
    order by ${sort.order(sort.key, sql`r.id`)}`;
}

const SELECTION = sql`r.id, r.status, q.id as request_id, q.number as request_number,
  c.id as client_id, c.first_name || ' ' || c.last_name as client_name,
  g.id as office_id, g.title as office_title,
  fo.id as fo_id, fo.name as fo_name, bo.id as bo_id, bo.name as bo_name,
  ${iso(sql`r.created_at`)} as submitted_at, ${iso(sql`r.updated_at`)} as last_event_at,
  ${iso(CONFIRMED_AT)} as confirmed_at,
  ${CORRECTIONS_PROBE} as corrections, ${TIME_TO_CONFIRM} as time_to_confirm,
  a.id as assignee_id, a.name as assignee_name`;

/** Names for the selection: the client, office, managers and whoever must act next. */
const NAMES = sql`join clients c on c.id = q.client_id
  join regions g on g.id = q.region_id
  left join users fo on fo.id = q.fo_manager_id
  left join users bo on bo.id = q.bo_manager_id
  left join users a on r.status = 'SENT FOR CORRECTION' and a.id = coalesce(r.submitted_by, q.bo_manager_id)`;

/** Each band's condition on `seconds`: [previous limit, below); the first open below, the last above. */
const bandConditions = () =>
  LOG_REPORT_CONFIRM_BANDS.map((b, i) => {
    const from = i === 0 ? null : LOG_REPORT_CONFIRM_BANDS[i - 1]!.below;
    if (from === null) return sql`seconds < ${b.below}`;
    return b.below === null ? sql`seconds >= ${from}` : sql`seconds >= ${from} and seconds < ${b.below}`;
  });

export const logReportRepository = {
  /**
   * The route's main query: one page of records in the asked order. The page's ids are chosen
   * first over the LOG records (and the requests when filtered on them); only those rows are then
   * joined to their names and probed for their corrections.
   */
  async page(
    ex: Executor,
    f: LogReportFilter,
    page: { limit: number; offset: number },
  ): Promise<LogReportSource[]> {
    const sort = sortOf(f);
    return queryRows<LogReportSource>(
      ex,
      sql`select ${SELECTION}
        from (${orderedIds(f)} limit ${page.limit} offset ${page.offset}) p
        join log_records r on r.id = p.id join requests q on q.id = r.request_id ${NAMES}
        order by ${sort.order(sql`p.sort_key`, sql`p.id`)}`,
    );
  },

  /**
   * Counts per status, the average and median time to confirm of the confirmed ones (the median
   * of an even count is the mean of the middle two) and the corrections of every matching record.
   */
  async totals(ex: Executor, f: LogReportFilter): Promise<LogReportTotals> {
    // The matching records once (the request join of an office or manager filter is the cost),
    // with their seconds to confirm worked out once; the corrections join them by id.
    const [row] = await queryRows<LogReportTotals>(
      ex,
      sql`with m as materialized (
          select r.id, r.status, ${SECONDS_TO_CONFIRM} as seconds ${fromOf(f)} ${whereOf(f)})
        select count(*) filter (where status = 'NEW')::int as new,
          count(*) filter (where status = 'SENT FOR CORRECTION')::int as sent,
          count(*) filter (where status = 'CONFIRM')::int as confirmed,
          ${wholeSeconds(sql`avg(seconds)`)} as average,
          ${wholeSeconds(sql`percentile_cont(0.5) within group (order by seconds)`)} as median,
          array[${sql.join(
            bandConditions().map((band) => sql`count(*) filter (where ${band})::int`),
            sql`, `,
          )}] as bands,
          (select count(*)::int from log_events e join m on m.id = e.log_id
            where e.action = 'sent_for_correction') as corrections
        from m`,
    );
    return row!;
  },

  /** The ids of every matching record in the asked order, at most `max` (a download). */
  async ids(ex: Executor, f: LogReportFilter, max: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(ex, sql`${orderedIds(f)} limit ${max}`);
    return rows.map((r) => r.id);
  },

  /** These records, in no particular order. */
  async byIds(ex: Executor, ids: number[]): Promise<LogReportSource[]> {
    if (!ids.length) return [];
    return queryRows<LogReportSource>(
      ex,
      sql`select ${SELECTION} ${FROM} ${NAMES} where r.id = any(${`{${ids.join(',')}}`}::int[])`,
    );
  },
};

import { MESSAGES, maxDateMessage, minDateMessage } from '@app/shared';
import { addDays, dayOfWeek, diffDays, type IsoDay, parseDisplayDate, sameMonth } from './date-format';

export interface DateLimits {
  /** Earliest day allowed, inclusive. */
  minDate?: IsoDay;
  /** Latest day allowed, inclusive. */
  maxDate?: IsoDay;
}

/** Which days may be picked (spec section 5 "Dates"). */
export interface DayRules extends DateLimits {
  /** Days of the week that cannot be picked; 0 = Sunday ... 6 = Saturday. */
  disabledDaysOfWeek?: readonly number[];
  disabledDates?: readonly IsoDay[];
  /** When given, only these days can be picked. */
  enabledDates?: readonly IsoDay[];
  /** Days of the neighbouring months shown in the grid can be picked only when this is on. */
  allowOtherMonths?: boolean;
}

export type DateIssueKind = 'invalid' | 'minDate' | 'maxDate' | 'disabled';
export interface DateIssue {
  kind: DateIssueKind;
  message: string;
}

const issue = (kind: DateIssueKind, message: string): DateIssue => ({ kind, message });

/**
 * A day before the minimum or after the maximum becomes that bound and is flagged minDate/maxDate
 * with 'Minimum date: dd/MM/yyyy' / 'Maximum date: dd/MM/yyyy' (spec section 5).
 */
export function clampDate(value: IsoDay, limits: DateLimits): { value: IsoDay; issue: DateIssue | null } {
  if (limits.minDate && value < limits.minDate) {
    return { value: limits.minDate, issue: issue('minDate', minDateMessage(limits.minDate)) };
  }
  if (limits.maxDate && value > limits.maxDate) {
    return { value: limits.maxDate, issue: issue('maxDate', maxDateMessage(limits.maxDate)) };
  }
  return { value, issue: null };
}

/** True when the rules forbid the day itself (bounds, weekday, lists), whatever month is shown. */
export function isDayForbidden(day: IsoDay, rules: DayRules): boolean {
  if (rules.minDate && day < rules.minDate) return true;
  if (rules.maxDate && day > rules.maxDate) return true;
  if (rules.disabledDaysOfWeek?.includes(dayOfWeek(day))) return true;
  if (rules.disabledDates?.includes(day)) return true;
  if (rules.enabledDates && !rules.enabledDates.includes(day)) return true;
  return false;
}

export interface GridContext {
  /**
   * The months on screen (any day of each). Mantine tells a cell only its date, not its grid, so
   * "another month" means a month not on screen: in the two-month range view, the trailing days
   * of the first grid belong to the second month and stay clickable.
   */
  months: readonly IsoDay[];
  /** While a range is half chosen: its start, so ends beyond the maximum length are disabled. */
  rangeStart?: IsoDay | null;
  maxRangeDays?: number;
}

/** Whether a calendar cell can be clicked. */
export function isDayDisabled(day: IsoDay, rules: DayRules, grid: GridContext): boolean {
  if (isDayForbidden(day, rules)) return true;
  if (!rules.allowOtherMonths && !grid.months.some((m) => sameMonth(day, m))) return true;
  if (
    grid.rangeStart &&
    grid.maxRangeDays !== undefined &&
    day > addDays(grid.rangeStart, grid.maxRangeDays)
  ) {
    return true;
  }
  return false;
}

export type TypedDateResult =
  | { kind: 'empty' }
  | { kind: 'invalid'; issue: DateIssue }
  | { kind: 'date'; value: IsoDay; issue: DateIssue | null };

/**
 * What typed text means: empty, 'Invalid date format', a forbidden day ('Invalid field value'),
 * or a day clamped into the bounds (flagged when clamped).
 */
export function readTypedDate(text: string, rules: DayRules): TypedDateResult {
  if (text.trim() === '') return { kind: 'empty' };
  const parsed = parseDisplayDate(text);
  if (!parsed) return { kind: 'invalid', issue: issue('invalid', MESSAGES.invalidDate) };
  const clamped = clampDate(parsed, rules);
  if (!clamped.issue && isDayForbidden(parsed, rules)) {
    return { kind: 'invalid', issue: issue('disabled', MESSAGES.invalidValue) };
  }
  return { kind: 'date', value: clamped.value, issue: clamped.issue };
}

/**
 * A range as the form keeps it: ends sorted ascending first, then each clamped into the bounds
 * (the first flag wins), then the end limited to `maxRangeDays` after the start.
 */
export function normalizeRange(
  start: IsoDay,
  end: IsoDay,
  limits: DateLimits,
  maxRangeDays?: number,
): { value: [IsoDay, IsoDay]; issue: DateIssue | null } {
  const [a, b] = start <= end ? [start, end] : [end, start];
  const from = clampDate(a, limits);
  const to = clampDate(b, limits);
  let last = to.value;
  if (maxRangeDays !== undefined && diffDays(from.value, last) > maxRangeDays)
    last = addDays(from.value, maxRangeDays);
  return { value: [from.value, last], issue: from.issue ?? to.issue };
}

import {
  type CreateRequestLineBody,
  MESSAGES,
  minValueMessage,
  REQUEST_MESSAGES,
  type RequestKind,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Executor } from '../../db/client.ts';
import { blank } from '../../platform/column-values.ts';
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { LINE_LOCKED, OVER_COST } from './requests.errors.ts';
import { type RequestLineInsert, requestsRepository as repo } from './requests.repository.ts';

/** Money and service fields a Confirmed line keeps (its value is stamped). */
const CONFIRMED_EDITABLE = new Set([
  'description',
  'date_from',
  'date_to',
  'hour_from',
  'minute_from',
  'hour_to',
  'minute_to',
  'pax',
  'deadlines',
]);

export type LineInput = Partial<Omit<CreateRequestLineBody, 'deadlines'>>;

/** The columns of a line from its body (blank text stored as null). */
export function lineColumns(l: LineInput): Partial<RequestLineInsert> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(l)) {
    if (v === undefined || k === 'deadlines' || k === 'version') continue;
    out[k] = blank(v as string);
  }
  return out as Partial<RequestLineInsert>;
}

/** A line's deadlines, in its cost currency, may not add up to more than its cost. */
export function checkDeadlinesWithinCost(
  deadlines: ReadonlyArray<{ amount: string }>,
  cost: string,
  label?: number,
): void {
  const sum = deadlines.reduce((s, d) => s.plus(d.amount), new Decimal(0));
  if (sum.greaterThan(cost)) throw OVER_COST(label);
}

/**
 * The fields a line of this status takes: a Confirmed line keeps its money and service; Invoiced,
 * Accounted and Canceled lines take only deadlines (`changedKeys` leaves them out).
 */
export function checkLineEditable(status: string | null, changedKeys: readonly string[]): void {
  if (status === 'Confirmed' && changedKeys.some((k) => !CONFIRMED_EDITABLE.has(k)))
    throw LINE_LOCKED(REQUEST_MESSAGES.lineStamped);
  if (status !== null && status !== 'Confirmed' && changedKeys.length > 0)
    throw LINE_LOCKED(status === 'Canceled' ? REQUEST_MESSAGES.lineCanceled : REQUEST_MESSAGES.lineLocked);
}

/**
 * The rules of a line that need the request or the database: the service type against the
 * request's kind, a live supplier (optional only on an Accounting line), a cost above zero but
 * on an Accounting line, Other with its subtype, an end after the start. `prefix` names the
 * field (`lines.2.`) of a line in a new request.
 */
export async function checkLines(
  ex: Executor,
  kind: RequestKind,
  lines: ReadonlyArray<{ merged: LineInput; changed: LineInput; prefix: string }>,
): Promise<Map<number, string>> {
  const errors: FieldErrors = {};
  const ids = [...new Set(lines.map((l) => l.changed.supplier_id).filter((id): id is number => id != null))];
  const found = new Map((await repo.suppliersByIds(ex, ids)).map((s) => [s.id, s]));
  for (const { merged: l, changed, prefix } of lines) {
    const put = (field: string, message: string) => {
      errors[`${prefix}${field}`] ??= [message];
    };
    const accounting = l.service_type === 'Accounting';
    if (kind === 'accounting' && !accounting) put('service_type', REQUEST_MESSAGES.accountingLinesOnly);
    if (kind === 'service' && accounting) put('service_type', REQUEST_MESSAGES.noAccountingLines);
    if (!accounting && l.supplier_id == null) put('supplier_id', MESSAGES.required);
    if (changed.supplier_id != null) {
      const s = found.get(changed.supplier_id);
      if (!s) put('supplier_id', MESSAGES.invalidValue);
      else if (s.archived_at) put('supplier_id', REQUEST_MESSAGES.archivedRecord);
    }
    if (!accounting && l.cost !== undefined && new Decimal(l.cost).isZero())
      put('cost', minValueMessage('0.01'));
    if (l.service_type === 'Other' && !l.service_subtype) put('service_subtype', MESSAGES.required);
    if (l.service_type !== 'Other' && l.service_subtype) put('service_subtype', MESSAGES.invalidValue);
    if (l.date_from && l.date_to && l.date_to < l.date_from) put('date_to', MESSAGES.invalidValue);
  }
  if (Object.keys(errors).length) throw AppError.fields(errors);
  return new Map([...found.values()].map((s) => [s.id, s.name]));
}

import { Dec, toDecimal } from '@app/shared/rates/rate-math';
import { REQUEST_MESSAGES } from '@app/shared/requests/requests.messages';
import {
  type CreateRequestLineBody,
  CreateRequestLineBodySchema,
  type RequestLine,
  type UpdateRequestLineBody,
} from '@app/shared/requests/requests.schemas';
import type { RequestKind } from '@app/shared/requests/requests.status';
import type { AccountStatus } from '@app/shared/value-lists';
import type { Control } from 'react-hook-form';
import { type LineValues, lineIssues, newLine, otherTypesCleared } from '../line-fields/line-values.ts';

/** One deadline payment as the form holds it. */
export interface DeadlineValues {
  type: string | null;
  due_date: string;
  amount: string;
}

/** A service line with its deadline payments, as the line drawer holds it. */
export interface LineFormValues extends LineValues {
  deadlines: DeadlineValues[];
}

/** A new line on a request's page: the create page's new line (a Hotel paid by wire), no deadlines yet. */
export function newLineForm(kind: RequestKind = 'service', currency: string | null = null): LineFormValues {
  return { ...newLine(kind, currency), deadlines: [] };
}

/** A stored line in the form. */
export function lineToValues(line: RequestLine): LineFormValues {
  return {
    service_type: line.service_type,
    service_subtype: line.service_subtype,
    supplier_id: line.supplier?.id ?? null,
    date_from: line.date_from ?? '',
    hour_from: line.hour_from,
    minute_from: line.minute_from,
    date_to: line.date_to ?? '',
    hour_to: line.hour_to,
    minute_to: line.minute_to,
    pax: line.pax === null ? '' : String(line.pax),
    description: line.description ?? '',
    account_type: line.account_type,
    cost: line.cost,
    cost_currency: line.cost_currency,
    sell: line.sell,
    sell_currency: line.sell_currency,
    payment_method: line.payment_method,
    hotel_name: line.hotel_name ?? '',
    room_type: line.room_type,
    meal: line.meal,
    cancellation_policy: line.cancellation_policy,
    flight_class: line.flight_class,
    route: line.route ?? '',
    deadlines: line.deadlines.map((d) => ({ type: d.type, due_date: d.due_date, amount: d.amount })),
  };
}

/**
 * What may still change on a line (decision 0009): everything until it is confirmed; a Confirmed
 * line keeps its money and service (its rates are stamped) but takes new times, description and
 * deadlines; an Invoiced, Accounted or Canceled line takes deadlines only.
 */
export type LineLock = 'open' | 'stamped' | 'closed';

export function lineLock(status: AccountStatus | null | undefined): LineLock {
  if (!status) return 'open';
  return status === 'Confirmed' ? 'stamped' : 'closed';
}

const STAMPED_FIELDS = [
  'hour_from',
  'minute_from',
  'hour_to',
  'minute_to',
  'description',
  'deadlines',
] as const;

/** Whether the form lets a person change a field under the line's lock. */
export function fieldEditable(lock: LineLock, field: keyof LineFormValues): boolean {
  if (lock === 'open') return true;
  if (lock === 'stamped') return (STAMPED_FIELDS as readonly string[]).includes(field);
  return field === 'deadlines';
}

/** The sum of the deadline amounts that read as decimals. */
export function deadlinesTotal(deadlines: readonly DeadlineValues[]): Dec {
  let total = new Dec(0);
  for (const d of deadlines) total = total.plus(toDecimal(d.amount) ?? 0);
  return total;
}

/** Whether the deadlines add up to more than the cost (both readable). */
export function deadlinesOverCost(values: Pick<LineFormValues, 'cost' | 'deadlines'>): boolean {
  const cost = toDecimal(values.cost);
  return cost !== null && values.deadlines.length > 0 && deadlinesTotal(values.deadlines).greaterThan(cost);
}

/**
 * The contract's line schema, plus what the server checks beyond it and a form can tell at once:
 * a supplier on every line but an Accounting one, an end not before the start (`lineIssues`, as
 * the create page checks), and deadlines within the cost.
 */
export const LineFormSchema = CreateRequestLineBodySchema.superRefine((line, ctx) => {
  for (const [field, message] of Object.entries(lineIssues(line)))
    ctx.addIssue({ code: 'custom', path: [field], message });
  const deadlines = (line.deadlines ?? []).map((d) => ({ ...d, type: d.type }));
  if (deadlinesOverCost({ cost: line.cost, deadlines }))
    ctx.addIssue({ code: 'custom', path: ['deadlines'], message: REQUEST_MESSAGES.deadlinesOverCost });
});

/** Fields that belong to other service types are cleared, so a Hotel turned Transfer keeps no room type. */
export function lineBody(line: CreateRequestLineBody): CreateRequestLineBody {
  return {
    ...otherTypesCleared(line),
    supplier_id: line.service_type === 'Accounting' && !line.supplier_id ? null : line.supplier_id,
    deadlines: line.deadlines ?? [],
  };
}

/** The PATCH body of an edited line: only what its lock lets change, with the version it was loaded at. */
export function lineUpdateBody(
  line: CreateRequestLineBody,
  lock: LineLock,
  version: number,
): UpdateRequestLineBody {
  const body = lineBody(line);
  if (lock === 'open') return { ...body, version };
  if (lock === 'stamped')
    return {
      hour_from: body.hour_from ?? null,
      minute_from: body.minute_from ?? null,
      hour_to: body.hour_to ?? null,
      minute_to: body.minute_to ?? null,
      description: body.description ?? '',
      deadlines: body.deadlines ?? [],
      version,
    };
  return { deadlines: body.deadlines ?? [], version };
}

/** The form's control: values as typed, the contract's line body once checked. */
export type LineControl = Control<LineFormValues, unknown, CreateRequestLineBody>;

import type { RequestKind } from '@app/shared/requests/requests.status';
import { MESSAGES } from '@app/shared/validation/messages';

/**
 * One service line as a form holds it (the create page's lines, the request page's drawer): text
 * for what is typed, null for an empty choice.
 */
export interface LineValues {
  service_type: string | null;
  service_subtype: string | null;
  supplier_id: number | null;
  date_from: string;
  hour_from: string | null;
  minute_from: string | null;
  date_to: string;
  hour_to: string | null;
  minute_to: string | null;
  pax: string;
  description: string;
  account_type: string | null;
  cost: string;
  cost_currency: string | null;
  sell: string;
  sell_currency: string | null;
  payment_method: string | null;
  hotel_name: string;
  room_type: string | null;
  meal: string | null;
  cancellation_policy: string | null;
  flight_class: string | null;
  route: string;
}

export type LineField = keyof LineValues;

/** Every field of a line, in form order: the server's field names a line form shows under its fields. */
export const LINE_FIELDS = [
  'service_type',
  'service_subtype',
  'supplier_id',
  'date_from',
  'hour_from',
  'minute_from',
  'date_to',
  'hour_to',
  'minute_to',
  'pax',
  'description',
  'account_type',
  'cost',
  'cost_currency',
  'sell',
  'sell_currency',
  'payment_method',
  'hotel_name',
  'room_type',
  'meal',
  'cancellation_policy',
  'flight_class',
  'route',
] as const satisfies readonly LineField[];

/**
 * A new line, on the create page and on a request's page alike: a Hotel paid by wire on a service
 * request, an Accounting line (cost 0) on an accounting one; both currencies start at the given
 * one (the office's or the request's), and the cost follows the supplier once one is chosen.
 */
export function newLine(kind: RequestKind, currency: string | null): LineValues {
  return {
    service_type: kind === 'accounting' ? 'Accounting' : 'Hotel',
    service_subtype: null,
    supplier_id: null,
    date_from: '',
    hour_from: null,
    minute_from: null,
    date_to: '',
    hour_to: null,
    minute_to: null,
    pax: '',
    description: '',
    account_type: null,
    cost: kind === 'accounting' ? '0' : '',
    cost_currency: currency,
    sell: '',
    sell_currency: currency,
    payment_method: 'Wire',
    hotel_name: '',
    room_type: null,
    meal: null,
    cancellation_policy: null,
    flight_class: null,
    route: '',
  };
}

type LineRuleFields = {
  service_type?: string | null | undefined;
  supplier_id?: number | null | undefined;
  date_from?: string | null | undefined;
  date_to?: string | null | undefined;
};

/**
 * What the server checks on a line beyond its schema and a form can tell at once: a supplier on
 * every line but an Accounting one, and an end not before the start. Field name -> message.
 */
export function lineIssues(line: LineRuleFields): Partial<Record<LineField, string>> {
  const issues: Partial<Record<LineField, string>> = {};
  if (line.service_type !== 'Accounting' && !line.supplier_id) issues.supplier_id = MESSAGES.required;
  // YYYY-MM-DD compares as text; the server refuses an end before the start the same way
  if (line.date_from && line.date_to && line.date_to < line.date_from) issues.date_to = MESSAGES.invalidValue;
  return issues;
}

/** The fields only some service types have, cleared on the others (a Hotel turned Transfer keeps no room type). */
export function otherTypesCleared<L extends Partial<Record<LineField, unknown>>>(line: L): L {
  const type = line.service_type;
  const hotel = type === 'Hotel';
  const air = type === 'Air tickets';
  return {
    ...line,
    service_subtype: type === 'Other' ? line.service_subtype : null,
    hotel_name: hotel ? line.hotel_name : '',
    room_type: hotel ? line.room_type : null,
    meal: hotel ? line.meal : null,
    cancellation_policy: hotel ? line.cancellation_policy : null,
    flight_class: air ? line.flight_class : null,
    route: air ? line.route : '',
  };
}

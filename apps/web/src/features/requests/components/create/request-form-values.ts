import { REQUEST_MESSAGES } from '@app/shared/requests/requests.messages';
import {
  type CreateRequestBody,
  CreateRequestBodySchema,
  type CreateRequestLineBody,
  CreateRequestLineBodySchema,
} from '@app/shared/requests/requests.schemas';
import type { RequestKind } from '@app/shared/requests/requests.status';
import { MESSAGES } from '@app/shared/validation/messages';
import { z } from 'zod';

/** One service line as the form holds it: text for what is typed, null for an empty choice. */
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

export interface RequestFormValues {
  company_id: number | null;
  client_id: number | null;
  fo_manager_id: number | null;
  bo_manager_id: number | null;
  region_id: number | null;
  description: string;
  lines: LineValues[];
}

/**
 * A new line: a Hotel paid by wire on a service request, an Accounting line on an accounting one;
 * both currencies start at the office's (cost follows the supplier once one is chosen).
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

/** What a signed-in person's new request starts with: their office, and themselves as its FO or BO. */
export interface RequestPreset {
  user: { id: number; role: string; region: { id: number; ccy: string } | null };
}

export function initialRequestValues(kind: RequestKind, { user }: RequestPreset): RequestFormValues {
  return {
    company_id: null,
    client_id: null,
    fo_manager_id: kind === 'service' && user.role === 'FO' ? user.id : null,
    bo_manager_id: kind === 'service' && user.role === 'BO' ? user.id : null,
    region_id: user.region?.id ?? null,
    description: '',
    lines: [newLine(kind, user.region?.ccy ?? null)],
  };
}

/** The form's schema: the contract's body with at least one line. */
export const RequestFormSchema = z.object({
  ...CreateRequestBodySchema.shape,
  lines: z.array(CreateRequestLineBodySchema).min(1, MESSAGES.required),
});

export type RequestFormOutput = z.infer<typeof RequestFormSchema>;

/**
 * What the server checks beyond the schema and the form can tell at once, checked on the values
 * as typed so the messages show with the schema's (a zod refinement waits for every field to
 * parse): a supplier on every line but an Accounting one, and an FO manager on a service request.
 */
export function crossFieldErrors(kind: RequestKind, values: RequestFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (kind === 'service' && !values.fo_manager_id) errors.fo_manager_id = MESSAGES.required;
  values.lines.forEach((line, i) => {
    if (line.service_type !== 'Accounting' && !line.supplier_id)
      errors[`lines.${i}.supplier_id`] = MESSAGES.required;
    // YYYY-MM-DD compares as text; the server refuses an end before the start the same way
    if (line.date_from && line.date_to && line.date_to < line.date_from)
      errors[`lines.${i}.date_to`] = MESSAGES.invalidValue;
  });
  return errors;
}

const present = <T>(value: T | null | undefined | ''): value is T =>
  value !== null && value !== undefined && value !== '';

/**
 * The line as `POST requests/` takes it: fields of other service types dropped (a Hotel turned
 * Transfer keeps no room type), empty optional fields left out, money as the exact decimal text.
 */
export function lineBody(line: CreateRequestLineBody): CreateRequestLineBody {
  const type = line.service_type;
  const hotel = type === 'Hotel';
  const air = type === 'Air tickets';
  const optional = {
    service_subtype: type === 'Other' ? line.service_subtype : null,
    supplier_id: line.supplier_id,
    date_from: line.date_from,
    hour_from: line.hour_from,
    minute_from: line.minute_from,
    date_to: line.date_to,
    hour_to: line.hour_to,
    minute_to: line.minute_to,
    pax: line.pax,
    description: line.description,
    hotel_name: hotel ? line.hotel_name : null,
    room_type: hotel ? line.room_type : null,
    meal: hotel ? line.meal : null,
    cancellation_policy: hotel ? line.cancellation_policy : null,
    flight_class: air ? line.flight_class : null,
    route: air ? line.route : null,
  };
  const body: CreateRequestLineBody = {
    service_type: line.service_type,
    account_type: line.account_type,
    cost: line.cost,
    cost_currency: line.cost_currency,
    sell: line.sell,
    sell_currency: line.sell_currency,
    payment_method: line.payment_method,
  };
  for (const [key, value] of Object.entries(optional))
    if (present(value)) (body as Record<string, unknown>)[key] = value;
  return body;
}

/** The checked form as the body of `POST requests/`. */
export function createBody(kind: RequestKind, values: RequestFormOutput): CreateRequestBody {
  const body: CreateRequestBody = {
    kind,
    company_id: values.company_id,
    client_id: values.client_id,
    region_id: values.region_id,
    lines: values.lines.map(lineBody),
  };
  if (values.fo_manager_id) body.fo_manager_id = values.fo_manager_id;
  if (values.bo_manager_id) body.bo_manager_id = values.bo_manager_id;
  if (values.description) body.description = values.description;
  return body;
}

/** The message shown (and the save refused) when the chosen client is blacklisted. */
export const BLACKLISTED_CLIENT = REQUEST_MESSAGES.clientBlacklisted;

import { z } from 'zod';
import { DecimalString, ListQuerySchema } from '../api/envelope.ts';
import {
  OfficeRefSchema,
  optionalDate,
  optionalEnum,
  optionalNumber,
  optionalRefId,
  orderingQuery,
  orderingsOf,
  StaffRefSchema,
  versionField,
} from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import {
  decimalField,
  enumField,
  idField,
  optionalString,
  queryIdField,
} from '../validation/fields.schemas.ts';
import { MESSAGES } from '../validation/messages.ts';
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  CANCELLATION_POLICIES,
  FLIGHT_CLASSES,
  PAYMENT_METHODS,
  REQUEST_COMPANIES,
  ROOM_MEALS,
  ROOM_TYPES,
  SERVICE_SUBTYPES,
  SERVICE_TYPES,
} from '../value-lists.ts';
import { LINE_STATUS_CHANGES, REQUEST_STATUSES } from './requests.status.ts';

/** Hours 00 to 23 and minutes in steps of 5 (spec section 3), as tuples for the schemas. */
export const REQUEST_HOURS = Array.from({ length: 24 }, (_, h) =>
  String(h).padStart(2, '0'),
) as unknown as readonly [string, ...string[]];
export const REQUEST_MINUTES = Array.from({ length: 12 }, (_, i) =>
  String(i * 5).padStart(2, '0'),
) as unknown as readonly [string, ...string[]];

/** Money of a line: positive, two places, at most NUMERIC(18,2). */
export const REQUEST_MONEY_MAX = '999999999999.99';
const moneyField = () => decimalField({ scale: 2, min: '0.01', max: REQUEST_MONEY_MAX });
export const REQUEST_LINES_MAX = 50;

const lineFields = {
  service_type: enumField(SERVICE_TYPES),
  /** Only for Other, and then required. */
  service_subtype: optionalEnum(SERVICE_SUBTYPES),
  supplier_id: idField(),
  date_from: optionalDate(),
  hour_from: optionalEnum(REQUEST_HOURS),
  minute_from: optionalEnum(REQUEST_MINUTES),
  date_to: optionalDate(),
  hour_to: optionalEnum(REQUEST_HOURS),
  minute_to: optionalEnum(REQUEST_MINUTES),
  pax: optionalNumber({ int: true, min: 1, max: 999 }),
  description: optionalString(2000, { multiline: true }),
  account_type: enumField(ACCOUNT_TYPES),
  cost: moneyField(),
  cost_currency: enumField(RATE_CURRENCIES),
  sell: moneyField(),
  sell_currency: enumField(RATE_CURRENCIES),
  payment_method: enumField(PAYMENT_METHODS),
  hotel_name: optionalString(200),
  room_type: optionalEnum(ROOM_TYPES),
  meal: optionalEnum(ROOM_MEALS),
  cancellation_policy: optionalEnum(CANCELLATION_POLICIES),
  flight_class: optionalEnum(FLIGHT_CLASSES),
  route: optionalString(200),
};

type LineShape = {
  service_type?: string | undefined;
  service_subtype?: string | null | undefined;
  date_from?: string | null | undefined;
  date_to?: string | null | undefined;
};

/** Other needs its subtype and nothing else takes one; a line cannot end before it starts. */
function lineRules(line: LineShape, ctx: z.RefinementCtx) {
  if (line.service_type === 'Other' && !line.service_subtype)
    ctx.addIssue({ code: 'custom', path: ['service_subtype'], message: MESSAGES.required });
  if (line.service_type !== undefined && line.service_type !== 'Other' && line.service_subtype)
    ctx.addIssue({ code: 'custom', path: ['service_subtype'], message: MESSAGES.invalidValue });
  if (line.date_from && line.date_to && line.date_to < line.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: MESSAGES.invalidValue });
}

/** `POST requests/{id}/lines/` and each line of a new request. */
export const CreateRequestLineBodySchema = z.strictObject(lineFields).superRefine(lineRules);
export type CreateRequestLineBody = z.infer<typeof CreateRequestLineBodySchema>;

/** `PATCH requests/{id}/lines/{lineId}/`: any fields, and the version of the line. */
export const UpdateRequestLineBodySchema = z
  .strictObject({ ...z.object(lineFields).partial().shape, version: versionField() })
  .superRefine(lineRules);
export type UpdateRequestLineBody = z.infer<typeof UpdateRequestLineBodySchema>;

/** `POST requests/{id}/lines/{lineId}/status/`: confirm or cancel a line; null undoes a confirmation. */
export const RequestLineStatusBodySchema = z.strictObject({
  status: enumField(LINE_STATUS_CHANGES).nullable(),
  version: versionField(),
});
export type RequestLineStatusBody = z.infer<typeof RequestLineStatusBodySchema>;

const headerFields = {
  company_id: idField(),
  client_id: idField(),
  fo_manager_id: idField(),
  bo_manager_id: optionalRefId(),
  region_id: idField(),
  description: optionalString(2000, { multiline: true }),
};

/** `POST requests/`: the request and its first lines, saved together or not at all. */
export const CreateRequestBodySchema = z.strictObject({
  ...headerFields,
  lines: z.array(CreateRequestLineBodySchema).max(REQUEST_LINES_MAX).optional(),
});
export type CreateRequestBody = z.infer<typeof CreateRequestBodySchema>;

/** `PATCH requests/{id}/`: header fields; the company (and so the number) is fixed once created. */
export const UpdateRequestBodySchema = z.strictObject({
  client_id: idField().optional(),
  fo_manager_id: idField().optional(),
  bo_manager_id: optionalRefId(),
  region_id: idField().optional(),
  description: optionalString(2000, { multiline: true }),
  version: versionField(),
});
export type UpdateRequestBody = z.infer<typeof UpdateRequestBodySchema>;

/** `POST requests/{id}/cancel/` */
export const CancelRequestBodySchema = z.strictObject({ version: versionField() });
export type CancelRequestBody = z.infer<typeof CancelRequestBodySchema>;

export const RequestLineParamsSchema = z.object({ id: queryIdField(), lineId: queryIdField() });

export const RequestLineSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  service_type: z.enum(SERVICE_TYPES),
  service_subtype: z.enum(SERVICE_SUBTYPES).nullable(),
  supplier: z.object({ id: z.number().int(), name: z.string() }),
  date_from: z.string().nullable(),
  hour_from: z.string().nullable(),
  minute_from: z.string().nullable(),
  date_to: z.string().nullable(),
  hour_to: z.string().nullable(),
  minute_to: z.string().nullable(),
  pax: z.number().int().nullable(),
  description: z.string().nullable(),
  account_type: z.enum(ACCOUNT_TYPES),
  cost: DecimalString,
  cost_currency: z.enum(RATE_CURRENCIES),
  sell: DecimalString,
  sell_currency: z.enum(RATE_CURRENCIES),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Accounting status: null until confirmed. */
  status: z.enum(ACCOUNT_STATUSES).nullable(),
  hotel_name: z.string().nullable(),
  room_type: z.enum(ROOM_TYPES).nullable(),
  meal: z.enum(ROOM_MEALS).nullable(),
  cancellation_policy: z.enum(CANCELLATION_POLICIES).nullable(),
  flight_class: z.enum(FLIGHT_CLASSES).nullable(),
  route: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type RequestLine = z.infer<typeof RequestLineSchema>;

const requestShape = {
  id: z.number().int(),
  /** `BSLF-2026-00042`: per company and year, without gaps. */
  number: z.string(),
  company: z.object({ id: z.number().int(), code: z.enum(REQUEST_COMPANIES) }),
  client: z.object({ id: z.number().int(), name: z.string() }),
  fo_manager: StaffRefSchema,
  bo_manager: StaffRefSchema.nullable(),
  office: OfficeRefSchema,
  description: z.string().nullable(),
  /** Derived from the lines (`deriveRequestStatus`). */
  status: z.enum(REQUEST_STATUSES),
  lines_count: z.number().int(),
  created_by: StaffRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
};

/** A row of `GET requests/`. */
export const RequestListItemSchema = z.object(requestShape);
export type RequestListItem = z.infer<typeof RequestListItemSchema>;

/** `GET requests/{id}/`: the request with its lines. */
export const RequestRecordSchema = z.object({ ...requestShape, lines: z.array(RequestLineSchema) });
export type RequestRecord = z.infer<typeof RequestRecordSchema>;

export const REQUEST_ORDERINGS = orderingsOf(['created_at', 'number', 'client', 'company']);
export type RequestOrdering = (typeof REQUEST_ORDERINGS)[number];

/** `GET requests/`: search (number, client name, id), filters named after the fields, ordering. */
export const RequestListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true, search: true }).shape,
  company: enumField(REQUEST_COMPANIES).optional(),
  status: enumField(REQUEST_STATUSES).optional(),
  client: queryIdField().optional(),
  fo_manager: queryIdField().optional(),
  bo_manager: queryIdField().optional(),
  region: queryIdField().optional(),
  ordering: orderingQuery(REQUEST_ORDERINGS, '-created_at'),
});
export type RequestListQuery = z.infer<typeof RequestListQuerySchema>;

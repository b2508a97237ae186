import { z } from 'zod';
import { DecimalString, ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import {
  DirectoryListMetaSchema,
  exportFormatQuery,
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
  dateField,
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
  ALL_SERVICE_TYPES,
  CANCELLATION_POLICIES,
  DEADLINE_PAYMENT_TYPES,
  FLIGHT_CLASSES,
  PAYMENT_METHODS,
  REQUEST_COMPANIES,
  ROOM_MEALS,
  ROOM_TYPES,
  SERVICE_SUBTYPES,
} from '../value-lists.ts';
import { LINE_STATUS_CHANGES, REQUEST_KINDS, REQUEST_STATUSES } from './requests.status.ts';

/** Hours 00 to 23 and minutes in steps of 5 (spec section 3), as tuples for the schemas. */
export const REQUEST_HOURS = Array.from({ length: 24 }, (_, h) =>
  String(h).padStart(2, '0'),
) as unknown as readonly [string, ...string[]];
export const REQUEST_MINUTES = Array.from({ length: 12 }, (_, i) =>
  String(i * 5).padStart(2, '0'),
) as unknown as readonly [string, ...string[]];

/** Money of a line: two places, at most NUMERIC(18,2). Sell is positive; cost may be 0 on an Accounting line. */
export const REQUEST_MONEY_MAX = '999999999999.99';
const moneyField = (min = '0.01') => decimalField({ scale: 2, min, max: REQUEST_MONEY_MAX });
export const REQUEST_LINES_MAX = 50;
export const LINE_DEADLINES_MAX = 20;

/**
 * One deadline payment of a line (Prepayment, Part payment, Final payment), in the line's cost
 * currency. A line's `deadlines` are replaced as a whole; their sum may not exceed the line's cost
 * (400 `DEADLINES_OVER_COST`).
 */
export const LineDeadlineBodySchema = z.strictObject({
  type: enumField(DEADLINE_PAYMENT_TYPES),
  due_date: dateField(),
  amount: moneyField(),
});
export type LineDeadlineBody = z.infer<typeof LineDeadlineBodySchema>;

const lineFields = {
  /**
   * Hotel, Transportation, Air tickets, Private jet, Other on a service request; Accounting (and
   * only Accounting) on an accounting request: the server checks it against the request's kind.
   */
  service_type: enumField(ALL_SERVICE_TYPES),
  /** Only for Other, and then required. */
  service_subtype: optionalEnum(SERVICE_SUBTYPES),
  /** Required on every line but an Accounting one (the server answers 'Required field'). */
  supplier_id: optionalRefId(),
  date_from: optionalDate(),
  hour_from: optionalEnum(REQUEST_HOURS),
  minute_from: optionalEnum(REQUEST_MINUTES),
  date_to: optionalDate(),
  hour_to: optionalEnum(REQUEST_HOURS),
  minute_to: optionalEnum(REQUEST_MINUTES),
  pax: optionalNumber({ int: true, min: 1, max: 999 }),
  description: optionalString(2000, { multiline: true }).nullable(),
  account_type: enumField(ACCOUNT_TYPES),
  /** At least 0.01, except on an Accounting line where 0 is allowed (checked by the server). */
  cost: moneyField('0'),
  cost_currency: enumField(RATE_CURRENCIES),
  sell: moneyField(),
  sell_currency: enumField(RATE_CURRENCIES),
  payment_method: enumField(PAYMENT_METHODS),
  hotel_name: optionalString(200).nullable(),
  room_type: optionalEnum(ROOM_TYPES),
  meal: optionalEnum(ROOM_MEALS),
  cancellation_policy: optionalEnum(CANCELLATION_POLICIES),
  flight_class: optionalEnum(FLIGHT_CLASSES),
  route: optionalString(200).nullable(),
  /** The payment schedule; when present it replaces the line's deadlines as a whole. */
  deadlines: z.array(LineDeadlineBodySchema).max(LINE_DEADLINES_MAX).optional(),
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

/**
 * `PATCH requests/{id}/lines/{lineId}/`: any fields, and the version of the line (409 when stale).
 * A Confirmed line takes only `deadlines`, `description` and the times (its money is stamped);
 * an Invoiced, Accounted or Canceled line only `deadlines` (400 `REQUEST_LINE_LOCKED` otherwise).
 */
export const UpdateRequestLineBodySchema = z
  .strictObject({ ...z.object(lineFields).partial().shape, version: versionField() })
  .superRefine(lineRules);
export type UpdateRequestLineBody = z.infer<typeof UpdateRequestLineBodySchema>;

/**
 * `POST requests/{id}/lines/{lineId}/status/` with the line's version. Moves (decision 0009):
 * null → Confirmed | Canceled; Confirmed → null (undo) | Invoiced | Canceled. Invoiced is set by
 * an Accountant or Admin only; Accounted only through the LOG. Anything else: 400
 * `ILLEGAL_STATUS_MOVE`. Confirm stamps the rates (400 `NO_RATE_SET` when none converts).
 */
export const RequestLineStatusBodySchema = z.strictObject({
  status: enumField(LINE_STATUS_CHANGES).nullable(),
  version: versionField(),
});
export type RequestLineStatusBody = z.infer<typeof RequestLineStatusBodySchema>;

const headerFields = {
  company_id: idField(),
  client_id: idField(),
  /** An FO (or Admin) user; required on a service request, optional on an accounting one. */
  fo_manager_id: optionalRefId(),
  /** A BO (or Admin) user. */
  bo_manager_id: optionalRefId(),
  region_id: idField(),
  description: optionalString(2000, { multiline: true }).nullable(),
};

/**
 * `POST requests/`: the request and its first lines, saved together or not at all. `kind`
 * `accounting` (Admin, Accountant) takes Accounting lines only; `service` (default; FO, BO, Admin)
 * any other service type.
 */
export const CreateRequestBodySchema = z.strictObject({
  kind: enumField(REQUEST_KINDS).optional(),
  ...headerFields,
  lines: z.array(CreateRequestLineBodySchema).max(REQUEST_LINES_MAX).optional(),
});
export type CreateRequestBody = z.infer<typeof CreateRequestBodySchema>;

/** `PATCH requests/{id}/`: header fields; the company and kind (and so the number) are fixed once created. */
export const UpdateRequestBodySchema = z.strictObject({
  client_id: idField().optional(),
  fo_manager_id: optionalRefId(),
  bo_manager_id: optionalRefId(),
  region_id: idField().optional(),
  description: optionalString(2000, { multiline: true }).nullable(),
  version: versionField(),
});
export type UpdateRequestBody = z.infer<typeof UpdateRequestBodySchema>;

/** `POST requests/{id}/cancel/` with the request's version. */
export const CancelRequestBodySchema = z.strictObject({ version: versionField() });
export type CancelRequestBody = z.infer<typeof CancelRequestBodySchema>;

export const RequestLineParamsSchema = z.object({ id: queryIdField(), lineId: queryIdField() });

export const LineDeadlineSchema = z.object({
  id: z.number().int(),
  type: z.enum(DEADLINE_PAYMENT_TYPES),
  due_date: z.string(),
  amount: DecimalString,
});
export type LineDeadline = z.infer<typeof LineDeadlineSchema>;

/** `stamped`: the rates of the set the line was confirmed with; `current`: the newest set's. */
export const MARGIN_BASES = ['stamped', 'current'] as const;
export type MarginBasis = (typeof MARGIN_BASES)[number];

export const RequestLineSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  service_type: z.enum(ALL_SERVICE_TYPES),
  service_subtype: z.enum(SERVICE_SUBTYPES).nullable(),
  /** Null only on an Accounting line. */
  supplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
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
  deadlines: z.array(LineDeadlineSchema),
  /**
   * Sell and cost in the company's base currency (sell rate for sell, buy rate for cost) and
   * their difference, 2 dp. Null when no rate set converts the line (`rates_missing`).
   * A negative margin is shown in red.
   */
  sell_base: DecimalString.nullable(),
  cost_base: DecimalString.nullable(),
  margin: DecimalString.nullable(),
  /** The rate set the line was confirmed with (stamped), or the newest one used now (current). */
  rate_set_id: z.number().int().nullable(),
  margin_at: z.enum(MARGIN_BASES),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type RequestLine = z.infer<typeof RequestLineSchema>;

const requestShape = {
  id: z.number().int(),
  /** `BSLF-2026-00042`: per company and year, without gaps. */
  number: z.string(),
  kind: z.enum(REQUEST_KINDS),
  /** The company's code (BSLF, TPRO, AIRS, or one added later). */
  company: z.object({ id: z.number().int(), code: z.string() }),
  client: z.object({ id: z.number().int(), name: z.string() }),
  fo_manager: StaffRefSchema.nullable(),
  bo_manager: StaffRefSchema.nullable(),
  office: OfficeRefSchema,
  /** Derived from the lines (`deriveRequestStatus`); Canceled once the request is canceled. */
  status: z.enum(REQUEST_STATUSES),
  /** The earliest start and latest end of the lines. */
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  service_types: z.array(z.enum(ALL_SERVICE_TYPES)),
  /** Distinct supplier names of the lines, joined with ', '. */
  supplier_names: z.string(),
  /** The company's base currency; `sell_total` and `margin` are in it (live lines). */
  base_currency: z.enum(RATE_CURRENCIES),
  sell_total: DecimalString,
  margin: DecimalString,
  has_invoice: z.boolean(),
  lines_count: z.number().int(),
  created_at: z.string(),
  version: z.number().int(),
};

/**
 * A row of `GET requests/`: the summary as of the last change to the request (unconfirmed lines
 * valued at the rates of that moment; the request page shows today's).
 */
export const RequestListItemSchema = z.object(requestShape);
export type RequestListItem = z.infer<typeof RequestListItemSchema>;

/** `GET requests/{id}/`: the request with its lines, valued now. */
export const RequestRecordSchema = z.object({
  ...requestShape,
  description: z.string().nullable(),
  canceled_at: z.string().nullable(),
  created_by: StaffRefSchema.nullable(),
  updated_at: z.string(),
  lines: z.array(RequestLineSchema),
  /** Totals of the live (not canceled) lines in `base_currency`, at stamped or current rates. */
  totals: z.object({ sell: DecimalString, cost: DecimalString, margin: DecimalString }),
  /** True when some line could not be converted (no rate set holds its currency): totals leave it out. */
  rates_missing: z.boolean(),
});
export type RequestRecord = z.infer<typeof RequestRecordSchema>;

export const REQUEST_ORDERINGS = orderingsOf([
  'number',
  'created_at',
  'client',
  'date_from',
  'sell_total',
  'margin',
  'status',
]);
export type RequestOrdering = (typeof REQUEST_ORDERINGS)[number];

/** Group invoice availability: absent = All, `has` = Has invoice, `none` = No invoice. */
export const REQUEST_INVOICE_FILTERS = ['has', 'none'] as const;
export type RequestInvoiceFilter = (typeof REQUEST_INVOICE_FILTERS)[number];

const requestFilterShape = {
  /** Free text: number, client, suppliers, hotels, routes, descriptions (word prefixes); or an id. */
  search: ListQuerySchema.shape.search,
  /** The company's code. */
  company: enumField(REQUEST_COMPANIES).optional(),
  status: enumField(REQUEST_STATUSES).optional(),
  client: queryIdField().optional(),
  fo_manager: queryIdField().optional(),
  bo_manager: queryIdField().optional(),
  /** The office (region) id. */
  region: queryIdField().optional(),
  /**
   * A range over the request's dates: requests whose [date_from, date_to] overlaps
   * [date_from, date_to] of the filter (either end may be left open). Requests without dates
   * never match a date filter.
   */
  date_from: dateField().optional(),
  date_to: dateField().optional(),
  /** Requests with at least one line of this service type (Accounting included). */
  service_type: enumField(ALL_SERVICE_TYPES).optional(),
  invoice: enumField(REQUEST_INVOICE_FILTERS).optional(),
  kind: enumField(REQUEST_KINDS).optional(),
  /**
   * Requests with at least one live line in this accounting status, whatever the request's own
   * status (`line_status=Confirmed`: the workspace's requests to invoice, In progress ones too).
   */
  line_status: enumField(ACCOUNT_STATUSES).optional(),
  ordering: orderingQuery(REQUEST_ORDERINGS, '-created_at'),
};

/**
 * `GET requests/`. The answer's `meta.total` is exact up to 1,000 matches and the planner's
 * estimate above (`meta.total_estimated`), as the directory lists.
 */
export const RequestListQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  ...requestFilterShape,
});
export type RequestListQuery = z.infer<typeof RequestListQuerySchema>;
export const RequestListMetaSchema = DirectoryListMetaSchema;
export const requestListEnvelope = z.object({
  data: z.array(RequestListItemSchema),
  meta: RequestListMetaSchema,
});

/** `GET requests/export/?format=csv|xlsx` with the list's filters and ordering (at most 10,000 rows). */
export const RequestExportQuerySchema = z.object({ ...requestFilterShape, format: exportFormatQuery });
export type RequestExportQuery = z.infer<typeof RequestExportQuerySchema>;
export const REQUEST_EXPORT_MAX_ROWS = 10_000;

export const DEADLINE_ORDERINGS = orderingsOf(['due_date', 'amount']);

/**
 * `GET deadlines/`: deadline payments with their request, line, supplier and managers.
 * `due_before` (inclusive) for upcoming ones (today + 7 days on the page); `overdue=true`: due
 * before today on a line that is not Canceled; `manager`: FO or BO manager of the request.
 * Deadlines of canceled requests and of Canceled lines are left out (they will not be paid), so
 * `overdue=false` is "due today or later".
 */
export const DeadlineListQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  due_before: dateField().optional(),
  overdue: QueryBoolean.optional(),
  request: queryIdField().optional(),
  region: queryIdField().optional(),
  manager: queryIdField().optional(),
  ordering: orderingQuery(DEADLINE_ORDERINGS, 'due_date'),
});
export type DeadlineListQuery = z.infer<typeof DeadlineListQuerySchema>;

export const DeadlineListItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(DEADLINE_PAYMENT_TYPES),
  due_date: z.string(),
  amount: DecimalString,
  /** The line's cost currency. */
  currency: z.enum(RATE_CURRENCIES),
  /** Due before today and the line not Canceled. */
  overdue: z.boolean(),
  request: z.object({ id: z.number().int(), number: z.string() }),
  line: z.object({
    id: z.number().int(),
    service_type: z.enum(ALL_SERVICE_TYPES),
    status: z.enum(ACCOUNT_STATUSES).nullable(),
  }),
  supplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  fo_manager: StaffRefSchema.nullable(),
  bo_manager: StaffRefSchema.nullable(),
  office: OfficeRefSchema,
});
export type DeadlineListItem = z.infer<typeof DeadlineListItemSchema>;

import { z } from 'zod';
import { ListQuerySchema } from '../api/envelope.ts';
import {
  OfficeRefSchema,
  orderingQuery,
  orderingsOf,
  StaffRefSchema,
  versionField,
} from '../directory/common.schemas.ts';
import { enumField, queryIdField, requiredString } from '../validation/fields.schemas.ts';
import { LOG_REQUEST_STATUSES, REQUEST_COMPANIES } from '../value-lists.ts';
import { REQUEST_STATUSES } from './requests.status.ts';

/** What happened to a LOG record, one `log_events` row each. */
export const LOG_ACTIONS = ['submitted', 'resubmitted', 'confirmed', 'sent_for_correction'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export const LOG_COMMENT_MAX = 2000;

export const LogEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(LOG_ACTIONS),
  /** The record's status after this step. */
  status: z.enum(LOG_REQUEST_STATUSES),
  comment: z.string().nullable(),
  user: StaffRefSchema.nullable(),
  created_at: z.string(),
});
export type LogEvent = z.infer<typeof LogEventSchema>;

const logRecordShape = {
  id: z.number().int(),
  status: z.enum(LOG_REQUEST_STATUSES),
  request: z.object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(REQUEST_STATUSES),
    company: z.object({ id: z.number().int(), code: z.enum(REQUEST_COMPANIES) }),
    client: z.object({ id: z.number().int(), name: z.string() }),
    office: OfficeRefSchema,
    fo_manager: StaffRefSchema.nullable(),
    bo_manager: StaffRefSchema.nullable(),
  }),
  submitted_by: StaffRefSchema.nullable(),
  submitted_at: z.string(),
  reviewed_by: StaffRefSchema.nullable(),
  reviewed_at: z.string().nullable(),
  /** The accountant's last correction comment. */
  comment: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
};

/** A row of `GET log/`. */
export const LogRecordSchema = z.object(logRecordShape);
export type LogRecord = z.infer<typeof LogRecordSchema>;

/** `GET log/{id}/` and the answer of every step: the record with its history, oldest first. */
export const LogRecordDetailSchema = z.object({ ...logRecordShape, events: z.array(LogEventSchema) });
export type LogRecordDetail = z.infer<typeof LogRecordDetailSchema>;

export const LOG_ORDERINGS = orderingsOf(['submitted_at', 'updated_at', 'number', 'status', 'client']);
export type LogOrdering = (typeof LOG_ORDERINGS)[number];

/** `GET log/`: search by request number or client, filters named after the fields, ordering. */
export const LogListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true, search: true }).shape,
  status: enumField(LOG_REQUEST_STATUSES).optional(),
  company: enumField(REQUEST_COMPANIES).optional(),
  region: queryIdField().optional(),
  /** The records of one request (its LOG history on the request's page). */
  request: queryIdField().optional(),
  ordering: orderingQuery(LOG_ORDERINGS, '-submitted_at'),
});
export type LogListQuery = z.infer<typeof LogListQuerySchema>;

/** `POST log/{id}/confirm/`: the version the accountant saw. */
export const ConfirmLogBodySchema = z.strictObject({ version: versionField() });
export type ConfirmLogBody = z.infer<typeof ConfirmLogBodySchema>;

/** `POST log/{id}/correction/`: what to correct, and the version the accountant saw. */
export const CorrectionLogBodySchema = z.strictObject({
  comment: requiredString(LOG_COMMENT_MAX, { multiline: true }),
  version: versionField(),
});
export type CorrectionLogBody = z.infer<typeof CorrectionLogBodySchema>;

/** Business-rule messages of the LOG hand-over. */
export const LOG_MESSAGES = {
  nothingToSubmit: 'Only a request with a Confirmed or Invoiced line can be submitted to accounting',
  alreadyOpen: 'This request is already with accounting (its LOG record is NEW)',
  notOpen: (status: string) =>
    `This LOG record is ${status}; only a NEW record can be confirmed or sent back`,
  requestCanceled: 'A canceled request cannot be submitted to accounting',
} as const;

import { z } from 'zod';
import { ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import {
  optionalEnum,
  optionalRefId,
  orderingQuery,
  orderingsOf,
  StaffRefSchema,
  versionField,
} from '../directory/common.schemas.ts';
import {
  enumField,
  idField,
  optionalString,
  queryIdField,
  requiredString,
} from '../validation/fields.schemas.ts';
import { MESSAGES } from '../validation/messages.ts';
import { TASK_PRIORITIES, TASK_STATUSES } from '../value-lists.ts';

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;

/**
 * A deadline is an instant (ISO 8601 with its offset): the web picks a day, an hour 00-23 and a
 * minute in steps of 5 in the user's own time zone and sends the instant; the minute must be a
 * multiple of 5 and the seconds 0 in every real time zone (their offsets are whole 15 minutes).
 */
export const taskDeadlineField = () =>
  z
    .string({ error: () => MESSAGES.invalidValue })
    .max(40)
    .refine((v) => {
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return false;
      const d = new Date(v);
      if (Number.isNaN(d.getTime())) return false;
      const year = d.getUTCFullYear();
      return (
        year >= 2000 &&
        year <= 2999 &&
        d.getUTCSeconds() === 0 &&
        d.getUTCMilliseconds() === 0 &&
        d.getUTCMinutes() % 5 === 0
      );
    }, MESSAGES.invalidValue);

/** What a task links to: a request, or a client, or nothing (never both). */
export const TaskLinkSchema = z.object({
  request: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const TaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  assignee: StaffRefSchema,
  author: StaffRefSchema,
  /** ISO instant, or null when the task has no deadline. */
  deadline: z.string().nullable(),
  /** The deadline has passed and the task is not Completed (or in Control). */
  overdue: z.boolean(),
  ...TaskLinkSchema.shape,
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

export const CreateTaskBodySchema = z.strictObject({
  title: requiredString(TASK_TITLE_MAX),
  description: optionalString(TASK_DESCRIPTION_MAX, { multiline: true }),
  priority: enumField(TASK_PRIORITIES).default('Normal'),
  status: enumField(TASK_STATUSES).default('Not started'),
  assignee: idField(),
  deadline: taskDeadlineField().nullable().optional(),
  request: optionalRefId(),
  client: optionalRefId(),
});
export type CreateTaskBody = z.input<typeof CreateTaskBodySchema>;

/**
 * A partial update at the version the editor loaded (409 when stale). `author`: an Admin hands a
 * task whose author is deactivated to another author (a task in Control waits for its author's
 * check, which a deactivated author can never make).
 */
export const UpdateTaskBodySchema = z.strictObject({
  version: versionField(),
  author: idField().optional(),
  title: requiredString(TASK_TITLE_MAX).optional(),
  description: optionalString(TASK_DESCRIPTION_MAX, { multiline: true }),
  priority: enumField(TASK_PRIORITIES).optional(),
  status: enumField(TASK_STATUSES).optional(),
  assignee: idField().optional(),
  deadline: taskDeadlineField().nullable().optional(),
  request: optionalRefId(),
  client: optionalRefId(),
});
export type UpdateTaskBody = z.input<typeof UpdateTaskBodySchema>;

/** "mine": assigned to me; "assigned": I am the author; "all": every task (Admin only). */
export const TASK_SCOPES = ['mine', 'assigned', 'all'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

export const TASK_ORDERINGS = orderingsOf(['deadline', 'created_at', 'priority', 'status', 'title', 'id']);
export const TaskListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true, search: true }).shape,
  scope: enumField(TASK_SCOPES).default('mine'),
  status: optionalEnum(TASK_STATUSES),
  priority: optionalEnum(TASK_PRIORITIES),
  assignee: queryIdField().optional(),
  author: queryIdField().optional(),
  request: queryIdField().optional(),
  client: queryIdField().optional(),
  overdue: QueryBoolean.optional(),
  ordering: orderingQuery(TASK_ORDERINGS, 'deadline'),
});
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

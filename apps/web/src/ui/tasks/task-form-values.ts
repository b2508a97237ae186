import type { CreateTaskBody, Task, UpdateTaskBody } from '@app/shared/tasks/tasks.schemas';
import { CreateTaskBodySchema } from '@app/shared/tasks/tasks.schemas';
import { MESSAGES } from '@app/shared/validation/messages';
import { TASK_PRIORITIES, TASK_STATUSES } from '@app/shared/value-lists';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { composeDeadline, splitDeadline } from '../../lib/tasks/task-deadline.ts';

/** What a task is about, as the form asks it: nothing, a request or a client. */
export const TASK_LINK_KINDS = ['none', 'request', 'client'] as const;
export type TaskLinkKind = (typeof TASK_LINK_KINDS)[number];

/** A new task opened from a request's or a client's page starts linked to it. */
export interface TaskPrefill {
  request?: { id: number; number: string } | null;
  client?: { id: number; name: string } | null;
}

const pickedId = z.union([z.number(), z.string()]).nullable();
const required = (ctx: z.RefinementCtx, path: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message: MESSAGES.required });

/**
 * The form's values: the contract's own title and description fields (same messages as the
 * server), the deadline as a day, an hour and a minute, and the link as a kind and a record.
 */
export const taskFormSchema = z
  .object({
    title: CreateTaskBodySchema.shape.title,
    description: CreateTaskBodySchema.shape.description,
    priority: z.enum(TASK_PRIORITIES),
    status: z.enum(TASK_STATUSES),
    assignee: pickedId,
    deadline_date: z.string(),
    deadline_hour: z.string().nullable(),
    deadline_minute: z.string().nullable(),
    link: z.enum(TASK_LINK_KINDS),
    request: pickedId,
    client: pickedId,
  })
  .superRefine((v, ctx) => {
    if (v.assignee === null || v.assignee === '') required(ctx, 'assignee');
    // a day without its hour would silently mean midnight: ask for it
    if (v.deadline_date && !v.deadline_hour) required(ctx, 'deadline_hour');
    if (!v.deadline_date && (v.deadline_hour || v.deadline_minute)) required(ctx, 'deadline_date');
    if (v.link === 'request' && (v.request === null || v.request === '')) required(ctx, 'request');
    if (v.link === 'client' && (v.client === null || v.client === '')) required(ctx, 'client');
  });

export type TaskFormInput = z.input<typeof taskFormSchema>;
export type TaskFormOutput = z.output<typeof taskFormSchema>;
/** The form as its field groups receive it. */
export type TaskFormApi = UseFormReturn<TaskFormInput, unknown, TaskFormOutput>;

/** The server's field names and where the form shows them. */
export const TASK_SERVER_FIELDS: Readonly<Record<string, string>> = {
  title: 'title',
  description: 'description',
  priority: 'priority',
  status: 'status',
  assignee: 'assignee',
  deadline: 'deadline_date',
  request: 'request',
  client: 'client',
};

/** A new task: Normal, Not started, no deadline, linked to the record it was opened from. */
export function newTaskValues(prefill: TaskPrefill = {}): TaskFormInput {
  return {
    title: '',
    description: '',
    priority: 'Normal',
    status: 'Not started',
    assignee: null,
    deadline_date: '',
    deadline_hour: null,
    deadline_minute: null,
    link: prefill.request ? 'request' : prefill.client ? 'client' : 'none',
    request: prefill.request?.id ?? null,
    client: prefill.client?.id ?? null,
  };
}

export function taskValues(task: Task): TaskFormInput {
  const deadline = splitDeadline(task.deadline);
  return {
    title: task.title,
    description: task.description,
    priority: task.priority,
    status: task.status,
    assignee: task.assignee.id,
    deadline_date: deadline.date,
    deadline_hour: deadline.hour,
    deadline_minute: deadline.minute,
    link: task.request ? 'request' : task.client ? 'client' : 'none',
    request: task.request?.id ?? null,
    client: task.client?.id ?? null,
  };
}

const idOf = (v: number | string | null): number | null => (v === null || v === '' ? null : Number(v));

function linkOf(v: TaskFormOutput): { request: number | null; client: number | null } {
  return {
    request: v.link === 'request' ? idOf(v.request) : null,
    client: v.link === 'client' ? idOf(v.client) : null,
  };
}

const deadlineOf = (v: TaskFormOutput) =>
  composeDeadline(v.deadline_date, v.deadline_hour, v.deadline_minute);

export function createTaskBody(v: TaskFormOutput): CreateTaskBody {
  return {
    title: v.title,
    description: v.description ?? '',
    priority: v.priority,
    status: v.status,
    assignee: idOf(v.assignee) ?? 0,
    deadline: deadlineOf(v),
    ...linkOf(v),
  };
}

const sameInstant = (a: string | null, b: string | null) =>
  a === b || (a !== null && b !== null && Date.parse(a) === Date.parse(b));

/**
 * The changes to a task at the version read: only what differs, so an assignee who only moves the
 * status sends only the status. Null when nothing changed.
 */
export function updateTaskBody(task: Task, v: TaskFormOutput): UpdateTaskBody | null {
  const body: UpdateTaskBody = { version: task.version };
  if (v.title !== task.title) body.title = v.title;
  if ((v.description ?? '') !== task.description) body.description = v.description ?? '';
  if (v.priority !== task.priority) body.priority = v.priority;
  if (v.status !== task.status) body.status = v.status;
  const assignee = idOf(v.assignee);
  if (assignee !== null && assignee !== task.assignee.id) body.assignee = assignee;
  const deadline = deadlineOf(v);
  if (!sameInstant(deadline, task.deadline)) body.deadline = deadline;
  const link = linkOf(v);
  if (link.request !== (task.request?.id ?? null)) body.request = link.request;
  if (link.client !== (task.client?.id ?? null)) body.client = link.client;
  return Object.keys(body).length > 1 ? body : null;
}

import {
  type CreateTaskBody,
  canAccess,
  isAdmin,
  type ListResult,
  MESSAGES,
  TASK_MESSAGES,
  TASKS_ACCESS,
  type Task,
  type TaskListQuery,
  type TaskStatus,
  type UpdateTaskBody,
} from '@app/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { taskSnapshot, toTask } from './tasks.mappers.ts';
import {
  tasksRepository as repo,
  type TaskInsert,
  type TaskRow,
  type TaskView,
  taskSearchVector,
} from './tasks.repository.ts';
import { createProblem, moveProblem, type TaskActor } from './tasks.rules.ts';

export const TASK_ENTITY = 'task';

const NOT_FOUND = () => AppError.notFound('Task');
const ILLEGAL_MOVE = (from: string, to: string, why: string) =>
  new AppError('ILLEGAL_STATUS_MOVE', TASK_MESSAGES.illegalMove(from, to, why), { rule: true });

const actorOf = (ctx: Ctx): TaskActor => ({ id: ctx.user.id, admin: isAdmin(ctx.user) });

/** Admin sees every task; everyone else the tasks they wrote or hold (others answer 404). */
const canSee = (row: Pick<TaskRow, 'author_id' | 'assignee_id'>, actor: TaskActor) =>
  actor.admin || row.author_id === actor.id || row.assignee_id === actor.id;

/** The details in the body as columns (title, description, priority, assignee, deadline, link); a link to one record clears the other (a task has one link). */
function detailColumns(body: Omit<UpdateTaskBody, 'version' | 'status' | 'author'>): Partial<TaskInsert> {
  const values: Partial<TaskInsert> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.description !== undefined) values.description = body.description;
  if (body.priority !== undefined) values.priority = body.priority;
  if (body.assignee !== undefined) values.assignee_id = body.assignee;
  if (body.deadline !== undefined) values.deadline = body.deadline === null ? null : new Date(body.deadline);
  if (body.request !== undefined) values.request_id = body.request;
  if (body.client !== undefined) values.client_id = body.client;
  if (body.request != null) values.client_id = null;
  if (body.client != null) values.request_id = null;
  return values;
}

/** Whether a column value differs from the stored one (deadlines compared as instants). */
function differs(current: TaskRow, key: keyof TaskInsert, value: unknown): boolean {
  const stored = current[key as keyof TaskRow];
  if (stored instanceof Date || value instanceof Date)
    return (stored as Date | null)?.getTime() !== (value as Date | null)?.getTime();
  return stored !== value;
}

/** Why a user cannot hold or write tasks (unknown, inactive, a role without tasks), or null when they can. */
async function personProblem(ex: Executor, id: number): Promise<string | null> {
  const user = await repo.user(ex, id);
  if (!user) return MESSAGES.invalidValue;
  if (!user.is_active) return TASK_MESSAGES.inactiveAssignee;
  if (!canAccess({ role: user.role as never, type: user.type, permissions: [] }, TASKS_ACCESS))
    return TASK_MESSAGES.assigneeRole;
  return null;
}

/**
 * The references a change brings in: the assignee (and a new author) an active user who may use
 * tasks, a linked request or client that exists (a client not archived), and never both links.
 * Only what changes is checked, so a task keeps a link to a client archived since.
 */
async function checkReferences(
  ex: Executor,
  body: {
    assignee?: number | undefined;
    author?: number | undefined;
    request?: number | null | undefined;
    client?: number | null | undefined;
  },
): Promise<void> {
  const errors: FieldErrors = {};
  if (body.request != null && body.client != null) {
    errors.request = [TASK_MESSAGES.oneLink];
    errors.client = [TASK_MESSAGES.oneLink];
  }
  for (const field of ['assignee', 'author'] as const) {
    const id = body[field];
    const problem = id === undefined ? null : await personProblem(ex, id);
    if (problem) errors[field] = [problem];
  }
  if (body.request != null && !errors.request && !(await repo.request(ex, body.request)))
    errors.request = [MESSAGES.invalidValue];
  if (body.client != null && !errors.client) {
    const client = await repo.client(ex, body.client);
    if (!client) errors.client = [MESSAGES.invalidValue];
    else if (client.archived_at) errors.client = [TASK_MESSAGES.archivedClient];
  }
  if (Object.keys(errors).length) throw AppError.fields(errors);
}

/**
 * A new author, for a task whose author is deactivated: an Admin's call alone. The Control rule
 * stays as the spec has it (only the author accepts or returns a task in Control; an Admin does
 * not act for them), so a task in Control whose author has left would wait forever: the Admin
 * gives it an active author (themselves or the author's successor), who then makes the check.
 * An active author keeps their task: refused.
 */
async function authorChange(tx: Tx, current: TaskRow, author: number | undefined, actor: TaskActor) {
  if (author === undefined || author === current.author_id) return {};
  if (!actor.admin) throw AppError.forbidden(TASK_MESSAGES.onlyAdminChangesAuthor);
  if ((await repo.user(tx, current.author_id))?.is_active)
    throw AppError.fields({ author: [TASK_MESSAGES.authorStillActive] });
  return { author_id: author };
}

/** Assigning a task to someone else raises a NewTask notice for them (DOMAIN.md, Collaboration). */
async function notifyAssignee(tx: Tx, ctx: Ctx, task: Task): Promise<void> {
  if (task.assignee.id === ctx.user.id) return;
  await notify(tx, [task.assignee.id], {
    type: 'NewTask',
    title: `New task: ${task.title}`,
    data: { task_id: task.id },
  });
}

export function createTasksService({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }) {
  const view = async (ex: Executor, id: number): Promise<Task> => {
    const v: TaskView | null = await repo.findView(ex, id);
    if (!v) throw NOT_FOUND();
    return toTask(v, clock());
  };

  async function lockVisible(tx: Tx, ctx: Ctx, id: number): Promise<TaskRow> {
    const row = await repo.findForUpdate(tx, id);
    if (!row || !canSee(row, actorOf(ctx))) throw NOT_FOUND();
    return row;
  }

  return {
    /** "mine" (assigned to me), "assigned" (written by me), "all" (an Admin's alone). */
    async list(ctx: Ctx, q: TaskListQuery): Promise<ListResult<Task>> {
      if (q.scope === 'all' && !isAdmin(ctx.user)) throw AppError.forbidden(TASK_MESSAGES.allScopeAdminOnly);
      const now = clock();
      const { rows, total } = await repo.list(db, { ...q, viewer: ctx.user.id, now }, q.limit, q.offset);
      return { data: rows.map((r) => toTask(r, now)), meta: { total, limit: q.limit, offset: q.offset } };
    },

    /**
     * Whether the history of a task is the caller's to read (`GET audit/?entity=task`): the people
     * who see the task, as `get`; once it is deleted, those it was between (or who changed it)
     * and an Admin. Anyone else is refused, for a task that never existed too.
     */
    async canReadHistory(ctx: Ctx, id: number): Promise<boolean> {
      const actor = actorOf(ctx);
      if (actor.admin) return true;
      const row = await repo.people(db, id);
      if (row) return canSee(row, actor);
      return repo.wasInvolvedInDeleted(db, TASK_ENTITY, id, actor.id);
    },

    async get(ctx: Ctx, id: number): Promise<Task> {
      const v = await repo.findView(db, id);
      if (!v || !canSee(v.task, actorOf(ctx))) throw NOT_FOUND();
      return toTask(v, clock());
    },

    async create(ctx: Ctx, body: CreateTaskBody): Promise<Task> {
      const status: TaskStatus = body.status ?? 'Not started';
      const people = { author_id: ctx.user.id, assignee_id: body.assignee };
      const problem = createProblem(people, status, actorOf(ctx));
      if (problem)
        throw AppError.fields({ status: [TASK_MESSAGES.illegalMove('Not started', status, problem)] });
      return db.transaction(async (tx) => {
        await checkReferences(tx, body);
        const title = body.title;
        const description = body.description ?? '';
        const row = await repo.insert(tx, {
          ...detailColumns({ ...body, description }),
          title,
          description,
          status,
          ...people,
          search_vector: taskSearchVector(title, description),
          completed_at: status === 'Completed' ? clock() : null,
        });
        const created = await view(tx, row.id);
        await recordChange(tx, ctx, TASK_ENTITY, row.id, null, taskSnapshot(created));
        await notifyAssignee(tx, ctx, created);
        return created;
      });
    },

    /**
     * A partial update at the version the editor loaded. The details are the author's (or an
     * Admin's): the assignee sending them unchanged is fine, changing one is a 403. A status
     * change follows `moveProblem` (Control: only the author takes a task out of it), judged on
     * the task as it was: a new author (`authorChange`) checks it in a later change.
     */
    async update(ctx: Ctx, id: number, body: UpdateTaskBody): Promise<Task> {
      return db.transaction(async (tx) => {
        const current = await lockVisible(tx, ctx, id);
        if (current.version !== body.version) throw AppError.stale();
        const actor = actorOf(ctx);
        // both links in one body: refused before the columns let the later one win
        if (body.request != null && body.client != null)
          await checkReferences(tx, { request: body.request, client: body.client });
        const { author, ...details } = body;
        const values = detailColumns(details);
        const changed = Object.entries(values).filter(([k, v]) => differs(current, k as keyof TaskInsert, v));
        if (changed.length && !(actor.admin || current.author_id === actor.id))
          throw AppError.forbidden(TASK_MESSAGES.onlyAuthorEdits);
        const changes: Partial<TaskInsert> = {
          ...Object.fromEntries(changed),
          ...(await authorChange(tx, current, author, actor)),
        };
        const from = current.status as TaskStatus;
        if (body.status !== undefined && body.status !== from) {
          const problem = moveProblem({ ...current, status: from }, body.status, actor);
          if (problem) throw ILLEGAL_MOVE(from, body.status, problem);
          changes.status = body.status;
          changes.completed_at = body.status === 'Completed' ? clock() : null;
        }
        if (Object.keys(changes).length === 0) return view(tx, id);
        await checkReferences(tx, {
          ...(changes.assignee_id !== undefined && { assignee: changes.assignee_id }),
          ...(changes.author_id !== undefined && { author: changes.author_id }),
          ...(changes.request_id != null && { request: changes.request_id }),
          ...(changes.client_id != null && { client: changes.client_id }),
        });
        if (changes.title !== undefined || changes.description !== undefined)
          changes.search_vector = taskSearchVector(
            changes.title ?? current.title,
            changes.description ?? current.description,
          );
        const before = await view(tx, id);
        const updated = await repo.updateVersioned(tx, id, body.version, changes);
        if (!updated) throw AppError.stale();
        const after = await view(tx, id);
        await recordChange(tx, ctx, TASK_ENTITY, id, taskSnapshot(before), taskSnapshot(after));
        if (changes.assignee_id !== undefined) await notifyAssignee(tx, ctx, after);
        return after;
      });
    },

    /** Its author or an Admin deletes a task (the assignee gets a 403, anyone else a 404). */
    async remove(ctx: Ctx, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await lockVisible(tx, ctx, id);
        const actor = actorOf(ctx);
        if (!(actor.admin || current.author_id === actor.id))
          throw AppError.forbidden(TASK_MESSAGES.onlyAuthorDeletes);
        const before = await view(tx, id);
        await repo.delete(tx, id);
        await recordChange(tx, ctx, TASK_ENTITY, id, taskSnapshot(before), null);
      });
    },
  };
}
export type TasksService = ReturnType<typeof createTasksService>;

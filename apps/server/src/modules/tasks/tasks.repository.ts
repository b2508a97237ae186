import type { TaskPriority, TaskScope, TaskStatus } from '@app/shared';
import { type AnyColumn, and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.ts';
import { searchVector } from '../../platform/full-text-search.ts';
import { allOf, type SearchableTable, searchCondition } from '../../platform/list-query/filtering.ts';
import { orderBy, parseOrdering } from '../../platform/list-query/sorting.ts';
import { auditLog } from '../audit/audit.table.ts';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { tasks } from './tasks.table.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskInsert = typeof tasks.$inferInsert;

/** A reminder claimed for a task: what its notice says and whom it goes to. */
export interface ClaimedTaskReminder {
  id: number;
  title: string;
  assignee_id: number;
  author_id: number;
  deadline: Date | null;
}

/** A task with the names the API shows beside its ids. */
export interface TaskView {
  task: TaskRow;
  assignee_name: string;
  author_name: string;
  request_number: string | null;
  client_name: string | null;
}

export interface TaskFilter {
  scope: TaskScope;
  /** The signed-in user: "mine" and "assigned" are theirs. */
  viewer: number;
  status?: TaskStatus | null | undefined;
  priority?: TaskPriority | null | undefined;
  assignee?: number | undefined;
  author?: number | undefined;
  request?: number | undefined;
  client?: number | undefined;
  overdue?: boolean | undefined;
  search?: string | undefined;
  ordering: string;
  /** The clock "overdue" is read against. */
  now: Date;
}

const assignee = alias(users, 'assignee');
const author = alias(users, 'author');

/** Overdue: a deadline passed and the task not in Control or Completed. */
export const overdueCondition = (now: Date): SQL =>
  sql`(${tasks.deadline} < ${now.toISOString()}::timestamptz and ${tasks.status} <> 'Control' and ${tasks.status} <> 'Completed')`;

const STATUS_RANK = sql`case ${tasks.status} when 'Not started' then 0 when 'In progress' then 1 when 'Control' then 2 else 3 end`;

const ORDER_COLUMNS = {
  deadline: { column: tasks.deadline, nullable: true },
  created_at: { column: tasks.created_at },
  priority: { column: tasks.priority },
  // the board's order, not the alphabet's
  status: { column: STATUS_RANK as unknown as AnyColumn },
  title: { column: tasks.title },
  id: { column: tasks.id },
};

/**
 * The words of the title and description (folded: no accents, lower case), stored in
 * `search_vector` (GIN): the list's search finds a task by the start of any of them (decision 0004,
 * as the directory does), over 100,000 tasks without reading them all (bench/README.md, Tasks).
 */
export const taskSearchVector = (title: string, description: string) => searchVector([title, description]);

const searchable: SearchableTable = { table: tasks, id: tasks.id, searchVector: tasks.search_vector };

function scopeCondition(f: TaskFilter): SQL | undefined {
  switch (f.scope) {
    case 'mine':
      return eq(tasks.assignee_id, f.viewer);
    case 'assigned':
      return eq(tasks.author_id, f.viewer);
    case 'all':
      return undefined;
    default: {
      const unknown: never = f.scope;
      return unknown;
    }
  }
}

function conditions(f: TaskFilter): SQL | undefined {
  return allOf([
    scopeCondition(f),
    f.status ? eq(tasks.status, f.status) : undefined,
    f.priority ? eq(tasks.priority, f.priority) : undefined,
    f.assignee ? eq(tasks.assignee_id, f.assignee) : undefined,
    f.author ? eq(tasks.author_id, f.author) : undefined,
    f.request ? eq(tasks.request_id, f.request) : undefined,
    f.client ? eq(tasks.client_id, f.client) : undefined,
    f.overdue === true ? overdueCondition(f.now) : undefined,
    f.overdue === false ? sql`not coalesce(${overdueCondition(f.now)}, false)` : undefined,
    // words as prefixes, or the task's id when the search is a number
    searchCondition(searchable, f.search),
  ]);
}

const viewSelection = {
  task: tasks,
  assignee_name: assignee.name,
  author_name: author.name,
  request_number: requests.number,
  client_name: sql<string | null>`${clients.first_name} || ' ' || ${clients.last_name}`,
};

export const tasksRepository = {
  /**
   * One page of ids from the tasks table alone (with the total), then those rows with their
   * names: the joins cost a page of lookups, not one per match. The page and the count are two
   * statements on purpose: the page stops early on an index in the list's order, which counting
   * in the page's own pass (`count(*) over ()`) would forbid (91 ms against 5 + 46 for a search
   * over 100,000 tasks, bench/tasks).
   */
  async list(
    ex: Executor,
    f: TaskFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: TaskView[]; total: number }> {
    const where = conditions(f);
    const [page, totals] = await Promise.all([
      ex
        .select({ id: tasks.id })
        .from(tasks)
        .where(where)
        .orderBy(...orderBy(parseOrdering(f.ordering, ORDER_COLUMNS), tasks.id))
        .limit(limit)
        .offset(offset),
      ex.select({ n: count() }).from(tasks).where(where),
    ]);
    const ids = page.map((r) => r.id);
    const rows = await tasksRepository.viewsByIds(ex, ids);
    const byId = new Map(rows.map((r) => [r.task.id, r]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: Number(totals[0]?.n ?? 0) };
  },

  async viewsByIds(ex: Executor, ids: number[]): Promise<TaskView[]> {
    if (ids.length === 0) return [];
    return ex
      .select(viewSelection)
      .from(tasks)
      .innerJoin(assignee, eq(assignee.id, tasks.assignee_id))
      .innerJoin(author, eq(author.id, tasks.author_id))
      .leftJoin(requests, eq(requests.id, tasks.request_id))
      .leftJoin(clients, eq(clients.id, tasks.client_id))
      .where(inArray(tasks.id, ids));
  },

  async findView(ex: Executor, id: number): Promise<TaskView | null> {
    return (await tasksRepository.viewsByIds(ex, [id]))[0] ?? null;
  },

  /** The task's author and assignee (who may see it), or null when there is no such task. */
  async people(ex: Executor, id: number): Promise<{ author_id: number; assignee_id: number } | null> {
    const rows = await ex
      .select({ author_id: tasks.author_id, assignee_id: tasks.assignee_id })
      .from(tasks)
      .where(eq(tasks.id, id));
    return rows[0] ?? null;
  },

  /**
   * Whether `userId` was one of a deleted task's people: its author or assignee when it was
   * deleted (the deletion's before-image in its history), or someone who changed it.
   */
  async wasInvolvedInDeleted(ex: Executor, entity: string, id: number, userId: number): Promise<boolean> {
    const rows = await queryRows<{ ok: boolean }>(
      ex,
      sql`select exists (
        select 1 from ${auditLog} a
        where a.entity = ${entity} and a.entity_id = ${id} and (
          a.user_id = ${userId}
          or (a.action = 'delete' and ${userId} in (
            (a.changes -> 'assignee' -> 0 ->> 'id')::int, (a.changes -> 'author' -> 0 ->> 'id')::int))
        )
      ) as ok`,
    );
    return rows[0]?.ok === true;
  },

  /** Locks the row for the rest of the transaction, so the before-image of a change is exact. */
  async findForUpdate(ex: Executor, id: number): Promise<TaskRow | null> {
    return (await ex.select().from(tasks).where(eq(tasks.id, id)).for('update'))[0] ?? null;
  },

  async insert(ex: Executor, values: TaskInsert): Promise<TaskRow> {
    return (await ex.insert(tasks).values(values).returning())[0]!;
  },

  /** Updates only at the version the editor loaded; null means someone else changed it first. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<TaskInsert>,
  ): Promise<TaskRow | null> {
    const rows = await ex
      .update(tasks)
      .set({ ...values, updated_at: new Date(), version: sql`${tasks.version} + 1` })
      .where(and(eq(tasks.id, id), eq(tasks.version, version)))
      .returning();
    return rows[0] ?? null;
  },

  async delete(ex: Executor, id: number): Promise<void> {
    await ex.delete(tasks).where(eq(tasks.id, id));
  },

  async user(ex: Executor, id: number) {
    const rows = await ex
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        type: users.type,
        is_active: users.is_active,
      })
      .from(users)
      .where(eq(users.id, id));
    return rows[0] ?? null;
  },

  async request(ex: Executor, id: number) {
    const rows = await ex
      .select({ id: requests.id, number: requests.number })
      .from(requests)
      .where(eq(requests.id, id));
    return rows[0] ?? null;
  },

  async client(ex: Executor, id: number) {
    const rows = await ex
      .select({ id: clients.id, archived_at: clients.archived_at })
      .from(clients)
      .where(eq(clients.id, id));
    return rows[0] ?? null;
  },

  /**
   * Claims the reminders of `kind` not sent yet, for open tasks (not in Control or Completed) with
   * a deadline in `window`: `task_due` from `from` to `to` inclusive, `task_overdue` from `from`
   * up to (not including) `to`, the run's clock. One `insert … select … on conflict do nothing
   * returning`, so two runs at once (or a rerun) claim each (task, deadline) once; the key carries
   * the deadline, so a moved one reminds again. The range reads `tasks_open_deadline_idx`.
   */
  async claimReminders(
    ex: Executor,
    kind: 'task_due' | 'task_overdue',
    window: { from: Date; to: Date },
    limit: number,
  ): Promise<ClaimedTaskReminder[]> {
    const from = window.from.toISOString();
    const to = window.to.toISOString();
    const range =
      kind === 'task_due'
        ? sql`t.deadline >= ${from}::timestamptz and t.deadline <= ${to}::timestamptz`
        : sql`t.deadline >= ${from}::timestamptz and t.deadline < ${to}::timestamptz`;
    const rows = await queryRows<Omit<ClaimedTaskReminder, 'deadline'> & { deadline_ms: number | null }>(
      ex,
      sql`with claimed as (
          insert into reminders_sent (kind, subject_id, due)
          select ${kind}, t.id, t.deadline from tasks t
          where t.deadline is not null and t.status <> 'Completed' and t.status <> 'Control' and ${range}
            and not exists (
              select 1 from reminders_sent r where r.kind = ${kind} and r.subject_id = t.id and r.due = t.deadline
            )
          order by t.deadline, t.id
          limit ${limit}
          on conflict do nothing
          returning subject_id
        )
        select t.id, t.title, t.assignee_id, t.author_id,
          (extract(epoch from t.deadline) * 1000)::float8 as deadline_ms
        from claimed c join tasks t on t.id = c.subject_id
        order by t.deadline, t.id`,
    );
    // an instant as a number, the same from both drivers (one parses timestamps, the other not)
    return rows.map(({ deadline_ms, ...r }) => ({
      ...r,
      deadline: deadline_ms === null ? null : new Date(deadline_ms),
    }));
  },
};

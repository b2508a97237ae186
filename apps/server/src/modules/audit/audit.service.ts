import type { Access, AuditAction, AuditEntry, AuditQuery, ListResult } from '@app/shared';
import { canAccess } from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { type AuditInsert, auditRepository } from './audit.repository.ts';

export type Snapshot = Record<string, unknown>;
export type Changes = Record<string, [unknown, unknown]>;

/** Bookkeeping fields that change on every write and say nothing a reader needs. */
const IGNORED = new Set(['id', 'version', 'created_at', 'updated_at']);

function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Field by field `[before, after]` of what differs; a create lists every filled field. */
export function diff(before: Snapshot | null, after: Snapshot | null): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const b = plain(before?.[key]);
    const a = plain(after?.[key]);
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    changes[key] = [b, a];
  }
  return changes;
}

function actionOf(before: Snapshot | null, after: Snapshot | null): AuditAction {
  if (!before) return 'create';
  if (!after) return 'delete';
  return 'update';
}

export interface ChangeEntry {
  entity: string;
  id: number;
  before: Snapshot | null;
  after: Snapshot | null;
  action?: AuditAction;
}

function toInsert(ctx: Ctx | null, e: ChangeEntry, at: Date): AuditInsert | null {
  const changes = diff(e.before, e.after);
  const action = e.action ?? actionOf(e.before, e.after);
  // An update that changed nothing is not worth a line; creates and deletes always are.
  if (action === 'update' && Object.keys(changes).length === 0) return null;
  return { entity: e.entity, entity_id: e.id, action, user_id: ctx?.user.id ?? null, at, changes };
}

/**
 * Records one change in the caller's transaction, so the record and its history commit together.
 * `ctx` null means the system (seed data). Returns whether a line was written.
 */
export async function recordChange(
  tx: Executor,
  ctx: Ctx | null,
  entity: string,
  id: number,
  before: Snapshot | null,
  after: Snapshot | null,
  action?: AuditAction,
): Promise<boolean> {
  const row = toInsert(ctx, { entity, id, before, after, ...(action && { action }) }, new Date());
  if (row) await auditRepository.insertMany(tx, [row]);
  return row !== null;
}

/** Many changes in one insert (imports). */
export async function recordChanges(tx: Executor, ctx: Ctx | null, entries: ChangeEntry[]): Promise<void> {
  const at = new Date();
  const rows = entries.map((e) => toInsert(ctx, e, at)).filter((r): r is AuditInsert => r !== null);
  for (let i = 0; i < rows.length; i += 1000) await auditRepository.insertMany(tx, rows.slice(i, i + 1000));
}

/**
 * Whether the signed-in user may read this one record (and so its history), for an entity whose
 * readers differ from record to record (a task: its author, its assignee, an Admin).
 */
export type AuditRecordCheck = (ctx: Ctx, id: number) => Promise<boolean>;

/**
 * Who may read the history of each entity: the same people who may read the record. Modules
 * register their entities when they start; an unregistered entity has no readable history. An
 * entity whose records are not all readable by everyone its access lets in registers a
 * `canRead` check of the record too.
 */
export class AuditRegistry {
  readonly #access = new Map<string, Access>();
  readonly #checks = new Map<string, AuditRecordCheck>();

  register(entity: string, access: Access, canRead?: AuditRecordCheck): void {
    this.#access.set(entity, access);
    if (canRead) this.#checks.set(entity, canRead);
    else this.#checks.delete(entity);
  }

  accessOf(entity: string): Access | undefined {
    return this.#access.get(entity);
  }

  recordCheckOf(entity: string): AuditRecordCheck | undefined {
    return this.#checks.get(entity);
  }

  entities(): string[] {
    return [...this.#access.keys()].sort();
  }
}

/** One registry for the process: entity names and their rules are fixed in code. */
export const auditRegistry = new AuditRegistry();

export function createAuditService({ db, registry = auditRegistry }: { db: Db; registry?: AuditRegistry }) {
  return {
    async list(ctx: Ctx, query: AuditQuery): Promise<ListResult<AuditEntry>> {
      const access = registry.accessOf(query.entity);
      if (!access) throw AppError.fields({ entity: ['Invalid field value'] });
      if (!canAccess(ctx.user, access)) throw AppError.forbidden();
      // The same 403 for a record that is not theirs and one that does not exist: nothing leaks.
      const canRead = registry.recordCheckOf(query.entity);
      if (canRead && !(await canRead(ctx, query.entity_id))) throw AppError.forbidden();
      const { rows, total } = await auditRepository.listFor(db, query.entity, query.entity_id, query);
      return {
        data: rows.map((r) => ({
          id: r.id,
          entity: r.entity,
          entity_id: r.entity_id,
          action: r.action as AuditAction,
          user: r.user_id !== null && r.user_name !== null ? { id: r.user_id, name: r.user_name } : null,
          at: r.at.toISOString(),
          changes: r.changes,
        })),
        meta: { total, limit: query.limit, offset: query.offset },
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

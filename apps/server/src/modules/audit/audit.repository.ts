import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { auditLog } from './audit.table.ts';

export type AuditInsert = typeof auditLog.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect & { user_name: string | null };

export const auditRepository = {
  async insertMany(ex: Executor, rows: AuditInsert[]): Promise<void> {
    if (rows.length) await ex.insert(auditLog).values(rows);
  },

  async listFor(
    ex: Executor,
    entity: string,
    entityId: number,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = and(eq(auditLog.entity, entity), eq(auditLog.entity_id, entityId));
    const [rows, totals] = await Promise.all([
      ex
        .select({
          id: auditLog.id,
          entity: auditLog.entity,
          entity_id: auditLog.entity_id,
          action: auditLog.action,
          user_id: auditLog.user_id,
          at: auditLog.at,
          changes: auditLog.changes,
          user_name: users.name,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.user_id))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset),
      ex.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },
};

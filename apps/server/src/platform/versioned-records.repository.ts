import { and, eq, type InferInsertModel, type InferSelectModel, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

/** The bookkeeping columns every editable directory table carries. */
interface VersionedColumns {
  id: AnyPgColumn;
  version: AnyPgColumn;
  updated_at: AnyPgColumn;
  archived_at: AnyPgColumn;
}

/**
 * The statements every editable directory table shares: lock a row, insert, update only at the
 * version the editor loaded, archive, and "is this value already used". SQL only, no rules.
 */
export function versionedRecords<T extends PgTable & VersionedColumns>(table: T) {
  type Row = InferSelectModel<T>;
  type Insert = InferInsertModel<T>;
  // Drizzle cannot type `set`/`values` over a generic table; the signatures below carry the types.
  const t = table as PgTable & VersionedColumns;
  const bump = () => ({ updated_at: new Date(), version: sql`${t.version} + 1` });

  return {
    /** Locks the row for the rest of the transaction, so the before-image of an update is exact. */
    async findForUpdate(ex: Executor, id: number): Promise<Row | null> {
      const rows = await ex.select().from(t).where(eq(t.id, id)).for('update');
      return (rows[0] as Row | undefined) ?? null;
    },

    async insert(ex: Executor, values: Insert): Promise<Row> {
      const rows = await ex
        .insert(t)
        .values(values as never)
        .returning();
      return rows[0] as Row;
    },

    /** Updates only when the version matches; null means someone else changed the row first. */
    async updateVersioned(
      ex: Executor,
      id: number,
      version: number,
      values: Partial<Insert>,
    ): Promise<Row | null> {
      const rows = await ex
        .update(t)
        .set({ ...values, ...bump() } as never)
        .where(and(eq(t.id, id), eq(t.version, version)))
        .returning();
      return (rows[0] as Row | undefined) ?? null;
    },

    async setArchived(ex: Executor, id: number, archivedAt: Date | null): Promise<Row | null> {
      const rows = await ex
        .update(t)
        .set({ archived_at: archivedAt, ...bump() } as never)
        .where(eq(t.id, id))
        .returning();
      return (rows[0] as Row | undefined) ?? null;
    },

    /** Whether another row (not `exceptId`) already holds this value of a unique column. */
    async valueTaken(ex: Executor, column: AnyPgColumn, value: unknown, exceptId?: number): Promise<boolean> {
      const rows = await ex.select({ id: t.id }).from(t).where(eq(column, value)).limit(2);
      return rows.some((r) => r.id !== exceptId);
    },
  };
}

import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange, type Snapshot } from './audit.service.ts';

interface VersionedRow {
  id: number;
  version: number;
  archived_at: Date | null;
}

export interface AuditedRecordSpec<Row extends VersionedRow, View> {
  /** The audit entity name (`client`, `bank`...). */
  entity: string;
  /** The name a missing record is reported by (`Client not found`). */
  label: string;
  repository: {
    findForUpdate(ex: Executor, id: number): Promise<Row | null>;
    setArchived(ex: Executor, id: number, archivedAt: Date | null): Promise<Row | null>;
  };
  /** The record as the API shows it, from the row just locked or written. */
  view(ex: Executor, row: Row): Promise<View>;
  /** What the history keeps of a view. */
  snapshot(view: View): Snapshot | null;
}

/**
 * The write paths every editable directory record shares. Each runs in one transaction and
 * records its change there, so the record and its history commit together; an update or archive
 * locks the row first, so its before-image is exact and a stale `version` is refused (409).
 */
export function auditedRecords<Row extends VersionedRow, View>(db: Db, spec: AuditedRecordSpec<Row, View>) {
  async function lock(tx: Tx, id: number): Promise<Row> {
    const row = await spec.repository.findForUpdate(tx, id);
    if (!row) throw AppError.notFound(spec.label);
    return row;
  }

  return {
    /** `insert` writes the row (and what hangs off it); the view of the result is recorded. */
    create(ctx: Ctx, insert: (tx: Tx) => Promise<Row>): Promise<View> {
      return db.transaction(async (tx) => {
        const row = await insert(tx);
        const created = await spec.view(tx, row);
        await recordChange(tx, ctx, spec.entity, row.id, null, spec.snapshot(created));
        return created;
      });
    },

    /**
     * `write` applies the change to the locked row and answers the updated row, or null when the
     * versioned update found the row changed meanwhile. It may throw field errors that depend on
     * the stored values.
     */
    update(
      ctx: Ctx,
      id: number,
      version: number,
      write: (tx: Tx, current: Row) => Promise<Row | null>,
    ): Promise<View> {
      return db.transaction(async (tx) => {
        const current = await lock(tx, id);
        if (current.version !== version) throw AppError.stale();
        const before = await spec.view(tx, current);
        const updated = await write(tx, current);
        if (!updated) throw AppError.stale();
        const after = await spec.view(tx, updated);
        await recordChange(tx, ctx, spec.entity, id, spec.snapshot(before), spec.snapshot(after));
        return after;
      });
    },

    /** Archived records leave the pickers and lists but keep their record and history. */
    setArchived(ctx: Ctx, id: number, archived: boolean): Promise<View> {
      return db.transaction(async (tx) => {
        const current = await lock(tx, id);
        if ((current.archived_at !== null) === archived) return spec.view(tx, current);
        const before = await spec.view(tx, current);
        const updated = await spec.repository.setArchived(tx, id, archived ? new Date() : null);
        const after = await spec.view(tx, updated ?? current);
        await recordChange(
          tx,
          ctx,
          spec.entity,
          id,
          spec.snapshot(before),
          spec.snapshot(after),
          archived ? 'archive' : 'unarchive',
        );
        return after;
      });
    },
  };
}

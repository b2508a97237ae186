import { XERO_NOT_CONFIGURED, type XeroSyncError, type XeroSyncKind, type XeroSyncRun } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import type { XeroDeps } from './xero.deps.ts';
import { xeroSyncRepository as repo, type XeroSyncRunWithUser } from './xero-sync.repository.ts';

export const NOT_CONNECTED_TO_START =
  'Not connected to Xero: connect from the accounting-service menu before syncing.';

const KIND_WORDS: Record<XeroSyncKind, string> = {
  contacts: 'A contacts sync',
  invoices: 'An invoices sync',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRun({ row, userName }: XeroSyncRunWithUser): XeroSyncRun {
  return {
    id: row.id,
    kind: row.kind as XeroSyncKind,
    status: row.status as XeroSyncRun['status'],
    done: row.done,
    total: row.total,
    created: row.created,
    updated: row.updated,
    pulled: row.pulled,
    failed: row.failed,
    errors: row.errors as XeroSyncError[],
    message: row.message,
    requested_by:
      row.requested_by !== null && userName !== null ? { id: row.requested_by, name: userName } : null,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

/** The run under way, or else the latest one (null when none ever ran). */
export async function currentRun(db: Db): Promise<XeroSyncRun | null> {
  const found = (await repo.active(db)) ?? (await repo.latest(db));
  return found ? toRun(found) : null;
}

export function createXeroSyncService(deps: Pick<XeroDeps, 'db' | 'config'> & { kick(): void }) {
  const { db } = deps;
  return {
    /**
     * Starts a run of `kind`, or answers the one of that kind already queued or running (never two
     * at once: the table's partial unique index decides a race). Another kind under way is a 409.
     */
    async start(ctx: Ctx, kind: XeroSyncKind): Promise<XeroSyncRun> {
      if (!deps.config.xero.configured) throw new AppError('BAD_REQUEST', XERO_NOT_CONFIGURED);
      if (!(await repo.connectedTenant(db))) throw new AppError('BAD_REQUEST', NOT_CONNECTED_TO_START);
      let found = await repo.active(db);
      if (!found) {
        const inserted = await repo.insertQueued(db, kind, ctx.user.id);
        found = inserted ? await repo.find(db, inserted.id) : await repo.active(db);
      }
      // The active run may have ended between the two reads: start again once.
      if (!found) return this.start(ctx, kind);
      if (found.row.kind !== kind)
        throw new AppError(
          'XERO_SYNC_BUSY',
          `${KIND_WORDS[found.row.kind as XeroSyncKind]} is under way; start this one when it has finished.`,
        );
      deps.kick();
      return toRun(found);
    },

    async get(id: number): Promise<XeroSyncRun> {
      const found = await repo.find(db, id);
      if (!found) throw AppError.notFound('Sync run');
      return toRun(found);
    },
  };
}
export type XeroSyncService = ReturnType<typeof createXeroSyncService>;

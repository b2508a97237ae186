import type { XeroSyncError, XeroSyncKind } from '@app/shared';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { xeroConnections, xeroSyncRuns } from './xero.table.ts';
import type { XeroProgress } from './xero-sync.context.ts';

export type XeroSyncRunRow = typeof xeroSyncRuns.$inferSelect;
export type XeroSyncRunWithUser = { row: XeroSyncRunRow; userName: string | null };

/** The most errors a run keeps (the table's `errors` is bounded so a run of thousands stays small). */
export const MAX_RUN_ERRORS = 200;

const ACTIVE = inArray(xeroSyncRuns.status, ['queued', 'running']);
/** A queued run, or a running one whose process stopped renewing its lease. */
const claimable = (now: Date) =>
  or(
    eq(xeroSyncRuns.status, 'queued'),
    and(eq(xeroSyncRuns.status, 'running'), lt(xeroSyncRuns.lease_until, now)),
  );
const held = (id: number, owner: string) =>
  and(eq(xeroSyncRuns.id, id), eq(xeroSyncRuns.status, 'running'), eq(xeroSyncRuns.lease_owner, owner));

const withUser = { row: xeroSyncRuns, userName: users.name };

export const xeroSyncRepository = {
  /** A new queued run, or null when one is already queued or running (the partial unique index). */
  async insertQueued(
    ex: Executor,
    kind: XeroSyncKind,
    requestedBy: number | null,
  ): Promise<XeroSyncRunRow | null> {
    const rows = await ex
      .insert(xeroSyncRuns)
      .values({ kind, status: 'queued', requested_by: requestedBy })
      .onConflictDoNothing()
      .returning();
    return rows[0] ?? null;
  },

  async find(ex: Executor, id: number): Promise<XeroSyncRunWithUser | null> {
    const rows = await ex
      .select(withUser)
      .from(xeroSyncRuns)
      .leftJoin(users, eq(users.id, xeroSyncRuns.requested_by))
      .where(eq(xeroSyncRuns.id, id));
    return rows[0] ?? null;
  },

  async active(ex: Executor): Promise<XeroSyncRunWithUser | null> {
    const rows = await ex
      .select(withUser)
      .from(xeroSyncRuns)
      .leftJoin(users, eq(users.id, xeroSyncRuns.requested_by))
      .where(ACTIVE)
      .limit(1);
    return rows[0] ?? null;
  },

  async latest(ex: Executor): Promise<XeroSyncRunWithUser | null> {
    const rows = await ex
      .select(withUser)
      .from(xeroSyncRuns)
      .leftJoin(users, eq(users.id, xeroSyncRuns.requested_by))
      .orderBy(desc(xeroSyncRuns.created_at), desc(xeroSyncRuns.id))
      .limit(1);
    return rows[0] ?? null;
  },

  async hasClaimable(ex: Executor, now: Date): Promise<boolean> {
    const rows = await ex.select({ id: xeroSyncRuns.id }).from(xeroSyncRuns).where(claimable(now)).limit(1);
    return rows.length > 0;
  },

  /**
   * Takes the claimable run under this process's lease. The condition is checked again by the
   * UPDATE itself, so of two processes claiming at once only one gets a row back.
   */
  async claim(ex: Executor, owner: string, now: Date, leaseUntil: Date): Promise<XeroSyncRunRow | null> {
    const candidate = await ex
      .select({ id: xeroSyncRuns.id })
      .from(xeroSyncRuns)
      .where(claimable(now))
      .limit(1);
    const id = candidate[0]?.id;
    if (id === undefined) return null;
    const rows = await ex
      .update(xeroSyncRuns)
      .set({
        status: 'running',
        lease_owner: owner,
        lease_until: leaseUntil,
        started_at: sql`coalesce(${xeroSyncRuns.started_at}, ${now.toISOString()}::timestamptz)`,
        // A run taken over starts its step again (idempotent): its counters start again with it.
        total: null,
        done: 0,
        created: 0,
        updated: 0,
        pulled: 0,
        failed: 0,
        errors: sql`'[]'::jsonb`,
      })
      .where(and(eq(xeroSyncRuns.id, id), claimable(now)))
      .returning();
    return rows[0] ?? null;
  },

  /** Renews the lease; false when another process holds the run now. */
  async renew(ex: Executor, id: number, owner: string, leaseUntil: Date): Promise<boolean> {
    const rows = await ex
      .update(xeroSyncRuns)
      .set({ lease_until: leaseUntil })
      .where(held(id, owner))
      .returning({ id: xeroSyncRuns.id });
    return rows.length > 0;
  },

  /** Adds to the counters and renews the lease; false when the lease was lost. */
  async progress(
    ex: Executor,
    id: number,
    owner: string,
    d: XeroProgress,
    leaseUntil: Date,
  ): Promise<boolean> {
    const rows = await ex
      .update(xeroSyncRuns)
      .set({
        lease_until: leaseUntil,
        total: d.total !== undefined ? sql`coalesce(${xeroSyncRuns.total}, 0) + ${d.total}` : undefined,
        done: sql`${xeroSyncRuns.done} + ${d.done ?? 0}`,
        created: sql`${xeroSyncRuns.created} + ${d.created ?? 0}`,
        updated: sql`${xeroSyncRuns.updated} + ${d.updated ?? 0}`,
        pulled: sql`${xeroSyncRuns.pulled} + ${d.pulled ?? 0}`,
      })
      .where(held(id, owner))
      .returning({ id: xeroSyncRuns.id });
    return rows.length > 0;
  },

  /** One record failed: counted done and failed, listed (the first MAX_RUN_ERRORS). */
  async addError(
    ex: Executor,
    id: number,
    owner: string,
    error: XeroSyncError,
    leaseUntil: Date,
  ): Promise<boolean> {
    const item = JSON.stringify([error]);
    const rows = await ex
      .update(xeroSyncRuns)
      .set({
        lease_until: leaseUntil,
        done: sql`${xeroSyncRuns.done} + 1`,
        failed: sql`${xeroSyncRuns.failed} + 1`,
        errors: sql`case when jsonb_array_length(${xeroSyncRuns.errors}) < ${MAX_RUN_ERRORS}
          then ${xeroSyncRuns.errors} || ${item}::jsonb else ${xeroSyncRuns.errors} end`,
      })
      .where(held(id, owner))
      .returning({ id: xeroSyncRuns.id });
    return rows.length > 0;
  },

  /** Back to the queue (this process is closing): the next start or job run takes it up at once. */
  async requeue(ex: Executor, id: number, owner: string): Promise<void> {
    await ex
      .update(xeroSyncRuns)
      .set({ status: 'queued', lease_owner: null, lease_until: null })
      .where(held(id, owner));
  },

  /** Ends the run (only while this process holds it); answers the ended row. */
  async finish(
    ex: Executor,
    id: number,
    owner: string,
    status: 'done' | 'failed',
    message: string,
    at: Date,
  ): Promise<XeroSyncRunRow | null> {
    const rows = await ex
      .update(xeroSyncRuns)
      .set({ status, message, finished_at: at, lease_owner: null, lease_until: null })
      .where(held(id, owner))
      .returning();
    return rows[0] ?? null;
  },

  /** The connected tenant, or null when not connected (never was, disconnected, or revoked). */
  async connectedTenant(ex: Executor): Promise<{ tenantId: string; contactsPulledAt: Date | null } | null> {
    const rows = await ex
      .select({
        tenantId: xeroConnections.tenant_id,
        revokedAt: xeroConnections.revoked_at,
        contactsPulledAt: xeroConnections.contacts_pulled_at,
      })
      .from(xeroConnections)
      .where(eq(xeroConnections.id, 1));
    const row = rows[0];
    if (!row || row.revokedAt) return null;
    return { tenantId: row.tenantId, contactsPulledAt: row.contactsPulledAt };
  },

  /** Where the next pull starts, for the tenant it was pulled from (a reconnect to another starts afresh). */
  async setContactsPulledAt(ex: Executor, tenantId: string, at: Date): Promise<void> {
    await ex
      .update(xeroConnections)
      .set({ contacts_pulled_at: at })
      .where(and(eq(xeroConnections.id, 1), eq(xeroConnections.tenant_id, tenantId)));
  },
};

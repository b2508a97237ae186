import type { XeroRecordKind } from '@app/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { xeroRecords } from './xero.table.ts';

export type XeroRecordRow = typeof xeroRecords.$inferSelect;
type Executor = Db | Tx;

/** The link between this product's records and their counterparts in one Xero organisation. */
export const xeroRecordsRepository = {
  async find(
    db: Executor,
    tenantId: string,
    kind: XeroRecordKind,
    recordId: number,
  ): Promise<XeroRecordRow | null> {
    const rows = await db
      .select()
      .from(xeroRecords)
      .where(
        and(
          eq(xeroRecords.tenant_id, tenantId),
          eq(xeroRecords.kind, kind),
          eq(xeroRecords.record_id, recordId),
        ),
      );
    return rows[0] ?? null;
  },

  /** The links of many records of one kind, by record id. */
  async findMany(
    db: Executor,
    tenantId: string,
    kind: XeroRecordKind,
    recordIds: number[],
  ): Promise<Map<number, XeroRecordRow>> {
    if (!recordIds.length) return new Map();
    const rows = await db
      .select()
      .from(xeroRecords)
      .where(
        and(
          eq(xeroRecords.tenant_id, tenantId),
          eq(xeroRecords.kind, kind),
          inArray(xeroRecords.record_id, recordIds),
        ),
      );
    return new Map(rows.map((r) => [r.record_id, r]));
  },

  /** The record that holds a Xero id (a contact pulled back from Xero), or null. */
  async findByXeroId(
    db: Executor,
    tenantId: string,
    kind: XeroRecordKind,
    xeroId: string,
  ): Promise<XeroRecordRow | null> {
    const rows = await db
      .select()
      .from(xeroRecords)
      .where(
        and(eq(xeroRecords.tenant_id, tenantId), eq(xeroRecords.kind, kind), eq(xeroRecords.xero_id, xeroId)),
      );
    return rows[0] ?? null;
  },

  /** Xero holds the record as sent: its id, the fingerprint of what was sent, Xero's UpdatedDateUTC. */
  async markPushed(
    db: Executor,
    link: {
      tenantId: string;
      kind: XeroRecordKind;
      recordId: number;
      xeroId: string;
      fingerprint: string | null;
      xeroUpdatedAt: Date | null;
      at: Date;
    },
  ): Promise<void> {
    const values = {
      xero_id: link.xeroId,
      status: 'pushed',
      fingerprint: link.fingerprint,
      error: null,
      pushed_at: link.at,
      xero_updated_at: link.xeroUpdatedAt,
      updated_at: link.at,
    };
    await db
      .insert(xeroRecords)
      .values({ tenant_id: link.tenantId, kind: link.kind, record_id: link.recordId, ...values })
      .onConflictDoUpdate({
        target: [xeroRecords.tenant_id, xeroRecords.kind, xeroRecords.record_id],
        set: values,
      });
  },

  /**
   * Marks records about to be created in Xero (no Xero id yet) as `sending`. A later run that still
   * finds the mark knows the create may have reached Xero, and looks the record up before creating.
   */
  async markSending(
    db: Executor,
    tenantId: string,
    kind: XeroRecordKind,
    recordIds: number[],
    at: Date,
  ): Promise<void> {
    if (!recordIds.length) return;
    await db
      .insert(xeroRecords)
      .values(
        recordIds.map((recordId) => ({
          tenant_id: tenantId,
          kind,
          record_id: recordId,
          status: 'sending',
          updated_at: at,
        })),
      )
      .onConflictDoUpdate({
        target: [xeroRecords.tenant_id, xeroRecords.kind, xeroRecords.record_id],
        set: { status: 'sending', updated_at: at },
        where: sql`${xeroRecords.xero_id} is null`,
      });
  },

  /** The last push was refused: the error is kept, and any Xero id from an earlier push stays. */
  async markFailed(
    db: Executor,
    link: { tenantId: string; kind: XeroRecordKind; recordId: number; error: string; at: Date },
  ): Promise<void> {
    await db
      .insert(xeroRecords)
      .values({
        tenant_id: link.tenantId,
        kind: link.kind,
        record_id: link.recordId,
        status: 'failed',
        error: link.error.slice(0, 2000),
        updated_at: link.at,
      })
      .onConflictDoUpdate({
        target: [xeroRecords.tenant_id, xeroRecords.kind, xeroRecords.record_id],
        set: { status: 'failed', error: link.error.slice(0, 2000), updated_at: link.at },
      });
  },

  /** Xero's UpdatedDateUTC seen on a pull (so our own push is not taken for a change made in Xero). */
  async setXeroUpdatedAt(
    db: Executor,
    tenantId: string,
    kind: XeroRecordKind,
    recordId: number,
    at: Date,
  ): Promise<void> {
    await db
      .update(xeroRecords)
      .set({ xero_updated_at: at })
      .where(
        and(
          eq(xeroRecords.tenant_id, tenantId),
          eq(xeroRecords.kind, kind),
          eq(xeroRecords.record_id, recordId),
        ),
      );
  },
};

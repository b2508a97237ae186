import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients } from '../directory/clients.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { xeroRecords } from './xero.table.ts';
import type { ContactSource } from './xero-contacts.mapping.ts';
import type { XeroRecordRow } from './xero-records.repository.ts';

const CONTACT_KINDS = ['client', 'supplier'];

const clientColumns = {
  id: clients.id,
  first_name: clients.first_name,
  last_name: clients.last_name,
  email: clients.email,
  phone: clients.phone,
  address: clients.address,
  city: clients.city,
  country: clients.country,
  archived_at: clients.archived_at,
};
const supplierColumns = {
  id: suppliers.id,
  name: suppliers.name,
  email: suppliers.email,
  phone: suppliers.phone,
  address: suppliers.address,
  city: suppliers.city,
  country: suppliers.country,
  archived_at: suppliers.archived_at,
};

type ClientPick = { [K in keyof typeof clientColumns]: (typeof clients.$inferSelect)[K] };
type SupplierPick = { [K in keyof typeof supplierColumns]: (typeof suppliers.$inferSelect)[K] };

const fromClient = (r: ClientPick): ContactSource => ({
  kind: 'client',
  id: r.id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  phone: r.phone,
  address: r.address,
  city: r.city,
  country: r.country,
  archived: r.archived_at !== null,
});
const fromSupplier = (r: SupplierPick): ContactSource => ({
  kind: 'supplier',
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  address: r.address,
  city: r.city,
  country: r.country,
  archived: r.archived_at !== null,
});

/** Reads the directory's clients and suppliers (their tables, never their repository) for the contacts sync. */
export const xeroContactsRepository = {
  /** The next `limit` records of a kind after `afterId`, by id. */
  async page(
    ex: Executor,
    kind: ContactSource['kind'],
    afterId: number,
    limit: number,
  ): Promise<ContactSource[]> {
    if (kind === 'client') {
      const rows = await ex
        .select(clientColumns)
        .from(clients)
        .where(gt(clients.id, afterId))
        .orderBy(asc(clients.id))
        .limit(limit);
      return rows.map(fromClient);
    }
    const rows = await ex
      .select(supplierColumns)
      .from(suppliers)
      .where(gt(suppliers.id, afterId))
      .orderBy(asc(suppliers.id))
      .limit(limit);
    return rows.map(fromSupplier);
  },

  async byIds(ex: Executor, kind: ContactSource['kind'], ids: number[]): Promise<ContactSource[]> {
    if (!ids.length) return [];
    if (kind === 'client')
      return (await ex.select(clientColumns).from(clients).where(inArray(clients.id, ids))).map(fromClient);
    return (await ex.select(supplierColumns).from(suppliers).where(inArray(suppliers.id, ids))).map(
      fromSupplier,
    );
  },

  /** The client and supplier links of these ContactIDs. */
  async linksByXeroIds(ex: Executor, tenantId: string, xeroIds: string[]): Promise<XeroRecordRow[]> {
    if (!xeroIds.length) return [];
    return ex
      .select()
      .from(xeroRecords)
      .where(
        and(
          eq(xeroRecords.tenant_id, tenantId),
          inArray(xeroRecords.kind, CONTACT_KINDS),
          inArray(xeroRecords.xero_id, xeroIds),
        ),
      );
  },

  /** Whether any client or supplier of ours is in this Xero organisation yet. */
  async hasLinks(ex: Executor, tenantId: string): Promise<boolean> {
    const rows = await ex
      .select({ id: xeroRecords.record_id })
      .from(xeroRecords)
      .where(
        and(
          eq(xeroRecords.tenant_id, tenantId),
          inArray(xeroRecords.kind, CONTACT_KINDS),
          isNotNull(xeroRecords.xero_id),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** After a pull: Xero and the record agree, as of Xero's UpdatedDateUTC. */
  async setSynced(
    ex: Executor,
    tenantId: string,
    kind: ContactSource['kind'],
    recordId: number,
    fingerprint: string,
    xeroUpdatedAt: Date,
  ): Promise<void> {
    await ex
      .update(xeroRecords)
      .set({ fingerprint, xero_updated_at: xeroUpdatedAt, updated_at: new Date() })
      .where(
        and(
          eq(xeroRecords.tenant_id, tenantId),
          eq(xeroRecords.kind, kind),
          eq(xeroRecords.record_id, recordId),
        ),
      );
  },
};

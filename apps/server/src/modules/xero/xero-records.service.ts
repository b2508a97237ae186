import type { XeroRecordKind, XeroRecordStatus } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { xeroPushRepository } from './xero-push.repository.ts';
import { xeroRecordsRepository } from './xero-records.repository.ts';

/**
 * Where one record stands in the connected Xero organisation. Links are per organisation, so with
 * no connection (or a record never pushed to this one) the status is null.
 */
export async function getXeroRecordStatus(
  db: Db,
  kind: XeroRecordKind,
  recordId: number,
): Promise<XeroRecordStatus> {
  const tenantId = await xeroPushRepository.linkedTenant(db);
  const row = tenantId ? await xeroRecordsRepository.find(db, tenantId, kind, recordId) : null;
  return {
    kind,
    record_id: recordId,
    // `sending`: a create under way (or cut short); not in Xero as far as we know.
    status: row && row.status !== 'sending' ? (row.status as 'pushed' | 'failed') : null,
    xero_id: row?.xero_id ?? null,
    pushed_at: row?.pushed_at?.toISOString() ?? null,
    error: row?.status === 'failed' ? row.error : null,
  };
}

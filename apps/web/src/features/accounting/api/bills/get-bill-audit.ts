import type { ListResult } from '@app/shared';
import type { AuditEntry } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { billsKeys } from './bills-keys.ts';

/** The audit entity of bills (decision 0010). */
export const BILL_AUDIT_ENTITY = 'supplier_invoice';

/** GET audit/?entity=supplier_invoice&entity_id=…: who changed the bill and when, newest first. */
export function useBillAudit(id: number, limit: number) {
  return useQuery({
    queryKey: billsKeys.audit(id, limit),
    queryFn: ({ signal }) =>
      http.get<ListResult<AuditEntry>>('audit/', {
        query: { entity: BILL_AUDIT_ENTITY, entity_id: id, limit },
        signal,
      }),
  });
}

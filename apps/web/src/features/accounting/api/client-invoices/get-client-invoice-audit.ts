import type { ListResult } from '@app/shared';
import type { AuditEntry } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { clientInvoicesKeys } from './client-invoices-keys.ts';

/** The audit module's entity name for invoices and credit notes. */
export const CLIENT_INVOICE_ENTITY = 'client_invoice';
export const CLIENT_INVOICE_AUDIT_PAGE = 50;

/** GET audit/?entity=client_invoice&entity_id=: issued, sent, credited, note changed; newest first. */
export function getClientInvoiceAudit(id: number, limit: number, signal?: AbortSignal) {
  return http.get<ListResult<AuditEntry>>('audit/', {
    query: { entity: CLIENT_INVOICE_ENTITY, entity_id: id, limit },
    signal,
  });
}

export function useClientInvoiceAudit(id: number, limit = CLIENT_INVOICE_AUDIT_PAGE) {
  return useQuery({
    queryKey: [...clientInvoicesKeys.audit(id), limit],
    queryFn: ({ signal }) => getClientInvoiceAudit(id, limit, signal),
  });
}

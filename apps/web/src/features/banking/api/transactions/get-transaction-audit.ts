import type { ListResult } from '@app/shared';
import type { AuditEntry } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { transactionsKeys } from './transactions-keys.ts';

/** The audit module's entity name for bank transactions. */
export const TRANSACTION_ENTITY = 'bank_transaction';
export const TRANSACTION_AUDIT_PAGE = 20;

/** GET audit/?entity=bank_transaction&entity_id=: entered, imported, changed; newest first. */
export function getTransactionAudit(id: number, limit: number, signal?: AbortSignal) {
  return http.get<ListResult<AuditEntry>>('audit/', {
    query: { entity: TRANSACTION_ENTITY, entity_id: id, limit },
    signal,
  });
}

export function useTransactionAudit(id: number, limit = TRANSACTION_AUDIT_PAGE) {
  return useQuery({
    queryKey: transactionsKeys.audit(id, limit),
    queryFn: ({ signal }) => getTransactionAudit(id, limit, signal),
  });
}

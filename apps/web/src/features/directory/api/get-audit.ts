import type { ListResult } from '@app/shared';
import type { AuditEntry } from '@app/shared/directory/index';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

export const AUDIT_PAGE_SIZE = 50;

export const auditKey = (entity: string, id: number) => ['audit', entity, id] as const;

/** GET /audit/?entity=client&entity_id=5: the record's changes, newest first. */
export function getAudit(entity: string, id: number, limit = AUDIT_PAGE_SIZE, signal?: AbortSignal) {
  return http.get<ListResult<AuditEntry>>('audit/', { query: { entity, entity_id: id, limit }, signal });
}

export function useAudit(entity: string, id: number, limit = AUDIT_PAGE_SIZE) {
  return useQuery({
    queryKey: [...auditKey(entity, id), limit],
    queryFn: ({ signal }) => getAudit(entity, id, limit, signal),
  });
}

import { useState } from 'react';
import { RecordHistory, type RecordHistoryProps } from '../../../../ui/history/record-history.tsx';
import { AUDIT_PAGE_SIZE, useAudit } from '../../api/get-audit.ts';

export interface HistoryPanelProps extends Omit<RecordHistoryProps, 'audit' | 'onShowMore'> {
  entity: string;
  entityId: number;
}

/** A client's, supplier's or catalog entry's history (GET /audit/), newest first. */
export function HistoryPanel({ entity, entityId, ...options }: HistoryPanelProps) {
  const [limit, setLimit] = useState(AUDIT_PAGE_SIZE);
  const audit = useAudit(entity, entityId, limit);
  return <RecordHistory audit={audit} onShowMore={() => setLimit((n) => n + AUDIT_PAGE_SIZE)} {...options} />;
}

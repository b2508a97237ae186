import type { LogEvent, LogRecord } from '@app/shared';
import type { LogEventWithUser, LogRecordWithRefs } from './log.repository.ts';

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export function toLogRecord(r: LogRecordWithRefs): LogRecord {
  const rec = r.record;
  return {
    id: rec.id,
    status: rec.status as LogRecord['status'],
    request: {
      id: r.request_id,
      number: r.request_number,
      status: r.request_status as LogRecord['request']['status'],
      company: { id: r.company_id, code: r.company_code as LogRecord['request']['company']['code'] },
      client: { id: r.client_id, name: r.client_name },
      office: { id: r.office_id, title: r.office_title, ccy: r.office_ccy },
      fo_manager: ref(r.fo_id, r.fo_name),
      bo_manager: ref(r.bo_id, r.bo_name),
    },
    submitted_by: ref(rec.submitted_by, r.submitter_name),
    submitted_at: rec.submitted_at.toISOString(),
    reviewed_by: ref(rec.reviewed_by, r.reviewer_name),
    reviewed_at: rec.reviewed_at?.toISOString() ?? null,
    comment: rec.comment,
    created_at: rec.created_at.toISOString(),
    updated_at: rec.updated_at.toISOString(),
    version: rec.version,
  };
}

export function toLogEvent(e: LogEventWithUser): LogEvent {
  return {
    id: e.id,
    action: e.action as LogEvent['action'],
    status: e.status as LogEvent['status'],
    comment: e.comment,
    user: ref(e.user_id, e.user_name),
    created_at: e.created_at.toISOString(),
  };
}

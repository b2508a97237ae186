import type { XeroRecordKind } from '@app/shared/xero/xero.schemas';

/**
 * The accounting-service (Xero) queries: its status (the header menu, the record panels), a sync
 * run's progress, the account-code settings and one record's place in Xero. A finished run
 * invalidates `status` and `records`.
 */
export const xeroKeys = {
  all: ['xero'] as const,
  status: ['xero', 'status'] as const,
  run: (id: number) => ['xero', 'runs', id] as const,
  settings: ['xero', 'settings'] as const,
  records: ['xero', 'records'] as const,
  record: (kind: XeroRecordKind, id: number) => ['xero', 'records', kind, id] as const,
};

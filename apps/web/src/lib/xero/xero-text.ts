import type { XeroRecordStatus, XeroStatus, XeroSyncRun } from '@app/shared/xero/xero.schemas';
import { formatDate } from '../format/format-date.ts';

/** Whether a run is still under way (the web polls it about every second). */
export function isRunActive(run: XeroSyncRun | null | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

const RUN_VERB: Record<XeroSyncRun['kind'], string> = {
  contacts: 'Syncing contacts',
  invoices: 'Pushing invoices and payments',
};

/** `Syncing contacts… 12 of 40`; before the run has counted its records, `Syncing contacts…`. */
export function runProgressText(run: XeroSyncRun): string {
  const verb = RUN_VERB[run.kind];
  if (run.status === 'queued') return `${verb}… waiting to start`;
  return run.total === null ? `${verb}…` : `${verb}… ${run.done} of ${run.total}`;
}

/** `1 record failed` / `3 records failed`. */
export function failedText(failed: number): string {
  return `${failed} ${failed === 1 ? 'record' : 'records'} failed`;
}

/** The menu's state line: the organisation, who connected it and when (DD/MM/YYYY). */
export function connectionText(status: XeroStatus): string | null {
  const c = status.connection;
  if (!c) return null;
  const by = c.connected_by ? ` by ${c.connected_by.name}` : '';
  return `${c.tenant_name}, connected${by} on ${formatDate(c.connected_at)}`;
}

/** One record's line: `In Xero since 01/05/2026 · <id>`, `Not in Xero yet`, `Xero refused it: …`. */
export function recordStatusText(record: XeroRecordStatus): string {
  if (record.status === 'failed') return `Xero refused it: ${record.error ?? 'no reason given'}`;
  if (record.status === 'pushed') {
    const since = `In Xero since ${formatDate(record.pushed_at)}`;
    return record.xero_id ? `${since} · ${record.xero_id}` : since;
  }
  return 'Not in Xero yet';
}

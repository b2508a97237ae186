import type { XeroRecordStatus, XeroSyncRun } from '@app/shared/xero/xero.schemas';
import { describe, expect, it } from 'vitest';
import { rememberXeroReturnPath, takeXeroReturnPath } from './xero-return-path.ts';
import { recordStatusText, runProgressText } from './xero-text.ts';

const record = (patch: Partial<XeroRecordStatus>): XeroRecordStatus => ({
  kind: 'invoice',
  record_id: 9,
  status: null,
  xero_id: null,
  pushed_at: null,
  error: null,
  ...patch,
});

describe('Xero texts', () => {
  it('says where a record stands in Xero', () => {
    expect(recordStatusText(record({}))).toBe('Not in Xero yet');
    expect(
      recordStatusText(record({ status: 'pushed', xero_id: 'abc-123', pushed_at: '2026-11-20T10:00:00Z' })),
    ).toBe('In Xero since 20/11/2026 · abc-123');
    expect(recordStatusText(record({ status: 'failed', error: 'Sync contacts first' }))).toBe(
      'Xero refused it: Sync contacts first',
    );
  });

  it('says how far a run has got, before and after it has counted', () => {
    const run = { kind: 'contacts', status: 'running', done: 12, total: 40 } as XeroSyncRun;
    expect(runProgressText(run)).toBe('Syncing contacts… 12 of 40');
    expect(runProgressText({ ...run, total: null })).toBe('Syncing contacts…');
    expect(runProgressText({ ...run, kind: 'invoices', status: 'queued' })).toBe(
      'Pushing invoices and payments… waiting to start',
    );
  });

  it('brings the person back to an app path only, once', () => {
    rememberXeroReturnPath('/accounting/client-invoices?page=2');
    expect(takeXeroReturnPath('/accounting')).toBe('/accounting/client-invoices?page=2');
    expect(takeXeroReturnPath('/accounting')).toBe('/accounting');
    rememberXeroReturnPath('//evil.example/x');
    expect(takeXeroReturnPath('/accounting')).toBe('/accounting');
    rememberXeroReturnPath('/xero/callback?code=1');
    expect(takeXeroReturnPath('/accounting')).toBe('/accounting');
  });
});

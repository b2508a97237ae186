import type { XeroRecordKind } from '@app/shared';
import { XeroApiError } from './xero-api.ts';
import { xeroRecordsRepository } from './xero-records.repository.ts';
import type { XeroSyncContext } from './xero-sync.context.ts';

/** Xero takes up to 50 elements a call here (a batch stays well under its size limits). */
export const BATCH = 50;

export function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One element of a `summarizeErrors=false` answer: its errors in Xero's words (none when saved). */
export function elementErrors(el: Record<string, unknown> | undefined): string[] {
  if (!el) return ['Xero did not answer for this record.'];
  const errors = (el.ValidationErrors as Array<{ Message?: string }> | undefined) ?? [];
  const messages = errors.map((e) => e.Message ?? '').filter(Boolean);
  if (messages.length) return messages;
  return el.StatusAttributeString === 'ERROR' || el.HasValidationErrors ? ['Xero refused this record.'] : [];
}

/** A record Xero refused (or that cannot go yet): kept on its link and in the run's errors. */
export async function failRecord(
  ctx: XeroSyncContext,
  tenantId: string,
  rec: { kind: XeroRecordKind; id: number; label: string },
  message: string,
): Promise<void> {
  await xeroRecordsRepository.markFailed(ctx.deps.db, {
    tenantId,
    kind: rec.kind,
    recordId: rec.id,
    error: message,
    at: ctx.now(),
  });
  await ctx.fail({ kind: rec.kind, record_id: rec.id, label: rec.label, message });
}

/**
 * The answers of a batch write. Should Xero refuse the batch as a whole (a 400 despite
 * `summarizeErrors=false`), each record carries Xero's words and the run goes on; any other
 * failure (not connected, Xero down) stops the run.
 */
export async function batchAnswers<T>(count: number, send: () => Promise<T[] | undefined>): Promise<T[]> {
  try {
    return (await send()) ?? [];
  } catch (err) {
    if (!(err instanceof XeroApiError) || err.status !== 400) throw err;
    return Array.from({ length: count }, () => ({ ValidationErrors: [{ Message: err.message }] }) as T);
  }
}

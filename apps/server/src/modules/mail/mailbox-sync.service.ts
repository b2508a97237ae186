import { MAIL_MESSAGES, type MailboxSyncResult } from '@app/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { MailDeps } from './mail.deps.ts';
import { mailboxes } from './mail.table.ts';
import { exclusivePass, MailSyncError, passUnderWay, syncMailbox } from './mail-sync.ts';

/**
 * How long "Sync now" may store before it answers: a first sync of 50,000 messages takes
 * minutes, and the request is not to hold them; the background carries on from the cursor.
 */
export const MAIL_SYNC_ROUTE_BUDGET_MS = 5_000;

/**
 * One pass now, whatever the background is doing (it waits for this process's pass of the mailbox
 * under way; another process's is harmless, nothing is stored twice), bounded by
 * MAIL_SYNC_ROUTE_BUDGET_MS from its start: how many it stored and `more` when messages are left
 * for the background's passes. While this process's background pass of the mailbox is under way
 * (a first sync takes minutes) it answers at once: nothing stored by it, `more`. A mailbox that
 * cannot be reached is a 400 with the server's reason, also kept as the mailbox's `last_error`.
 */
export async function syncMailboxNow(deps: MailDeps, id: number): Promise<MailboxSyncResult> {
  const [box] = await deps.db
    .select({ enabled: mailboxes.enabled })
    .from(mailboxes)
    .where(eq(mailboxes.id, id));
  if (!box) throw AppError.notFound('Mailbox');
  if (!box.enabled) throw new AppError('BAD_REQUEST', MAIL_MESSAGES.mailboxDisabled);
  if (passUnderWay(deps.db, id)) return { stored: 0, more: true, folders: [] };
  try {
    const result = await exclusivePass(deps.db, id, () =>
      // The budget counts from the pass's start, not the request's: waiting for the pass under way is not storing.
      syncMailbox(deps, id, { deadline: Date.now() + MAIL_SYNC_ROUTE_BUDGET_MS }),
    );
    return {
      stored: result.stored,
      more: result.more,
      folders: result.folders.map((f) => ({
        id: f.id,
        path: f.path,
        role: f.role,
        stored: f.stored,
        more: f.more,
      })),
    };
  } catch (err) {
    if (err instanceof MailSyncError) throw new AppError('BAD_REQUEST', err.reason);
    throw err;
  }
}

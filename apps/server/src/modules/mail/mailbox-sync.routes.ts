import { envelope, IdParamsSchema, MAIL_MESSAGES, MAILBOX_ADMIN_ACCESS } from '@app/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';
import { mailboxes } from './mail.table.ts';
import { exclusivePass, MailSyncError, syncMailbox } from './mail-sync.ts';

/** What one pass stored, per folder synced (INBOX and Sent). */
const MailboxSyncResultSchema = z.object({
  stored: z.number().int(),
  folders: z.array(
    z.object({
      id: z.number().int(),
      path: z.string(),
      role: z.enum(['inbox', 'sent']),
      stored: z.number().int(),
    }),
  ),
});

/**
 * `POST mail/mailboxes/{id}/sync/` (Admin): one pass now, whatever the background is doing (it
 * waits for this process's pass of the mailbox under way; another process's is harmless, nothing
 * is stored twice). A mailbox that cannot be reached is a 400 with the server's reason, also kept
 * as the mailbox's `last_error`.
 */
export async function mailboxSyncRoutes(app: App, deps: MailDeps): Promise<void> {
  app.post(
    '/mail/mailboxes/:id/sync/',
    {
      config: { access: MAILBOX_ADMIN_ACCESS },
      schema: {
        tags: ['mail'],
        params: IdParamsSchema,
        response: { 200: envelope(MailboxSyncResultSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [box] = await deps.db
        .select({ enabled: mailboxes.enabled })
        .from(mailboxes)
        .where(eq(mailboxes.id, id));
      if (!box) throw AppError.notFound('Mailbox');
      if (!box.enabled) throw new AppError('BAD_REQUEST', MAIL_MESSAGES.mailboxDisabled);
      try {
        const result = await exclusivePass(deps.db, id, () => syncMailbox(deps, id));
        return {
          data: {
            stored: result.stored,
            folders: result.folders.map((f) => ({ id: f.id, path: f.path, role: f.role, stored: f.stored })),
          },
        };
      } catch (err) {
        if (err instanceof MailSyncError) throw new AppError('BAD_REQUEST', err.reason);
        throw err;
      }
    },
  );
}

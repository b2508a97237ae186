import type { MailboxSyncResult } from '@app/shared/mail/mail.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { mailKeys } from '../../../lib/mail/mail-keys.ts';

/**
 * POST mail/mailboxes/{id}/sync/ (Admin): fetch new messages now rather than at the next poll. A
 * mailbox that cannot be reached is a 400 with the server's reason, the caller's to say.
 */
export async function syncMailbox(id: number): Promise<MailboxSyncResult> {
  return (
    await http.post<{ data: MailboxSyncResult }>(`mail/mailboxes/${id}/sync/`, undefined, { quiet: [400] })
  ).data;
}

export function useSyncMailbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncMailbox,
    onSettled: () => client.invalidateQueries({ queryKey: mailKeys.all }),
  });
}

import type { Mailbox, MailboxUpdateBody } from '@app/shared/mail/mail.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { mailKeys } from '../../../lib/mail/mail-keys.ts';

/**
 * PATCH mail/mailboxes/{id}/ (Admin) with the version read: an absent password keeps the stored
 * one. A 409 (someone saved first) is the form's to say.
 */
export async function updateMailbox(id: number, body: MailboxUpdateBody): Promise<Mailbox> {
  return (
    await http.patch<{ data: Mailbox }>(`mail/mailboxes/${id}/`, body, {
      fieldErrors: 'inline',
      quiet: [409],
    })
  ).data;
}

export function useUpdateMailbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MailboxUpdateBody }) => updateMailbox(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: mailKeys.all }),
  });
}

import type { Mailbox, MailboxCreateBody } from '@app/shared/mail/mail.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { mailKeys } from '../../../lib/mail/mail-keys.ts';

/** POST mail/mailboxes/ (Admin): an office's shared mailbox. Field messages are the form's to show. */
export async function createMailbox(body: MailboxCreateBody): Promise<Mailbox> {
  return (await http.post<{ data: Mailbox }>('mail/mailboxes/', body, { fieldErrors: 'inline' })).data;
}

export function useCreateMailbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMailbox,
    onSuccess: () => client.invalidateQueries({ queryKey: mailKeys.all }),
  });
}

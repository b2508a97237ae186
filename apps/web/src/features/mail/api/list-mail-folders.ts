import type { MailFolder } from '@app/shared/mail/mail.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { mailKeys } from '../../../lib/mail/mail-keys.ts';

/** GET mail/mailboxes/{id}/folders/: the mailbox's folders with their unread and total counts. */
export async function listMailFolders(mailbox: number, signal?: AbortSignal): Promise<MailFolder[]> {
  return (await http.get<{ data: MailFolder[] }>(`mail/mailboxes/${mailbox}/folders/`, { signal })).data;
}

export function useMailFolders(mailbox: number | null) {
  return useQuery({
    queryKey: mailKeys.folders(mailbox ?? 0),
    queryFn: ({ signal }) => listMailFolders(mailbox ?? 0, signal),
    enabled: mailbox !== null,
  });
}

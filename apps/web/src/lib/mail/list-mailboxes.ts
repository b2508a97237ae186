import type { Mailbox } from '@app/shared/mail/mail.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { mailKeys } from './mail-keys.ts';

/** GET mail/mailboxes/: every mailbox for an Admin, the caller's office's for anyone else. */
export async function listMailboxes(signal?: AbortSignal): Promise<Mailbox[]> {
  return (await http.get<{ data: Mailbox[] }>('mail/mailboxes/', { signal })).data;
}

export function useMailboxes(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mailKeys.mailboxes,
    queryFn: ({ signal }) => listMailboxes(signal),
    enabled: options.enabled ?? true,
  });
}

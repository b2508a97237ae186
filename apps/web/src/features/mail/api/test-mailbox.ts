import type { MailboxTestBody, MailboxTestResult } from '@app/shared/mail/mail.schemas';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

/**
 * POST mail/mailboxes/test/ (Admin): tries the settings as typed (IMAP connect, login, list; SMTP
 * connect, auth) and answers each step; `mailbox` lets the stored passwords stand in for empty ones.
 */
export async function testMailbox(body: MailboxTestBody): Promise<MailboxTestResult> {
  return (
    await http.post<{ data: MailboxTestResult }>('mail/mailboxes/test/', body, { fieldErrors: 'inline' })
  ).data;
}

export function useTestMailbox() {
  return useMutation({ mutationFn: testMailbox });
}

import type { MailMessage, MailSendFields } from '@app/shared/mail/mail.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { mailKeys } from './mail-keys.ts';

export interface MailSendInput {
  fields: MailSendFields;
  /** New files, sent as the `attachments` parts. */
  files: readonly File[];
}

/** The multipart body: the fields first (the server reads them before the files), then each file. */
export function mailSendFormData({ fields, files }: MailSendInput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === '') continue;
    form.append(key, String(value));
  }
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

/**
 * POST mail/messages/: compose, reply or forward through the mailbox's SMTP. A refusal (a 400 with
 * the SMTP server's reason or the fields' messages, a 413) is the dialog's to show, with the draft
 * kept: no toast here.
 */
export async function sendMailMessage(input: MailSendInput): Promise<MailMessage> {
  return (
    await http.post<{ data: MailMessage }>('mail/messages/', mailSendFormData(input), {
      quiet: [400, 413],
      fieldErrors: 'inline',
    })
  ).data;
}

export function useSendMailMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMailMessage,
    onSuccess: () => client.invalidateQueries({ queryKey: mailKeys.all }),
  });
}

import type { ListResult } from '@app/shared/api/envelope';
import type { MailMessage, MailMessageSummary, MailMessageUpdateBody } from '@app/shared/mail/mail.schemas';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { type MailMessageListParams, mailKeys } from './mail-keys.ts';

/**
 * PATCH mail/messages/{id}/: mark read or unread, link or unlink a client or request by hand.
 * `quiet` statuses are not toasted (a dialog that shows the refusal itself).
 */
export async function updateMailMessage(
  id: number,
  body: MailMessageUpdateBody,
  quiet?: readonly number[],
): Promise<MailMessage> {
  return (await http.patch<{ data: MailMessage }>(`mail/messages/${id}/`, body, quiet ? { quiet } : {})).data;
}

/** The fields of a row a PATCH changes. */
type RowChange = Pick<MailMessageSummary, 'seen' | 'client' | 'request' | 'linked_by'>;
const rowChange = (m: MailMessage): RowChange => ({
  seen: m.seen,
  client: m.client,
  request: m.request,
  linked_by: m.linked_by,
});

type ListData = ListResult<MailMessageSummary> | InfiniteData<ListResult<MailMessageSummary>>;

function patchRows(data: ListData | undefined, id: number, change: RowChange): ListData | undefined {
  if (!data) return data;
  const patchPage = (page: ListResult<MailMessageSummary>) =>
    page.data.some((row) => row.id === id)
      ? { ...page, data: page.data.map((row) => (row.id === id ? { ...row, ...change } : row)) }
      : page;
  if ('pages' in data) return { ...data, pages: data.pages.map(patchPage) };
  return patchPage(data);
}

/** Whether a list query is narrowed to a client or a request (a record's panel, or /mail so narrowed). */
function isRecordList(key: readonly unknown[]): boolean {
  const params = key.at(-1) as MailMessageListParams | undefined;
  return (
    typeof params === 'object' &&
    params !== null &&
    (params.client !== undefined || params.request !== undefined)
  );
}

/**
 * The answer goes into every cached copy of the message (both image variants of its detail, each
 * list holding its row) instead of refetching: the list keeps its order while someone reads. The
 * counts of unread (folders, mailboxes) are asked again, and so are the lists narrowed to a
 * record when a link changed (the message joins or leaves them).
 */
export function applyMailMessageChange(client: QueryClient, saved: MailMessage, linksChanged: boolean): void {
  const change = rowChange(saved);
  client.setQueriesData<MailMessage>({ queryKey: mailKeys.messageDetail(saved.id) }, (old) =>
    old ? { ...old, ...change } : old,
  );
  client.setQueriesData<ListData>({ queryKey: mailKeys.messageLists }, (old) =>
    patchRows(old, saved.id, change),
  );
  void client.invalidateQueries({ queryKey: mailKeys.folderLists });
  void client.invalidateQueries({ queryKey: mailKeys.mailboxes });
  if (linksChanged) {
    void client.invalidateQueries({
      queryKey: mailKeys.messageLists,
      predicate: (query) => isRecordList(query.queryKey),
    });
  }
}

export function useUpdateMailMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      quiet,
    }: {
      id: number;
      body: MailMessageUpdateBody;
      quiet?: readonly number[];
    }) => updateMailMessage(id, body, quiet),
    onSuccess: (saved, { body }) =>
      applyMailMessageChange(client, saved, body.client !== undefined || body.request !== undefined),
  });
}

import type { ListResult } from '@app/shared/api/envelope';
import type { MailMessageSummary } from '@app/shared/mail/mail.schemas';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { type MailMessageListParams, mailKeys } from './mail-keys.ts';

/** GET mail/messages/: one page, unread first, then newest. */
export function listMailMessages(
  params: MailMessageListParams,
  signal?: AbortSignal,
): Promise<ListResult<MailMessageSummary>> {
  return http.get<ListResult<MailMessageSummary>>('mail/messages/', { query: { ...params }, signal });
}

/** One page (the record panels). */
export function useMailMessages(params: MailMessageListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mailKeys.messages(params),
    queryFn: ({ signal }) => listMailMessages(params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Page after page, for "Load more" (the /mail list); `params` holds no offset. */
export function useMailMessagePages(
  params: Omit<MailMessageListParams, 'offset'>,
  options: { enabled?: boolean } = {},
) {
  const limit = params.limit ?? 50;
  return useInfiniteQuery({
    queryKey: mailKeys.messagePages(params),
    queryFn: ({ signal, pageParam }) => listMailMessages({ ...params, limit, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => {
      const next = offset + limit;
      return next < last.meta.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

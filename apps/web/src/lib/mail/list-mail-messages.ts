import type { ListResult } from '@app/shared/api/envelope';
import type { MailMessageSummary } from '@app/shared/mail/mail.schemas';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
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

/** A page of the /mail list, with each row's read state as it came (the cache changes it in place). */
export type MailMessagePage = ListResult<MailMessageSummary> & { seenAtLoad: readonly boolean[] };

/** Whether a row was read or unread since its page came: the server's order (unread first) moved. */
export function pagesMoved(pages: readonly MailMessagePage[]): boolean {
  return pages.some((page) => page.data.some((row, i) => page.seenAtLoad[i] !== row.seen));
}

/** The rows of the pages in order, each once (a row the server's order moved may be in two pages). */
export function joinPages(pages: readonly MailMessagePage[]): MailMessageSummary[] {
  const seen = new Set<number>();
  const rows: MailMessageSummary[] = [];
  for (const page of pages) {
    for (const row of page.data) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * Page after page, for "Load more" (the /mail list); `params` holds no offset. Pages are asked by
 * offset over "unread first": reading a message moves it, so `loadMore` asks the loaded pages again
 * first when a row's read state changed since it came (else the next page would skip or repeat).
 */
export function useMailMessagePages(
  params: Omit<MailMessageListParams, 'offset'>,
  options: { enabled?: boolean } = {},
) {
  const limit = params.limit ?? 50;
  const query = useInfiniteQuery({
    queryKey: mailKeys.messagePages(params),
    queryFn: async ({ signal, pageParam }): Promise<MailMessagePage> => {
      const page = await listMailMessages({ ...params, limit, offset: pageParam }, signal);
      return { ...page, seenAtLoad: page.data.map((row) => row.seen) };
    },
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => {
      const next = offset + limit;
      return next < last.meta.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const rows = useMemo(() => joinPages(query.data?.pages ?? []), [query.data]);
  const { data, refetch, fetchNextPage } = query;
  const loadMore = useCallback(async () => {
    if (data && pagesMoved(data.pages)) {
      // the loaded pages again, in the order as it is now; the next page is asked from there
      const fresh = await refetch();
      if (fresh.isError) return;
    }
    await fetchNextPage();
  }, [data, refetch, fetchNextPage]);
  return { ...query, rows, loadMore };
}

import type { ChatChannel } from '@app/shared/chat/chat.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { findListedChannel } from './chat-cache.ts';
import { chatKeys } from './chat-keys.ts';

/**
 * GET chat/channels/{id}/. Quiet on 403/404: a window reopened from local storage for a channel
 * the user has left (or that is gone) just closes.
 */
export async function getChannel(id: number, signal?: AbortSignal): Promise<ChatChannel> {
  return (
    await http.get<{ data: ChatChannel }>(`chat/channels/${id}/`, {
      signal,
      quiet: [403, 404],
      ignoreLoading: true,
    })
  ).data;
}

/** One channel, shown at once from the list when the list holds it. */
export function useChatChannel(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.channel(id),
    queryFn: ({ signal }) => getChannel(id, signal),
    initialData: () => findListedChannel(client, id),
    initialDataUpdatedAt: 0,
  });
}

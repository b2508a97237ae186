import type { ChatChannel } from '@app/shared/chat/chat.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { type ChatChannelListParams, chatKeys } from './chat-keys.ts';

/** The dock lists this many channels, most recent activity first; the search finds the rest. */
export const CHAT_CHANNELS_LIMIT = 100;

/** GET chat/channels/: the caller's channels with their unread counts. */
export async function listChannels(
  params: ChatChannelListParams,
  signal?: AbortSignal,
): Promise<ChatChannel[]> {
  const answer = await http.get<{ data: ChatChannel[] }>('chat/channels/', {
    query: { limit: CHAT_CHANNELS_LIMIT, ...params },
    signal,
    ignoreLoading: true,
  });
  return answer.data;
}

export function useChatChannels(params: ChatChannelListParams, enabled = true) {
  return useQuery({
    queryKey: chatKeys.channelList(params),
    queryFn: ({ signal }) => listChannels(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

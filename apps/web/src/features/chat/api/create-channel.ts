import type { ChatChannel, CreateChatChannelBody } from '@app/shared/chat/chat.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { chatKeys } from './chat-keys.ts';

/** POST chat/channels/: a direct channel answers the pair's existing one when there is one. */
export async function createChannel(body: CreateChatChannelBody): Promise<ChatChannel> {
  return (await http.post<{ data: ChatChannel }>('chat/channels/', body, { fieldErrors: 'inline' })).data;
}

export function useCreateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: (channel) => {
      client.setQueryData(chatKeys.channel(channel.id), channel);
      return client.invalidateQueries({ queryKey: chatKeys.channelLists });
    },
  });
}

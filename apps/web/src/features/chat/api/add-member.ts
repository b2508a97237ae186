import type { ChatChannel } from '@app/shared/chat/chat.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { chatKeys } from './chat-keys.ts';

/** POST chat/channels/{id}/users/ with `{user}`. */
export async function addMember(channelId: number, userId: number): Promise<ChatChannel | null> {
  const answer = await http.post<{ data?: ChatChannel } | null>(`chat/channels/${channelId}/users/`, {
    user: userId,
  });
  return answer?.data ?? null;
}

export function useAddMember(channelId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => addMember(channelId, userId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: chatKeys.channel(channelId) });
      await client.invalidateQueries({ queryKey: chatKeys.channelLists });
    },
  });
}

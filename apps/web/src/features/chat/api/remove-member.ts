import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { chatKeys } from './chat-keys.ts';

/** DELETE chat/channels/{id}/users/{userId}/: removes a member, or the caller leaves. */
export async function removeMember(channelId: number, userId: number): Promise<void> {
  await http.delete(`chat/channels/${channelId}/users/${userId}/`);
}

export function useRemoveMember(channelId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: number; leaving?: boolean }) => removeMember(channelId, userId),
    onSuccess: async (_, { leaving }) => {
      // a channel left is no longer the caller's to read: forget it rather than refetch a 403
      if (leaving) {
        client.removeQueries({ queryKey: chatKeys.channel(channelId) });
        client.removeQueries({ queryKey: chatKeys.messages(channelId) });
      } else {
        await client.invalidateQueries({ queryKey: chatKeys.channel(channelId) });
      }
      await client.invalidateQueries({ queryKey: chatKeys.channelLists });
    },
  });
}

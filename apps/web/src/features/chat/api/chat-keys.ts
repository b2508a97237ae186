import type { ChatChannelListQuery } from '@app/shared/chat/chat.schemas';

export type ChatChannelListParams = Partial<Pick<ChatChannelListQuery, 'search' | 'limit'>>;

/** Query keys of the chat: every channel list under `channels`, one history per channel. */
export const chatKeys = {
  all: ['chat'] as const,
  channelLists: ['chat', 'channels'] as const,
  channelList: (params: ChatChannelListParams) => ['chat', 'channels', params] as const,
  channel: (id: number) => ['chat', 'channel', id] as const,
  messages: (channelId: number) => ['chat', 'messages', channelId] as const,
};

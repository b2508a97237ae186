import type { ClientFrame } from '@app/shared';
import type { AuthUser } from '../../platform/auth-user.ts';
import type { ClientFrameHandler } from '../../platform/realtime/client-frames.ts';
import type { ChatService } from './chat.service.ts';

/**
 * What a socket's client sends about chat, once the socket has bounded, parsed and throttled it
 * (typing: once a second per user and channel). A frame for a channel the user is not in is
 * dropped: the service checks membership and publishes nothing.
 */
export function createChatFrameHandler({
  chat,
}: {
  chat: Pick<ChatService, 'typing' | 'markChannelRead'>;
}): ClientFrameHandler {
  return async (user: AuthUser, frame: ClientFrame) => {
    switch (frame.type) {
      case 'chat.typing':
        await chat.typing(user, frame.data.chat_channel_id);
        return;
      case 'chat.read':
        await chat.markChannelRead(user, frame.data.chat_channel_id, frame.data.message_id);
        return;
    }
  };
}

import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { createChatFrameHandler } from './chat.frames.ts';
import { chatRoutes } from './chat.routes.ts';
import { seedChat } from './chat.seed.ts';
import { createChatService } from './chat.service.ts';
import { CHAT_MEMBERS_CHANGED, type ChatMembersChangedData } from './chat-member-cache.ts';
import { createChatUsersService } from './chat-users.service.ts';

/** Chat (issue 13): channels, members, messages, read markers and typing. */
async function registerChatModule(app: App, core: Core): Promise<void> {
  const chat = createChatService({ db: core.db });
  await chatRoutes(app, { chat, chatUsers: createChatUsersService({ db: core.db }) });
  // The socket hands typing and read frames to their owner (platform/realtime/client-frames.ts).
  app.useClientFrames(createChatFrameHandler({ chat }));
  // Every process hears of membership changes so its member cache forgets them (chat-member-cache.ts).
  const unsubscribe = core.bus.subscribe(({ users, message }) => {
    if (message.type !== CHAT_MEMBERS_CHANGED) return;
    const channelId = (message.data as Partial<ChatMembersChangedData> | null)?.chat_channel_id;
    if (typeof channelId === 'number') chat.forgetMembers(channelId, users);
  });
  app.addHook('onClose', async () => unsubscribe());
}

export const chatModule: ServerModule = { name: 'chat', register: registerChatModule, seed: seedChat };

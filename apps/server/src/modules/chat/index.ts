import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { createChatFrameHandler } from './chat.frames.ts';
import { chatRoutes } from './chat.routes.ts';
import { seedChat } from './chat.seed.ts';
import { createChatService } from './chat.service.ts';
import { createChatUsersService } from './chat-users.service.ts';

/** Chat (issue 13): channels, members, messages, read markers and typing. */
async function registerChatModule(app: App, core: Core): Promise<void> {
  const chat = createChatService({ db: core.db });
  await chatRoutes(app, { chat, chatUsers: createChatUsersService({ db: core.db }) });
  // The socket hands typing and read frames to their owner (platform/realtime/client-frames.ts).
  app.useClientFrames(createChatFrameHandler({ chat }));
}

export const chatModule: ServerModule = { name: 'chat', register: registerChatModule, seed: seedChat };

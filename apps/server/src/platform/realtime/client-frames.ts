import type { ClientFrame } from '@app/shared';
import type { AuthUser } from '../auth-user.ts';

/**
 * What a socket's client sends (`chat.typing`, `chat.read`), parsed and bounded by the socket
 * plugin, is handed to the module that owns it: the chat module registers its handler with
 * `app.useClientFrames(handler)` (the platform imports no module; several may register, each gets
 * every frame, as a test's does beside the chat's). A frame the handler refuses (not a member of
 * the channel) is simply not passed on.
 */
export type ClientFrameHandler = (user: AuthUser, frame: ClientFrame) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    useClientFrames(handler: ClientFrameHandler): void;
  }
}

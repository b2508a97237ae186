import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { sessions } from '../auth/auth.service.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService, type UsersService } from './users.service.ts';

/** The users service built from the core (the auth module answers sign-in with the current user). */
export function usersServiceOf(core: Pick<Core, 'db' | 'config'>): UsersService {
  return createUsersService({ db: core.db, mediaDir: core.config.mediaDir, sessions });
}

/** The signed-in user's profile, and the administration of users. */
async function registerUsersModule(app: App, core: Core): Promise<void> {
  await usersRoutes(app, { users: usersServiceOf(core) });
}

export const usersModule: ServerModule = { name: 'users', register: registerUsersModule };

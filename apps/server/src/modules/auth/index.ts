import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { usersServiceOf } from '../users/index.ts';
import { userAccounts } from '../users/users.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Sign-in, sign-out and password reset; it also tells the access check who a token belongs to. */
async function registerAuthModule(app: App, core: Core): Promise<void> {
  const auth = createAuthService({
    db: core.db,
    config: core.config,
    mailer: core.mailer,
    log: core.log,
    background: core.background,
    accounts: userAccounts,
  });
  app.useAuthenticator(auth);
  // Idle tokens and old sign-in failures are dropped at start and hourly, so the tables stay small.
  const prune = () => auth.prune().catch((err: unknown) => core.log.error({ err }, 'pruning failed'));
  let pruneTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await prune();
    pruneTimer = setInterval(prune, PRUNE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  await authRoutes(app, { auth, users: usersServiceOf(core) });
}

export const authModule: ServerModule = { name: 'auth', register: registerAuthModule };

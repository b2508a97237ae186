import type { App } from '../platform/types.ts';
import type { Core } from '../platform/core.ts';

/**
 * Feature modules beyond the platform (auth, users). Each entry builds its services from the
 * core and registers its routes under /api/v1. Add one line per module.
 */
export const featureModules: Array<{ name: string; register: (app: App, core: Core) => Promise<void> }> = [];

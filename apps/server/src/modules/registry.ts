import { registerAuditModule } from '../platform/audit/index.ts';
import type { Core } from '../platform/core.ts';
import type { App } from '../platform/types.ts';
import { registerDirectoryModule } from './directory/index.ts';
import { registerRatesModule } from './rates/index.ts';
import { registerSearchModule } from './search/index.ts';

/**
 * Feature modules beyond the platform (auth, users). Each entry builds its services from the
 * core and registers its routes under /api/v1. Add one line per module.
 */
export const featureModules: Array<{ name: string; register: (app: App, core: Core) => Promise<void> }> = [
  { name: 'rates', register: registerRatesModule },
  { name: 'audit', register: registerAuditModule },
  { name: 'directory', register: registerDirectoryModule },
  { name: 'search', register: registerSearchModule },
];

import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { createDirectoryServices } from '../directory/index.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/** `GET /search/`: the header search page (requests, clients and suppliers). */
async function registerSearchModule(app: App, core: Core): Promise<void> {
  const { clients, suppliers } = createDirectoryServices(core);
  await searchRoutes(app, { search: createSearchService({ db: core.db, clients, suppliers }) });
}

export const searchModule: ServerModule = { name: 'search', register: registerSearchModule };

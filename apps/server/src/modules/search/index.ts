import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/** `GET /search/`: the header search page (clients and suppliers; requests join when they exist). */
export async function registerSearchModule(app: App, core: Core): Promise<void> {
  await searchRoutes(app, { search: createSearchService({ db: core.db }) });
}

import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { ratesRoutes } from './rates.routes.ts';
import { createRatesService } from './rates.service.ts';
import { regionsRoutes } from './regions.routes.ts';
import { createRegionsService } from './regions.service.ts';

/** Currencies, regions and exchange rates: one registry entry for the whole module. */
export async function registerRatesModule(app: App, core: Core): Promise<void> {
  const rates = createRatesService({ db: core.db });
  // Reference data every database needs, written before the first call can ask for it.
  await rates.syncCurrencies();
  await ratesRoutes(app, { rates });
  await regionsRoutes(app, { regions: createRegionsService({ db: core.db }) });
}

import { AUTHENTICATED } from '@app/shared';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { ratesRoutes } from './rates.routes.ts';
import { seedRates } from './rates.seed.ts';
import { createRatesService, EXCHANGE_RATE_ENTITY, RATE_SET_ENTITY } from './rates.service.ts';
import { regionsRoutes } from './regions.routes.ts';
import { createRegionsService, REGION_ENTITY } from './regions.service.ts';

/** Currencies, regions and exchange rates: one registry entry for the whole module. */
async function registerRatesModule(app: App, core: Core): Promise<void> {
  const rates = createRatesService({ db: core.db });
  // Reference data every database needs, written before the first call can ask for it.
  await rates.syncCurrencies();
  // Rates and regions are readable by everyone signed in, and so is their history.
  for (const entity of [RATE_SET_ENTITY, EXCHANGE_RATE_ENTITY, REGION_ENTITY])
    auditRegistry.register(entity, AUTHENTICATED);
  await ratesRoutes(app, { rates });
  await regionsRoutes(app, { regions: createRegionsService({ db: core.db }) });
}

export const ratesModule: ServerModule = { name: 'rates', register: registerRatesModule, seed: seedRates };

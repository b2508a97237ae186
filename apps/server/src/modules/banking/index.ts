import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { allocationsRoutes } from './allocations.routes.ts';
import { seedBanking } from './banking.seed.ts';
import { statementImportRoutes } from './statement-import.routes.ts';
import { transactionsRoutes } from './transactions.routes.ts';

/**
 * Bank transactions, transfers, statement import, matching and client balances (decision 0011).
 * Admin and Accountant only. Documents are settled only through the accounting module's
 * `settlement.ts`, never its tables.
 */
async function registerBankingModule(app: App, core: Core): Promise<void> {
  await transactionsRoutes(app, core);
  await statementImportRoutes(app, core);
  await allocationsRoutes(app, core);
}

export const bankingModule: ServerModule = {
  name: 'banking',
  register: registerBankingModule,
  seed: seedBanking,
};

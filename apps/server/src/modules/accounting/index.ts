import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { seedAccounting } from './accounting.seed.ts';
import { billsRoutes } from './bills.routes.ts';
import { cardsRoutes } from './cards.routes.ts';
import { invoiceDocumentsRoutes } from './invoice-documents.routes.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { periodLocksRoutes } from './period-locks.routes.ts';
import { registerRoutes } from './register.routes.ts';
import { vouchersRoutes } from './vouchers.routes.ts';
import { workspaceRoutes } from './workspace.routes.ts';

/**
 * Accounting documents (decision 0010): client invoices and credit notes, bills, payment
 * vouchers, bank cards and Invoices & Bills. Admin and Accountant only. Each area's routes build
 * their own services from the core and register their audit entity.
 */
async function registerAccountingModule(app: App, core: Core): Promise<void> {
  await invoicesRoutes(app, core);
  await invoiceDocumentsRoutes(app, core);
  await billsRoutes(app, core);
  await vouchersRoutes(app, core);
  await cardsRoutes(app, core);
  await registerRoutes(app, core);
  await workspaceRoutes(app, core);
  await periodLocksRoutes(app, core);
}

export const accountingModule: ServerModule = {
  name: 'accounting',
  register: registerAccountingModule,
  seed: seedAccounting,
};

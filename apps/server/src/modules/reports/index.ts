import { FINANCE_REPORTS_ACCESS, VAT_RATE_AUDIT_ENTITY } from '@app/shared';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { clientsReportRoutes } from './clients-report.routes.ts';
import { debtsReportRoutes } from './debts-report.routes.ts';
import { finReportRoutes } from './fin-report.routes.ts';
import { logReportRoutes } from './log-report.routes.ts';
import { vatRatesRoutes } from './vat-rates.routes.ts';

/**
 * Reports (decision 0012): Clients for everyone; Debts, Fin-Report and LOG-report for Admin and
 * Accountant. Read-only over the documents and the sales ledger the accounting writers keep;
 * the only thing written here is the TOMS VAT rate setting.
 */
async function registerReportsModule(app: App, core: Core): Promise<void> {
  // the VAT rate setting's history: read by whoever reads Fin-Report
  auditRegistry.register(VAT_RATE_AUDIT_ENTITY, FINANCE_REPORTS_ACCESS);
  await clientsReportRoutes(app, core);
  await debtsReportRoutes(app, core);
  await finReportRoutes(app, core);
  await logReportRoutes(app, core);
  await vatRatesRoutes(app, core);
}

export const reportsModule: ServerModule = { name: 'reports', register: registerReportsModule };

import { DIRECTORY_ACCESS } from '@app/shared';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { banksRoutes } from './banks.routes.ts';
import { BANK_ENTITY, createBanksService } from './banks.service.ts';
import { clientsRoutes } from './clients.routes.ts';
import { CLIENT_ENTITY, createClientsService } from './clients.service.ts';
import { companiesRoutes } from './companies.routes.ts';
import { COMPANY_ENTITY, createCompaniesService } from './companies.service.ts';
import { seedDirectory } from './directory.seed.ts';
import { exportRoutes } from './export.routes.ts';
import { createExportService } from './export.service.ts';
import { importRoutes } from './import.routes.ts';
import { createImportService } from './import.service.ts';
import { managersRoutes } from './managers.routes.ts';
import { createManagersService } from './managers.service.ts';
import { ensureDirectoryReferenceData } from './reference-data.service.ts';
import { servicesRoutes } from './services.routes.ts';
import { createServicesService, SERVICE_ENTITY } from './services.service.ts';
import { suppliersRoutes } from './suppliers.routes.ts';
import { createSuppliersService, SUPPLIER_ENTITY } from './suppliers.service.ts';

export function createDirectoryServices(core: Pick<Core, 'db'>) {
  const { db } = core;
  return {
    clients: createClientsService({ db }),
    suppliers: createSuppliersService({ db }),
    managers: createManagersService({ db }),
    services: createServicesService({ db }),
    banks: createBanksService({ db }),
    companies: createCompaniesService({ db }),
  };
}
export type DirectoryServices = ReturnType<typeof createDirectoryServices>;

/** Clients, suppliers, managers, services, banks and companies: one registry entry. */
async function registerDirectoryModule(app: App, core: Core): Promise<void> {
  // Companies and the services catalogue exist before the first call can ask for them.
  await ensureDirectoryReferenceData(core.db);
  // Whoever may read a record may read its history.
  for (const entity of [CLIENT_ENTITY, SUPPLIER_ENTITY, SERVICE_ENTITY, BANK_ENTITY, COMPANY_ENTITY]) {
    auditRegistry.register(entity, DIRECTORY_ACCESS.read);
  }
  const services = createDirectoryServices(core);
  await clientsRoutes(app, services);
  await suppliersRoutes(app, services);
  await managersRoutes(app, services);
  await servicesRoutes(app, services);
  await banksRoutes(app, services);
  await companiesRoutes(app, services);
  await importRoutes(app, { imports: createImportService({ db: core.db }) });
  await exportRoutes(app, { exports: createExportService({ db: core.db, services }) });
}

export const directoryModule: ServerModule = {
  name: 'directory',
  register: registerDirectoryModule,
  seed: seedDirectory,
};

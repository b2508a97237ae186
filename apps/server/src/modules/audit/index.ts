import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

/** `GET /audit/`: the history of any record whose module registered its entity. */
async function registerAuditModule(app: App, core: Core): Promise<void> {
  await auditRoutes(app, { audit: createAuditService({ db: core.db }) });
}

export const auditModule: ServerModule = { name: 'audit', register: registerAuditModule };

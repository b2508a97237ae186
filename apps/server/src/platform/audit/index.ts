import type { Core } from '../core.ts';
import type { App } from '../types.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

/** `GET /audit/`: the history of any record whose module registered its entity. */
export async function registerAuditModule(app: App, core: Core): Promise<void> {
  await auditRoutes(app, { audit: createAuditService({ db: core.db }) });
}

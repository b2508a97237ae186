import { hostname } from 'node:os';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import { createSecretBox, loadSecretKey } from '../../platform/secret-box.ts';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';
import { createXeroClient } from './xero-client.ts';
import { xeroConnectionRoutes } from './xero-connection.routes.ts';
import { xeroRecordsRoutes } from './xero-records.routes.ts';
import { xeroSettingsRoutes } from './xero-settings.routes.ts';
import { registerXeroSync } from './xero-sync.job.ts';
import { xeroSyncRoutes } from './xero-sync.routes.ts';

/** The accounting service (decision 0015): one Xero organisation, its contacts, invoices and payments. */
async function registerXeroModule(app: App, core: Core): Promise<void> {
  const base = {
    db: core.db,
    config: core.config,
    secrets: createSecretBox(loadSecretKey(core.config.secretKey, core.config.dataDir)),
    jobs: core.jobs,
    background: core.background,
    log: core.log,
    processId: `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
  };
  const deps: XeroDeps = { ...base, client: createXeroClient(base) };
  await xeroConnectionRoutes(app, deps);
  await xeroSyncRoutes(app, deps);
  await xeroSettingsRoutes(app, deps);
  await xeroRecordsRoutes(app, deps);
  registerXeroSync(app, deps);
}

export const xeroModule: ServerModule = { name: 'xero', register: registerXeroModule };

import { envelope, IdParamsSchema, XERO_ACCESS, XeroSyncRunSchema } from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';
import { xeroSyncWorker } from './xero-sync.job.ts';
import { createXeroSyncService } from './xero-sync.service.ts';

/** Spec 7 `xero/contacts/` (starts the contact sync, answers its run); invoices push; a run's progress. */
export async function xeroSyncRoutes(app: App, deps: XeroDeps): Promise<void> {
  const worker = xeroSyncWorker(deps);
  const syncs = createXeroSyncService({ ...deps, kick: () => worker.kick() });
  const tags = ['xero'];
  const run = { 200: envelope(XeroSyncRunSchema) };
  app.get(
    '/xero/contacts/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: run } },
    async (req) => ({
      data: await syncs.start(ctxOf(req), 'contacts'),
    }),
  );
  app.post(
    '/xero/invoices/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: run } },
    async (req) => ({
      data: await syncs.start(ctxOf(req), 'invoices'),
    }),
  );
  app.get(
    '/xero/runs/:id/',
    { config: { access: XERO_ACCESS }, schema: { tags, params: IdParamsSchema, response: run } },
    async (req) => ({ data: await syncs.get(req.params.id) }),
  );
}

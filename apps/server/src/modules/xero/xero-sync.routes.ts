import { envelope, IdParamsSchema, XERO_ACCESS, XeroSyncRunSchema } from '@app/shared';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';

const notYet = () => {
  throw new Error('not built yet');
};

/** Spec 7 `xero/contacts/` (starts the contact sync, answers its run); invoices push; a run's progress. */
export async function xeroSyncRoutes(app: App, _deps: XeroDeps): Promise<void> {
  const tags = ['xero'];
  const run = { 200: envelope(XeroSyncRunSchema) };
  app.get('/xero/contacts/', { config: { access: XERO_ACCESS }, schema: { tags, response: run } }, notYet);
  app.post('/xero/invoices/', { config: { access: XERO_ACCESS }, schema: { tags, response: run } }, notYet);
  app.get(
    '/xero/runs/:id/',
    { config: { access: XERO_ACCESS }, schema: { tags, params: IdParamsSchema, response: run } },
    notYet,
  );
}

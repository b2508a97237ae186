import { envelope, XERO_ACCESS, XeroSettingsSchema } from '@app/shared';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';

const notYet = () => {
  throw new Error('not built yet');
};

/** How pushes are coded in Xero: account codes per account type, payment accounts. */
export async function xeroSettingsRoutes(app: App, _deps: XeroDeps): Promise<void> {
  const tags = ['xero'];
  const settings = { 200: envelope(XeroSettingsSchema) };
  app.get(
    '/xero/settings/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: settings } },
    notYet,
  );
  app.put(
    '/xero/settings/',
    { config: { access: XERO_ACCESS }, schema: { tags, body: XeroSettingsSchema, response: settings } },
    notYet,
  );
}

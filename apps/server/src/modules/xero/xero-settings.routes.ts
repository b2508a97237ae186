import { envelope, XERO_ACCESS, XeroSettingsSchema } from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';
import { getXeroSettings, saveXeroSettings } from './xero-settings.service.ts';

/** How pushes are coded in Xero: account codes per account type, payment accounts. */
export async function xeroSettingsRoutes(app: App, deps: XeroDeps): Promise<void> {
  const tags = ['xero'];
  const settings = { 200: envelope(XeroSettingsSchema) };
  app.get(
    '/xero/settings/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: settings } },
    async () => ({ data: await getXeroSettings(deps.db) }),
  );
  app.put(
    '/xero/settings/',
    { config: { access: XERO_ACCESS }, schema: { tags, body: XeroSettingsSchema, response: settings } },
    async (request) => ({ data: await saveXeroSettings(deps.db, ctxOf(request), request.body) }),
  );
}

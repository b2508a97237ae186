import { envelope, XERO_ACCESS, XeroAuthUrlSchema, XeroCodeQuerySchema, XeroStatusSchema } from '@app/shared';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';

const notYet = () => {
  throw new Error('not built yet');
};

/** Spec 7: `xero/auth/`, `xero/code/`, `xero/isauth/`; and `xero/disconnect/` (issue 15). */
export async function xeroConnectionRoutes(app: App, _deps: XeroDeps): Promise<void> {
  const tags = ['xero'];
  app.get(
    '/xero/auth/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: { 200: envelope(XeroAuthUrlSchema) } } },
    notYet,
  );
  app.get(
    '/xero/code/',
    {
      config: { access: XERO_ACCESS },
      schema: { tags, querystring: XeroCodeQuerySchema, response: { 200: envelope(XeroStatusSchema) } },
    },
    notYet,
  );
  app.get(
    '/xero/isauth/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: { 200: envelope(XeroStatusSchema) } } },
    notYet,
  );
  app.post(
    '/xero/disconnect/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: { 200: envelope(XeroStatusSchema) } } },
    notYet,
  );
}

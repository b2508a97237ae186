import { envelope, XERO_ACCESS, XeroAuthUrlSchema, XeroCodeQuerySchema, XeroStatusSchema } from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';
import { disconnectXero, finishXeroAuth, startXeroAuth } from './xero-connection.service.ts';
import { xeroStatus } from './xero-status.service.ts';

/** Spec 7: `xero/auth/`, `xero/code/`, `xero/isauth/`; and `xero/disconnect/` (issue 15). */
export async function xeroConnectionRoutes(app: App, deps: XeroDeps): Promise<void> {
  const tags = ['xero'];
  app.get(
    '/xero/auth/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: { 200: envelope(XeroAuthUrlSchema) } } },
    async (request) => ({ data: await startXeroAuth(deps, ctxOf(request).user) }),
  );
  app.get(
    '/xero/code/',
    {
      config: { access: XERO_ACCESS },
      schema: { tags, querystring: XeroCodeQuerySchema, response: { 200: envelope(XeroStatusSchema) } },
    },
    async (request) => ({ data: await finishXeroAuth(deps, ctxOf(request).user, request.query) }),
  );
  app.get(
    '/xero/isauth/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: { 200: envelope(XeroStatusSchema) } } },
    async () => ({ data: await xeroStatus(deps) }),
  );
  app.post(
    '/xero/disconnect/',
    { config: { access: XERO_ACCESS }, schema: { tags, response: { 200: envelope(XeroStatusSchema) } } },
    async (request) => ({ data: await disconnectXero(deps, ctxOf(request).user) }),
  );
}

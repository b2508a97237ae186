import { AUTHENTICATED, AuditEntrySchema, AuditQuerySchema, listEnvelope } from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { AuditService } from './audit.service.ts';

export async function auditRoutes(app: App, { audit }: { audit: AuditService }) {
  // Signed-in users reach the route; the service then applies the rule registered for the entity.
  app.get(
    '/audit/',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['audit'],
        querystring: AuditQuerySchema,
        response: { 200: listEnvelope(AuditEntrySchema) },
      },
    },
    async (request) => audit.list(ctxOf(request), request.query),
  );
}

import { envelope, XERO_ACCESS, XeroRecordParamsSchema, XeroRecordStatusSchema } from '@app/shared';
import type { App } from '../../platform/types.ts';
import type { XeroDeps } from './xero.deps.ts';
import { getXeroRecordStatus } from './xero-records.service.ts';

/** Where one record stands in Xero (pushed, when, Xero's id, or the error), for its page. */
export async function xeroRecordsRoutes(app: App, deps: XeroDeps): Promise<void> {
  app.get(
    '/xero/records/:kind/:id/',
    {
      config: { access: XERO_ACCESS },
      schema: {
        tags: ['xero'],
        params: XeroRecordParamsSchema,
        response: { 200: envelope(XeroRecordStatusSchema) },
      },
    },
    async (request) => ({ data: await getXeroRecordStatus(deps.db, request.params.kind, request.params.id) }),
  );
}

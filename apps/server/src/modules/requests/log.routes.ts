import {
  ConfirmLogBodySchema,
  CorrectionLogBodySchema,
  envelope,
  IdParamsSchema,
  LOG_READ_ACCESS,
  LOG_REVIEW_ACCESS,
  LOG_SUBMIT_ACCESS,
  LogListQuerySchema,
  LogRecordDetailSchema,
  LogRecordSchema,
  listEnvelope,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { LogService } from './log.service.ts';

const tags = ['requests: LOG'];

/** The LOG hand-over to accounting (API.md "LOG"). */
export async function logRoutes(app: App, { log }: { log: LogService }) {
  app.post(
    '/requests/:id/submit/',
    {
      config: { access: LOG_SUBMIT_ACCESS },
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(LogRecordDetailSchema) } },
    },
    async (request) => ({ data: await log.submit(ctxOf(request), request.params.id) }),
  );

  app.get(
    '/log/',
    {
      config: { access: LOG_READ_ACCESS },
      schema: { tags, querystring: LogListQuerySchema, response: { 200: listEnvelope(LogRecordSchema) } },
    },
    async (request) => log.list(request.query),
  );

  app.get(
    '/log/:id/',
    {
      config: { access: LOG_READ_ACCESS },
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(LogRecordDetailSchema) } },
    },
    async (request) => ({ data: await log.get(request.params.id) }),
  );

  app.post(
    '/log/:id/confirm/',
    {
      config: { access: LOG_REVIEW_ACCESS },
      schema: {
        tags,
        params: IdParamsSchema,
        body: ConfirmLogBodySchema,
        response: { 200: envelope(LogRecordDetailSchema) },
      },
    },
    async (request) => ({ data: await log.confirm(ctxOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/log/:id/correction/',
    {
      config: { access: LOG_REVIEW_ACCESS },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CorrectionLogBodySchema,
        response: { 200: envelope(LogRecordDetailSchema) },
      },
    },
    async (request) => ({ data: await log.correction(ctxOf(request), request.params.id, request.body) }),
  );
}

import {
  CancelRequestBodySchema,
  CreateRequestBodySchema,
  CreateRequestLineBodySchema,
  DeadlineListItemSchema,
  DeadlineListQuerySchema,
  envelope,
  IdParamsSchema,
  listEnvelope,
  REQUESTS_READ_ACCESS,
  REQUESTS_ROUTE_WRITE_ACCESS,
  RequestExportQuerySchema,
  RequestLineParamsSchema,
  RequestLineStatusBodySchema,
  RequestListQuerySchema,
  RequestRecordSchema,
  requestListEnvelope,
  UpdateRequestBodySchema,
  UpdateRequestLineBodySchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import { CONTENT_TYPES, openExportStream } from '../../platform/export-writers.ts';
import type { App } from '../../platform/types.ts';
import { requestsExportTable } from './requests.export.ts';
import type { RequestsService } from './requests.service.ts';

const tags = ['requests'];
const read = { access: REQUESTS_READ_ACCESS };
/** Let in every role that writes some kind of request; the service checks the request's kind. */
const write = { access: REQUESTS_ROUTE_WRITE_ACCESS };
const record = { 200: envelope(RequestRecordSchema) };

export async function requestsRoutes(app: App, { requests }: { requests: RequestsService }) {
  app.get(
    '/requests/',
    {
      config: read,
      schema: { tags, querystring: RequestListQuerySchema, response: { 200: requestListEnvelope } },
    },
    async (request) => requests.list(request.query),
  );

  app.get(
    '/requests/export/',
    {
      config: read,
      schema: {
        tags,
        querystring: RequestExportQuerySchema,
        produces: [CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
      },
    },
    async (request, reply) => {
      const query = request.query;
      // Awaited before any header: a failing first page is an error answer, not a cut download.
      const stream = await openExportStream(requestsExportTable(requests, query), query.format, (err) =>
        request.log.error({ err, area: 'requests' }, 'export failed'),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', CONTENT_TYPES[query.format])
        .header('Content-Disposition', `attachment; filename="requests-${day}.${query.format}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/requests/',
    {
      config: write,
      schema: { tags, body: CreateRequestBodySchema, response: { 201: envelope(RequestRecordSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await requests.create(ctxOf(request), request.body) }),
  );

  app.get(
    '/requests/:id/',
    { config: read, schema: { tags, params: IdParamsSchema, response: record } },
    async (request) => ({ data: await requests.get(request.params.id) }),
  );

  app.patch(
    '/requests/:id/',
    {
      config: write,
      schema: { tags, params: IdParamsSchema, body: UpdateRequestBodySchema, response: record },
    },
    async (request) => ({ data: await requests.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/requests/:id/',
    { config: write, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await requests.remove(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/requests/:id/cancel/',
    {
      config: write,
      schema: { tags, params: IdParamsSchema, body: CancelRequestBodySchema, response: record },
    },
    async (request) => ({ data: await requests.cancel(ctxOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/requests/:id/lines/',
    {
      config: write,
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreateRequestLineBodySchema,
        response: { 201: envelope(RequestRecordSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await requests.addLine(ctxOf(request), request.params.id, request.body) }),
  );

  app.patch(
    '/requests/:id/lines/:lineId/',
    {
      config: write,
      schema: { tags, params: RequestLineParamsSchema, body: UpdateRequestLineBodySchema, response: record },
    },
    async (request) => ({
      data: await requests.updateLine(ctxOf(request), request.params.id, request.params.lineId, request.body),
    }),
  );

  app.delete(
    '/requests/:id/lines/:lineId/',
    { config: write, schema: { tags, params: RequestLineParamsSchema } },
    async (request, reply) => {
      await requests.removeLine(ctxOf(request), request.params.id, request.params.lineId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/requests/:id/lines/:lineId/status/',
    {
      config: write,
      schema: { tags, params: RequestLineParamsSchema, body: RequestLineStatusBodySchema, response: record },
    },
    async (request) => ({
      data: await requests.setLineStatus(
        ctxOf(request),
        request.params.id,
        request.params.lineId,
        request.body,
      ),
    }),
  );

  app.get(
    '/deadlines/',
    {
      config: read,
      schema: {
        tags: ['deadlines'],
        querystring: DeadlineListQuerySchema,
        response: { 200: listEnvelope(DeadlineListItemSchema) },
      },
    },
    async (request) => requests.deadlines(request.query),
  );
}

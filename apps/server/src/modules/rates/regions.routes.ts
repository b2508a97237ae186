import {
  AUTHENTICATED,
  envelope,
  IdParamsSchema,
  listEnvelope,
  REGIONS_WRITE_ACCESS,
  RegionBodySchema,
  RegionListQuerySchema,
  RegionSchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { RegionsService } from './regions.service.ts';

const tags = ['regions'];
const write = { access: REGIONS_WRITE_ACCESS };

export async function regionsRoutes(app: App, { regions }: { regions: RegionsService }) {
  app.get(
    '/region/',
    {
      config: { access: AUTHENTICATED },
      schema: { tags, querystring: RegionListQuerySchema, response: { 200: listEnvelope(RegionSchema) } },
    },
    async (request) => regions.list(request.query),
  );

  app.post(
    '/region/',
    { config: write, schema: { tags, body: RegionBodySchema, response: { 201: envelope(RegionSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await regions.create(ctxOf(request), request.body) }),
  );

  app.put(
    '/region/:id/',
    {
      config: write,
      schema: {
        tags,
        params: IdParamsSchema,
        body: RegionBodySchema,
        response: { 200: envelope(RegionSchema) },
      },
    },
    async (request) => ({ data: await regions.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/region/:id/',
    { config: write, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await regions.delete(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

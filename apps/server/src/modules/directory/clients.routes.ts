import {
  ClientItemSchema,
  ClientListQuerySchema,
  ClientSchema,
  CreateClientBodySchema,
  DIRECTORY_ACCESS,
  directoryListEnvelope,
  envelope,
  IdParamsSchema,
  UpdateClientBodySchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { ClientsService } from './clients.service.ts';

const read = { access: DIRECTORY_ACCESS.read };
const write = { access: DIRECTORY_ACCESS.writeClientsSuppliers };
const tags = ['directory: clients'];

export async function clientsRoutes(app: App, { clients }: { clients: ClientsService }) {
  app.get(
    '/clients/',
    {
      config: read,
      schema: {
        tags,
        querystring: ClientListQuerySchema,
        response: { 200: directoryListEnvelope(z.union([ClientSchema, ClientItemSchema])) },
      },
    },
    async (request) => clients.list(request.query),
  );

  app.post(
    '/clients/',
    {
      config: write,
      schema: { tags, body: CreateClientBodySchema, response: { 201: envelope(ClientSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await clients.create(ctxOf(request), request.body) }),
  );

  app.get(
    '/clients/:id/',
    { config: read, schema: { tags, params: IdParamsSchema, response: { 200: envelope(ClientSchema) } } },
    async (request) => ({ data: await clients.get(request.params.id) }),
  );

  app.patch(
    '/clients/:id/',
    {
      config: write,
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateClientBodySchema,
        response: { 200: envelope(ClientSchema) },
      },
    },
    async (request) => ({ data: await clients.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/clients/:id/archive/',
    { config: write, schema: { tags, params: IdParamsSchema, response: { 200: envelope(ClientSchema) } } },
    async (request) => ({ data: await clients.setArchived(ctxOf(request), request.params.id, true) }),
  );

  app.post(
    '/clients/:id/unarchive/',
    { config: write, schema: { tags, params: IdParamsSchema, response: { 200: envelope(ClientSchema) } } },
    async (request) => ({ data: await clients.setArchived(ctxOf(request), request.params.id, false) }),
  );
}

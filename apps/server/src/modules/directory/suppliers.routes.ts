import {
  CreateSupplierBodySchema,
  DIRECTORY_ACCESS,
  directoryListEnvelope,
  envelope,
  IdParamsSchema,
  SupplierItemSchema,
  SupplierListQuerySchema,
  SupplierSchema,
  SupplierTypeItemSchema,
  SupplierTypesQuerySchema,
  UpdateSupplierBodySchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { SuppliersService } from './suppliers.service.ts';

const read = { access: DIRECTORY_ACCESS.read };
const write = { access: DIRECTORY_ACCESS.writeClientsSuppliers };
const tags = ['directory: suppliers'];

export async function suppliersRoutes(app: App, { suppliers }: { suppliers: SuppliersService }) {
  app.get(
    '/suppliers/',
    {
      config: read,
      schema: {
        tags,
        querystring: SupplierListQuerySchema,
        response: { 200: directoryListEnvelope(z.union([SupplierSchema, SupplierItemSchema])) },
      },
    },
    async (request) => suppliers.list(request.query),
  );

  app.get(
    '/suppliers/tags/',
    { config: read, schema: { tags, response: { 200: envelope(z.array(z.string())) } } },
    async () => ({ data: await suppliers.tags() }),
  );

  app.get(
    '/supplier_types/',
    {
      config: read,
      schema: {
        tags,
        querystring: SupplierTypesQuerySchema,
        response: { 200: envelope(z.array(SupplierTypeItemSchema)) },
      },
    },
    async (request) => ({ data: suppliers.types(request.query) }),
  );

  app.post(
    '/suppliers/',
    {
      config: write,
      schema: { tags, body: CreateSupplierBodySchema, response: { 201: envelope(SupplierSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await suppliers.create(ctxOf(request), request.body) }),
  );

  app.get(
    '/suppliers/:id/',
    { config: read, schema: { tags, params: IdParamsSchema, response: { 200: envelope(SupplierSchema) } } },
    async (request) => ({ data: await suppliers.get(request.params.id) }),
  );

  app.patch(
    '/suppliers/:id/',
    {
      config: write,
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateSupplierBodySchema,
        response: { 200: envelope(SupplierSchema) },
      },
    },
    async (request) => ({ data: await suppliers.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/suppliers/:id/archive/',
    { config: write, schema: { tags, params: IdParamsSchema, response: { 200: envelope(SupplierSchema) } } },
    async (request) => ({ data: await suppliers.setArchived(ctxOf(request), request.params.id, true) }),
  );

  app.post(
    '/suppliers/:id/unarchive/',
    { config: write, schema: { tags, params: IdParamsSchema, response: { 200: envelope(SupplierSchema) } } },
    async (request) => ({ data: await suppliers.setArchived(ctxOf(request), request.params.id, false) }),
  );
}

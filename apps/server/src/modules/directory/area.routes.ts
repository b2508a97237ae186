import type { Access } from '@app/shared';
import { directoryListEnvelope, envelope, IdParamsSchema } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import type { App } from '../../platform/types.ts';

/** What an editable directory area offers: a picker-capable list, one record, create, update, archive. */
export interface AreaService<Q, C, U, R, I> {
  list(query: Q): Promise<{
    data: Array<R | I>;
    meta: { total: number; limit: number; offset: number; total_estimated: boolean };
  }>;
  get(id: number): Promise<R>;
  create(ctx: Ctx, body: C): Promise<R>;
  update(ctx: Ctx, id: number, body: U): Promise<R>;
  setArchived(ctx: Ctx, id: number, archived: boolean): Promise<R>;
}

export interface AreaRoutes<
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  R extends z.ZodType,
  I extends z.ZodType,
> {
  /** Collection path under /api/v1, e.g. `/banks/`. */
  path: string;
  tags: string[];
  read: Access;
  write: Access;
  schemas: { query: Q; record: R; item: I; create: C; update: U };
  service: AreaService<z.output<Q>, z.output<C>, z.output<U>, z.output<R>, z.output<I>>;
}

/** The routes of a directory area: `path`, `path/{id}/`, `path/{id}/archive/` and `path/{id}/unarchive/`. */
export function areaRoutes<
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  R extends z.ZodType,
  I extends z.ZodType,
>(app: App, area: AreaRoutes<Q, C, U, R, I>): void {
  const { path, tags, schemas, service } = area;
  // The area's service is typed against its schemas above; generic handlers cannot be checked
  // by the zod type provider, so the routes are declared on the untyped instance.
  const api = app as unknown as FastifyInstance;
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  const read = { access: area.read };
  const write = { access: area.write };
  const one = { 200: envelope(schemas.record) };

  api.get(
    path,
    {
      config: read,
      schema: {
        tags,
        querystring: schemas.query,
        response: { 200: directoryListEnvelope(z.union([schemas.record, schemas.item])) },
      },
    },
    async (request) => service.list(request.query as z.output<Q>),
  );
  api.post(
    path,
    { config: write, schema: { tags, body: schemas.create, response: { 201: envelope(schemas.record) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await service.create(ctxOf(request), request.body as z.output<C>) }),
  );
  api.get(
    `${path}:id/`,
    { config: read, schema: { tags, params: IdParamsSchema, response: one } },
    async (request) => ({
      data: await service.get(idOf(request)),
    }),
  );
  api.patch(
    `${path}:id/`,
    { config: write, schema: { tags, params: IdParamsSchema, body: schemas.update, response: one } },
    async (request) => ({
      data: await service.update(ctxOf(request), idOf(request), request.body as z.output<U>),
    }),
  );
  api.post(
    `${path}:id/archive/`,
    { config: write, schema: { tags, params: IdParamsSchema, response: one } },
    async (request) => ({
      data: await service.setArchived(ctxOf(request), idOf(request), true),
    }),
  );
  api.post(
    `${path}:id/unarchive/`,
    { config: write, schema: { tags, params: IdParamsSchema, response: one } },
    async (request) => ({
      data: await service.setArchived(ctxOf(request), idOf(request), false),
    }),
  );
}

import {
  ACCOUNTING_ACCESS,
  AllocationBodySchema,
  AllocationListQuerySchema,
  AllocationPreviewSchema,
  AllocationSchema,
  allocationListEnvelope,
  ClientBalanceSchema,
  envelope,
  IdParamsSchema,
  SuggestionSchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { ALLOCATION_ENTITY, createAllocationsService } from './allocations.service.ts';
import { createBalancesService } from './balances.service.ts';
import { createSuggestionsService } from './suggestions.service.ts';

const tags = ['matching'];
const access = { access: ACCOUNTING_ACCESS };

/** Matching (decision 0011): allocations, their preview, suggestions and client balances. */
export async function allocationsRoutes(app: App, core: Core): Promise<void> {
  auditRegistry.register(ALLOCATION_ENTITY, ACCOUNTING_ACCESS);
  // the bank line's history shows what matching moved (the transactions routes register it too)
  const rates = createRatesService({ db: core.db });
  const allocations = createAllocationsService({ db: core.db, rates });
  const suggestions = createSuggestionsService({ db: core.db, rates });
  const balances = createBalancesService({ db: core.db });

  app.get(
    '/allocations/',
    {
      config: access,
      schema: { tags, querystring: AllocationListQuerySchema, response: { 200: allocationListEnvelope } },
    },
    async (request) => allocations.list(request.query),
  );

  app.post(
    '/allocations/',
    {
      config: access,
      schema: { tags, body: AllocationBodySchema, response: { 201: envelope(AllocationSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await allocations.create(ctxOf(request), request.body) }),
  );

  app.post(
    '/allocations/preview/',
    {
      config: access,
      schema: { tags, body: AllocationBodySchema, response: { 200: envelope(AllocationPreviewSchema) } },
    },
    async (request) => ({ data: await allocations.preview(request.body) }),
  );

  app.get(
    '/allocations/:id/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(AllocationSchema) } },
    },
    async (request) => ({ data: await allocations.get(request.params.id) }),
  );

  app.delete(
    '/allocations/:id/',
    { config: access, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await allocations.remove(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/transactions/:id/suggestions/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(z.array(SuggestionSchema)) } },
    },
    async (request) => ({ data: await suggestions.forTransaction(request.params.id) }),
  );

  app.get(
    '/clients/:id/balance/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(ClientBalanceSchema) } },
    },
    async (request) => ({ data: await balances.get(request.params.id) }),
  );
}

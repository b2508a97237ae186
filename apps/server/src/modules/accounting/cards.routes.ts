import {
  ACCOUNTING_ACCESS,
  CardListQuerySchema,
  CardSchema,
  CreateCardBodySchema,
  directoryListEnvelope,
  envelope,
  IdParamsSchema,
  UpdateCardBodySchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { CARD_ENTITY, createCardsService } from './cards.service.ts';

const tags = ['bank-cards'];
const access = { access: ACCOUNTING_ACCESS };
const record = envelope(CardSchema);

/**
 * Bank cards: only the last four digits are kept (decision 0010). The body's `number` is redacted
 * from the log (platform/logging.ts) and goes no further than the service's `create`.
 */
export async function cardsRoutes(app: App, core: Core): Promise<void> {
  auditRegistry.register(CARD_ENTITY, ACCOUNTING_ACCESS);
  const cards = createCardsService({ db: core.db });

  app.get(
    '/bank-cards/',
    {
      config: access,
      schema: {
        tags,
        querystring: CardListQuerySchema,
        response: { 200: directoryListEnvelope(CardSchema) },
      },
    },
    async (request) => cards.list(request.query),
  );

  app.post(
    '/bank-cards/',
    { config: access, schema: { tags, body: CreateCardBodySchema, response: { 201: record } } },
    async (request, reply) =>
      reply.status(201).send({ data: await cards.create(ctxOf(request), request.body) }),
  );

  app.get(
    '/bank-cards/:id/',
    { config: access, schema: { tags, params: IdParamsSchema, response: { 200: record } } },
    async (request) => ({ data: await cards.get(request.params.id) }),
  );

  app.patch(
    '/bank-cards/:id/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, body: UpdateCardBodySchema, response: { 200: record } },
    },
    async (request) => ({ data: await cards.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/bank-cards/:id/',
    { config: access, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await cards.archive(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/bank-cards/:id/unarchive/',
    { config: access, schema: { tags, params: IdParamsSchema, response: { 200: record } } },
    async (request) => ({ data: await cards.unarchive(ctxOf(request), request.params.id) }),
  );
}

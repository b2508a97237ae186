import {
  ACCOUNTING_ACCESS,
  envelope,
  IdParamsSchema,
  TransactionBodySchema,
  TransactionListQuerySchema,
  TransactionSchema,
  TransferBodySchema,
  TransferSchema,
  transactionListEnvelope,
  UpdateTransactionBodySchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { createTransactionsService, TRANSACTION_ENTITY } from './transactions.service.ts';

const tags = ['transactions'];
const access = { access: ACCOUNTING_ACCESS };
const record = { 200: envelope(TransactionSchema) };

/** Bank transactions and transfers (decision 0011): Admin and Accountant. */
export async function transactionsRoutes(app: App, core: Core): Promise<void> {
  auditRegistry.register(TRANSACTION_ENTITY, ACCOUNTING_ACCESS);
  const transactions = createTransactionsService({ db: core.db });

  app.get(
    '/transactions/',
    {
      config: access,
      schema: { tags, querystring: TransactionListQuerySchema, response: { 200: transactionListEnvelope } },
    },
    async (request) => transactions.list(request.query),
  );

  app.post(
    '/transactions/',
    {
      config: access,
      schema: { tags, body: TransactionBodySchema, response: { 201: envelope(TransactionSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await transactions.create(ctxOf(request), request.body) }),
  );

  app.get(
    '/transactions/:id/',
    { config: access, schema: { tags, params: IdParamsSchema, response: record } },
    async (request) => ({ data: await transactions.get(request.params.id) }),
  );

  app.patch(
    '/transactions/:id/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, body: UpdateTransactionBodySchema, response: record },
    },
    async (request) => ({
      data: await transactions.update(ctxOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/transactions/:id/',
    { config: access, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await transactions.remove(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/transfers/',
    {
      config: access,
      schema: { tags, body: TransferBodySchema, response: { 201: envelope(TransferSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await transactions.transfer(ctxOf(request), request.body) }),
  );
}

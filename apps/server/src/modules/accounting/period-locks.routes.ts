import {
  ACCOUNTING_ACCESS,
  envelope,
  PERIOD_REOPEN_ACCESS,
  PeriodLockBodySchema,
  PeriodLockListQuerySchema,
  PeriodLockParamsSchema,
  PeriodLockSchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { createPeriodLocksService, PERIOD_LOCK_ENTITY } from './period-locks.service.ts';

const tags = ['period-locks'];
const record = envelope(PeriodLockSchema);

/** Closed months (decision 0011): Accountant and Admin close, only an Admin reopens. */
export async function periodLocksRoutes(app: App, core: Core): Promise<void> {
  auditRegistry.register(PERIOD_LOCK_ENTITY, ACCOUNTING_ACCESS);
  const locks = createPeriodLocksService({ db: core.db });

  app.get(
    '/period-locks/',
    {
      config: { access: ACCOUNTING_ACCESS },
      schema: {
        tags,
        querystring: PeriodLockListQuerySchema,
        response: { 200: envelope(z.array(PeriodLockSchema)) },
      },
    },
    async (request) => ({ data: await locks.list(request.query) }),
  );

  app.post(
    '/period-locks/',
    {
      config: { access: ACCOUNTING_ACCESS },
      schema: { tags, body: PeriodLockBodySchema, response: { 201: record } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await locks.close(ctxOf(request), request.body) }),
  );

  app.delete(
    '/period-locks/:company/:month/',
    {
      config: { access: PERIOD_REOPEN_ACCESS },
      schema: { tags, params: PeriodLockParamsSchema, response: { 200: record } },
    },
    async (request) => ({
      data: await locks.reopen(ctxOf(request), request.params.company, request.params.month),
    }),
  );
}

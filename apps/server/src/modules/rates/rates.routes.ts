import {
  AUTHENTICATED,
  CreateExchangeRateBodySchema,
  CreateRateSetBodySchema,
  CurrencyRecordSchema,
  CurrentRatesSchema,
  envelope,
  IdParamsSchema,
  LastRateQuerySchema,
  ListQuerySchema,
  listEnvelope,
  OnDateQuerySchema,
  PairParamsSchema,
  PairRateQuerySchema,
  RATES_WRITE_ACCESS,
  RateRecordSchema,
  RateSetListQuerySchema,
  RateSetSchema,
  ResolvedRateSchema,
  UpdateExchangeRateBodySchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { RatesService } from './rates.service.ts';

const read = { access: AUTHENTICATED };
const write = { access: RATES_WRITE_ACCESS };
const tags = ['rates'];
const CurrencyQuery = z.object({ search: ListQuerySchema.shape.search });

export async function ratesRoutes(app: App, { rates }: { rates: RatesService }) {
  app.get(
    '/currencies/',
    {
      config: read,
      schema: {
        tags,
        querystring: CurrencyQuery,
        response: { 200: envelope(z.array(CurrencyRecordSchema)) },
      },
    },
    async (request) => ({ data: await rates.listCurrencies(request.query.search) }),
  );

  app.get(
    '/rates/',
    {
      config: read,
      schema: { tags, querystring: RateSetListQuerySchema, response: { 200: listEnvelope(RateSetSchema) } },
    },
    async (request) => rates.listSets(request.query),
  );

  app.post(
    '/rates/',
    {
      config: write,
      schema: { tags, body: CreateRateSetBodySchema, response: { 201: envelope(RateSetSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await rates.createSet(ctxOf(request), request.body) }),
  );

  app.get(
    '/rates/on-date/',
    {
      config: read,
      schema: { tags, querystring: OnDateQuerySchema, response: { 200: envelope(RateSetSchema.nullable()) } },
    },
    async (request) => ({ data: await rates.onDate(request.query.date) }),
  );

  app.get(
    '/exchange-rates/get-latest-rate/',
    { config: read, schema: { tags, response: { 200: envelope(CurrentRatesSchema.nullable()) } } },
    async () => ({ data: await rates.current() }),
  );

  app.get(
    '/exchange-rates/get-last-rate/',
    {
      config: read,
      schema: {
        tags,
        querystring: LastRateQuerySchema,
        response: { 200: envelope(RateRecordSchema.nullable()) },
      },
    },
    async (request) => ({ data: await rates.lastRate(request.query) }),
  );

  app.get(
    '/exchange-rates/:a/:b/',
    {
      config: read,
      schema: {
        tags,
        params: PairParamsSchema,
        querystring: PairRateQuerySchema,
        response: { 200: envelope(ResolvedRateSchema) },
      },
    },
    async (request) => ({ data: await rates.pairRate(request.params.a, request.params.b, request.query) }),
  );

  app.post(
    '/exchange-rates/',
    {
      config: write,
      schema: { tags, body: CreateExchangeRateBodySchema, response: { 201: envelope(RateRecordSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await rates.createRate(ctxOf(request), request.body) }),
  );

  app.patch(
    '/exchange-rates/:id/',
    {
      config: write,
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateExchangeRateBodySchema,
        response: { 200: envelope(RateRecordSchema) },
      },
    },
    async (request) => ({ data: await rates.updateRate(ctxOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/exchange-rates/:id/',
    { config: write, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await rates.deleteRate(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

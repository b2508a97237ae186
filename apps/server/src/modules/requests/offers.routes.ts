import {
  CreateHotelOfferBodySchema,
  envelope,
  HOTEL_OFFERS_READ_ACCESS,
  HOTEL_OFFERS_WRITE_ACCESS,
  HotelOfferParamsSchema,
  HotelOfferSchema,
  HotelOffersTextSchema,
  IdParamsSchema,
  SendHotelOffersBodySchema,
  UpdateHotelOfferBodySchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { OffersService } from './offers.service.ts';

const tags = ['requests: hotel offers'];
const write = { access: HOTEL_OFFERS_WRITE_ACCESS };

/** Hotel offers of a request (API.md "Offers"). */
export async function offersRoutes(app: App, { offers }: { offers: OffersService }) {
  app.get(
    '/requests/:id/offers/',
    {
      config: { access: HOTEL_OFFERS_READ_ACCESS },
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(z.array(HotelOfferSchema)) } },
    },
    async (request) => ({ data: await offers.list(request.params.id) }),
  );

  app.post(
    '/requests/:id/offers/',
    {
      config: write,
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreateHotelOfferBodySchema,
        response: { 201: envelope(HotelOfferSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await offers.create(ctxOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/requests/:id/offers/send/',
    {
      config: write,
      schema: {
        tags,
        description:
          'Text answers `{data: {text}}`, a ready-to-paste message; Presentation answers the PDF (application/pdf).',
        params: IdParamsSchema,
        body: SendHotelOffersBodySchema,
        produces: ['application/json', 'application/pdf'],
        response: { 200: envelope(HotelOffersTextSchema) },
      },
    },
    async (request, reply) => {
      const sent = await offers.send(ctxOf(request), request.params.id, request.body);
      if (sent.form === 'Text') return { data: { text: sent.text } };
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${sent.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(sent.pdf as never); // bytes, not the JSON the schema describes: sent as they are
    },
  );

  app.patch(
    '/requests/:id/offers/:offerId/',
    {
      config: write,
      schema: {
        tags,
        params: HotelOfferParamsSchema,
        body: UpdateHotelOfferBodySchema,
        response: { 200: envelope(HotelOfferSchema) },
      },
    },
    async (request) => ({
      data: await offers.update(ctxOf(request), request.params.id, request.params.offerId, request.body),
    }),
  );

  app.delete(
    '/requests/:id/offers/:offerId/',
    { config: write, schema: { tags, params: HotelOfferParamsSchema } },
    async (request, reply) => {
      await offers.remove(ctxOf(request), request.params.id, request.params.offerId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/requests/:id/offers/:offerId/choose/',
    {
      config: write,
      schema: { tags, params: HotelOfferParamsSchema, response: { 200: envelope(HotelOfferSchema) } },
    },
    async (request) => ({
      data: await offers.choose(ctxOf(request), request.params.id, request.params.offerId),
    }),
  );
}

import { z } from 'zod';
import { DecimalString } from '../api/envelope.ts';
import { optionalNumber, StaffRefSchema, versionField } from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import {
  dateField,
  decimalField,
  enumField,
  idField,
  optionalString,
  queryIdField,
  requiredString,
  uniqueArray,
} from '../validation/fields.schemas.ts';
import { MESSAGES, maxValueMessage } from '../validation/messages.ts';
import { CANCELLATION_POLICIES, OFFER_FORMS, ROOM_MEALS, ROOM_TYPES } from '../value-lists.ts';

/** Options BO may collect for one request, and that one presentation may carry. */
export const HOTEL_OFFERS_MAX = 30;
export const HOTEL_OFFERS_SEND_MAX = 12;

const offerMoney = () => decimalField({ scale: 2, min: '0.01', max: '999999999999.99' });

const offerFields = {
  hotel_name: requiredString(200),
  room_type: enumField(ROOM_TYPES),
  meal: enumField(ROOM_MEALS),
  cancellation_policy: enumField(CANCELLATION_POLICIES),
  supplier_id: idField(),
  date_from: dateField(),
  date_to: dateField(),
  pax: optionalNumber({ int: true, min: 1, max: 999 }),
  /** What the supplier charges, in its currency. */
  cost: offerMoney(),
  cost_currency: enumField(RATE_CURRENCIES),
  /** What the client is offered, in the client's currency. */
  price: offerMoney(),
  price_currency: enumField(RATE_CURRENCIES),
  notes: optionalString(2000, { multiline: true }),
};

function offerDates(
  o: { date_from?: string | undefined; date_to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (o.date_from && o.date_to && o.date_to < o.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: MESSAGES.invalidValue });
}

/** `POST requests/{id}/offers/` */
export const CreateHotelOfferBodySchema = z.strictObject(offerFields).superRefine(offerDates);
export type CreateHotelOfferBody = z.infer<typeof CreateHotelOfferBodySchema>;

/** `PATCH requests/{id}/offers/{offerId}/`: any fields, and the version the editor loaded. */
export const UpdateHotelOfferBodySchema = z
  .strictObject({ ...z.object(offerFields).partial().shape, version: versionField() })
  .superRefine(offerDates);
export type UpdateHotelOfferBody = z.infer<typeof UpdateHotelOfferBodySchema>;

/** `POST requests/{id}/offers/send/`: the options to send, as a message or as a PDF. */
export const SendHotelOffersBodySchema = z.strictObject({
  form: enumField(OFFER_FORMS),
  offers: uniqueArray(idField())
    .min(1, MESSAGES.required)
    .max(HOTEL_OFFERS_SEND_MAX, maxValueMessage(HOTEL_OFFERS_SEND_MAX)),
});
export type SendHotelOffersBody = z.infer<typeof SendHotelOffersBodySchema>;

/** The answer of `send` with `form: 'Text'`: a ready-to-paste message. */
export const HotelOffersTextSchema = z.object({ text: z.string() });
export type HotelOffersText = z.infer<typeof HotelOffersTextSchema>;

export const HotelOfferParamsSchema = z.object({ id: queryIdField(), offerId: queryIdField() });

export const HotelOfferSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  position: z.number().int(),
  hotel_name: z.string(),
  room_type: z.enum(ROOM_TYPES),
  meal: z.enum(ROOM_MEALS),
  cancellation_policy: z.enum(CANCELLATION_POLICIES),
  supplier: z.object({ id: z.number().int(), name: z.string() }),
  date_from: z.string(),
  date_to: z.string(),
  nights: z.number().int(),
  pax: z.number().int().nullable(),
  cost: DecimalString,
  cost_currency: z.enum(RATE_CURRENCIES),
  price: DecimalString,
  price_currency: z.enum(RATE_CURRENCIES),
  notes: z.string().nullable(),
  /** The service line this offer became when the client chose it; null until then. */
  line_id: z.number().int().nullable(),
  /** When it was last sent to the client (Text or Presentation). */
  sent_at: z.string().nullable(),
  created_by: StaffRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type HotelOffer = z.infer<typeof HotelOfferSchema>;

/** Business-rule messages of hotel offers. */
export const HOTEL_OFFER_MESSAGES = {
  alreadyChosen: 'This offer has already been chosen and is a service line of the request',
  chosenLocked: 'A chosen offer cannot be changed or deleted; change its service line instead',
  serviceRequestsOnly: 'Hotel offers belong to service requests, not to accounting requests',
  tooMany: `A request holds at most ${HOTEL_OFFERS_MAX} hotel offers`,
} as const;

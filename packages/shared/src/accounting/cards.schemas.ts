import { z } from 'zod';
import { DecimalString, ListQuerySchema } from '../api/envelope.ts';
import { CompanyRefSchema } from '../directory/banks.schemas.ts';
import { ArchivedQuery, orderingQuery, orderingsOf, versionField } from '../directory/common.schemas.ts';
import { RATE_CURRENCIES } from '../rates/currencies.ts';
import {
  cardNumberField,
  decimalField,
  enumField,
  idField,
  queryIdField,
  requiredString,
} from '../validation/fields.schemas.ts';
import { MESSAGES } from '../validation/messages.ts';
import { DOCUMENT_MONEY_MAX } from './accounting.common.ts';

export const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** `MM/YY`, e.g. `09/28`. Whether it lies in the past is checked by the server against today. */
export const CARD_EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/\d{2}$/;
const expiryField = () =>
  z
    .string({ error: () => MESSAGES.invalidValue })
    .trim()
    .regex(CARD_EXPIRY_PATTERN, MESSAGES.invalidValue);
const limitField = () =>
  z
    .preprocess(
      (v) => (v === '' ? null : v),
      decimalField({ scale: 2, min: '0', max: DOCUMENT_MONEY_MAX }).nullable(),
    )
    .optional();

/**
 * `POST bank-cards/`: the full `number` is checked (Luhn: 'Invalid card number') and only its last
 * four digits and brand are kept; it is never stored, logged or echoed.
 */
export const CreateCardBodySchema = z.strictObject({
  bank: idField(),
  holder: requiredString(120),
  number: cardNumberField(),
  expiry: expiryField(),
  limit: limitField(),
});
export type CreateCardBody = z.infer<typeof CreateCardBodySchema>;

/** `PATCH bank-cards/{id}/`: a new number is a new card, so `number` is refused here. */
export const UpdateCardBodySchema = z.strictObject({
  bank: idField().optional(),
  holder: requiredString(120).optional(),
  expiry: expiryField().optional(),
  limit: limitField(),
  version: versionField(),
});
export type UpdateCardBody = z.infer<typeof UpdateCardBodySchema>;

export const CardSchema = z.object({
  id: z.number().int(),
  bank: z.object({
    id: z.number().int(),
    bank_name: z.string(),
    account_number: z.string(),
    type: z.string(),
  }),
  company: CompanyRefSchema,
  currency: z.enum(RATE_CURRENCIES),
  holder: z.string(),
  last_four: z.string(),
  brand: z.enum(CARD_BRANDS),
  /** `MM/YY`. */
  expiry: z.string(),
  expired: z.boolean(),
  limit: DecimalString.nullable(),
  /** Deleted cards are archived: they keep their history and leave the list. */
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Card = z.infer<typeof CardSchema>;

export const CARD_ORDERINGS = orderingsOf(['holder', 'expiry', 'bank']);

/**
 * `GET bank-cards/`: archived (deleted) cards only with `archived=true` or `archived=only`;
 * `search` finds the holder, the bank or the last four digits.
 */
export const CardListQuerySchema = z.object({
  limit: ListQuerySchema.shape.limit,
  offset: ListQuerySchema.shape.offset,
  search: ListQuerySchema.shape.search,
  archived: ArchivedQuery,
  bank: queryIdField().optional(),
  company: queryIdField().optional(),
  currency: enumField(RATE_CURRENCIES).optional(),
  ordering: orderingQuery(CARD_ORDERINGS, 'holder'),
});
export type CardListQuery = z.infer<typeof CardListQuerySchema>;

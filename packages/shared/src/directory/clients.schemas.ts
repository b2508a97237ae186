import { z } from 'zod';
import {
  enumField,
  optionalEmailField,
  optionalString,
  requiredString,
} from '../validation/fields.schemas.ts';
import { MESSAGES, minDateMessage } from '../validation/messages.ts';
import { GENDERS, LANGUAGES, MEMBERSHIPS, RATINGS } from '../value-lists.ts';
import {
  currentValueListQuery,
  directoryFilterShape,
  exportFormatQuery,
  OfficeRefSchema,
  optionalDate,
  optionalEnum,
  optionalNumber,
  optionalRefId,
  orderingsOf,
  PHONE_PATTERN,
  QueryIdList,
  queryList,
  recordMetaShape,
  StaffRefSchema,
  versionField,
} from './common.schemas.ts';

export const MEMBERSHIP_VALUES = MEMBERSHIPS.map((m) => m.value) as unknown as readonly [
  (typeof MEMBERSHIPS)[number]['value'],
  ...(typeof MEMBERSHIPS)[number]['value'][],
];
export const LANGUAGE_VALUES = LANGUAGES.map((l) => l.value) as unknown as readonly [
  (typeof LANGUAGES)[number]['value'],
  ...(typeof LANGUAGES)[number]['value'][],
];

export const MembershipSchema = z.enum(MEMBERSHIP_VALUES);
export const LanguageSchema = z.enum(LANGUAGE_VALUES);
export const GenderSchema = z.enum(GENDERS);
export const RatingSchema = z.enum(RATINGS);

/** The rating that marks a client who must not get a new request (DOMAIN.md). */
export const BLACKLISTED_RATING = 'Blacklisted' as const;
export const isBlacklisted = (client: { rating: string | null }): boolean =>
  client.rating === BLACKLISTED_RATING;

/** A client as the record page and the list show it. */
export const ClientSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** "First Last": the display field of pickers (spec section 3, default `named`). */
  named: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_alt: z.string().nullable(),
  gender: GenderSchema.nullable(),
  language: LanguageSchema.nullable(),
  birthday: z.string().nullable(),
  nationality: z.string().nullable(),
  passport_number: z.string().nullable(),
  passport_expiry: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  membership: MembershipSchema.nullable(),
  membership_start: z.string().nullable(),
  membership_end: z.string().nullable(),
  rating: RatingSchema,
  blacklisted: z.boolean(),
  fo_manager: StaffRefSchema.nullable(),
  office: OfficeRefSchema.nullable(),
  /** Days from an invoice's issue to its due date; null: the default (14). */
  payment_terms_days: z.number().int().nullable(),
  notes: z.string().nullable(),
  ...recordMetaShape,
});
export type Client = z.infer<typeof ClientSchema>;

/** The compact picker item (`list=true`). */
export const ClientItemSchema = z.object({
  id: z.number().int(),
  named: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  rating: RatingSchema,
  blacklisted: z.boolean(),
  membership: MembershipSchema.nullable(),
  archived: z.boolean(),
});
export type ClientItem = z.infer<typeof ClientItemSchema>;

const clientFields = {
  first_name: requiredString(100),
  last_name: requiredString(100),
  email: optionalEmailField().nullable(),
  phone: optionalString(40, { pattern: PHONE_PATTERN }).nullable(),
  phone_alt: optionalString(40, { pattern: PHONE_PATTERN }).nullable(),
  gender: optionalEnum(GENDERS),
  language: optionalEnum(LANGUAGE_VALUES),
  birthday: optionalDate({ min: '1900-01-01' }),
  nationality: optionalString(100).nullable(),
  passport_number: optionalString(40).nullable(),
  passport_expiry: optionalDate(),
  address: optionalString(300, { multiline: true }).nullable(),
  city: optionalString(100).nullable(),
  country: optionalString(100).nullable(),
  membership: optionalEnum(MEMBERSHIP_VALUES),
  membership_start: optionalDate(),
  membership_end: optionalDate(),
  /** Basic when not given. */
  rating: enumField(RATINGS).optional(),
  /** A user with the FO role. */
  fo_manager_id: optionalRefId(),
  /** A region (office). */
  office_id: optionalRefId(),
  /** Days from an invoice's issue to its due date (0 to 365); empty: 14 days. */
  payment_terms_days: optionalNumber({ min: 0, max: 365, int: true }),
  notes: optionalString(5000, { multiline: true }).nullable(),
};

/** The plan cannot end before it starts. */
function membershipDatesInOrder(
  value: { membership_start?: string | null; membership_end?: string | null },
  ctx: z.RefinementCtx,
) {
  const { membership_start: start, membership_end: end } = value;
  if (start && end && end < start) {
    ctx.addIssue({ code: 'custom', path: ['membership_end'], message: minDateMessage(start) });
  }
}

export const CreateClientBodySchema = z.strictObject(clientFields).superRefine(membershipDatesInOrder);
export type CreateClientBody = z.infer<typeof CreateClientBodySchema>;

/** Only the fields sent change; `version` is the one the editor loaded (409 when stale). */
export const UpdateClientBodySchema = z
  .strictObject({
    ...clientFields,
    first_name: clientFields.first_name.optional(),
    last_name: clientFields.last_name.optional(),
    version: versionField(),
  })
  .superRefine(membershipDatesInOrder);
export type UpdateClientBody = z.infer<typeof UpdateClientBodySchema>;

export const CLIENT_ORDERINGS = orderingsOf([
  'name',
  'created_at',
  'email',
  'rating',
  'membership_end',
  'id',
]);
export type ClientOrdering = (typeof CLIENT_ORDERINGS)[number];

const clientFilterShape = {
  ...directoryFilterShape(CLIENT_ORDERINGS, 'name'),
  membership: queryList(MembershipSchema).optional(),
  rating: queryList(RatingSchema).optional(),
  language: queryList(LanguageSchema).optional(),
  gender: queryList(GenderSchema).optional(),
  fo_manager: QueryIdList.optional(),
  office: QueryIdList.optional(),
  /** Plans ending within a range (YYYY-MM-DD, inclusive), e.g. renewals due. */
  membership_end_from: z.iso.date({ error: () => MESSAGES.invalidDate }).optional(),
  membership_end_to: z.iso.date({ error: () => MESSAGES.invalidDate }).optional(),
};

/** `GET /clients/`: list filters, sorting, paging and the picker parameters. */
export const ClientListQuerySchema = currentValueListQuery(clientFilterShape);
export type ClientListQuery = z.infer<typeof ClientListQuerySchema>;
export type ClientFilter = Omit<ClientListQuery, 'limit' | 'offset' | 'list' | 'item' | 'exclude' | 'id'>;

/** `GET /clients/export/`: the same filters as the list, no paging. */
export const ClientExportQuerySchema = z.object({ ...clientFilterShape, format: exportFormatQuery });
export type ClientExportQuery = z.infer<typeof ClientExportQuerySchema>;

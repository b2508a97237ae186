import { z } from 'zod';
import { DecimalString, ListQuerySchema } from '../api/envelope.ts';
import { orderingQuery, orderingsOf, StaffRefSchema } from '../directory/common.schemas.ts';
import { DECIMAL_COMMA, dateField, enumField, idField } from '../validation/fields.schemas.ts';
import {
  INPUT_MESSAGES,
  MESSAGES,
  maxDecimalsMessage,
  maxLengthMessage,
  maxValueMessage,
  minValueMessage,
} from '../validation/messages.ts';
import { PAIRS, pairDirection, RATE_CURRENCIES, RATE_SET_SIZE } from './currencies.ts';
import { inverseRecordValues } from './rate-lookup.ts';
import { Dec, sameDecimal } from './rate-math.ts';
import { RATES_MESSAGES } from './rates.messages.ts';

export const CurrencyCodeSchema = enumField(RATE_CURRENCIES);

/** A currency as the spec's records carry it: an object whose `named` is the code. */
export const CurrencyRefSchema = z.object({ named: CurrencyCodeSchema });
export type CurrencyRef = z.infer<typeof CurrencyRefSchema>;
/** On input the reference is exactly `{ named }`, nothing else. */
export const CurrencyRefInputSchema = z.strictObject({ named: CurrencyCodeSchema });

/** `GET /currencies/` items. */
export const CurrencyRecordSchema = z.object({
  id: z.number().int(),
  named: CurrencyCodeSchema,
  title: z.string(),
});
export type CurrencyRecord = z.infer<typeof CurrencyRecordSchema>;

/**
 * Bounds on a rate someone types. The minimum is the smallest positive value with `maxDecimals`
 * places (a rate must be above 0); 10000 keeps 1 / rate at or above 0.0001 once rounded to 4 dp.
 */
export const RATE_LIMITS = { min: '0.000001', max: '10000', maxDecimals: 6, maxLength: 20 } as const;

/**
 * Why a typed rate is refused, as a field message (spec section 5 wording: 'Minimum value
 * 0.000001', 'Maximum value 10000'); null when it is fine. A decimal comma ('1,17') is refused
 * with its own message rather than read as 117; the web turns it into a point before this check.
 */
export function rateValueProblem(value: string): string | null {
  if (value.length === 0) return MESSAGES.required;
  if (value.length > RATE_LIMITS.maxLength) return maxLengthMessage(RATE_LIMITS.maxLength);
  if (DECIMAL_COMMA.test(value)) return INPUT_MESSAGES.decimalComma;
  if (!/^-?\d+(\.\d+)?$/.test(value)) return MESSAGES.onlyNumbers;
  const d = new Dec(value);
  if (d.lessThan(RATE_LIMITS.min)) return minValueMessage(RATE_LIMITS.min);
  if (d.decimalPlaces() > RATE_LIMITS.maxDecimals) return maxDecimalsMessage(RATE_LIMITS.maxDecimals);
  if (d.greaterThan(RATE_LIMITS.max)) return maxValueMessage(RATE_LIMITS.max);
  return null;
}

/**
 * The pair rule: buy must be at least sell, or converting there and back with the pair and its
 * inverse would gain money. Judged only when both values are valid rates (their own messages come
 * first); null when the pair is fine.
 */
export function buySellProblem(sell: string, buy: string): string | null {
  if (rateValueProblem(sell) !== null || rateValueProblem(buy) !== null) return null;
  return new Dec(buy).lessThan(sell) ? RATES_MESSAGES.buyBelowSell : null;
}

/** A rate on input: a decimal string (never a JSON number), positive, bounded. */
export const RateValueSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? MESSAGES.required
        : 'Send the rate as a decimal string, for example "1.2745"',
  })
  .superRefine((value, ctx) => {
    const problem = rateValueProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const IsoInstant = z.string();

/** One exchange rate record (spec section 3). */
export const RateRecordSchema = z.object({
  id: z.number().int(),
  rate_set_id: z.number().int(),
  original_currency: CurrencyRefSchema,
  target_currency: CurrencyRefSchema,
  rate: DecimalString,
  rate_sell: DecimalString,
  rate_buy: DecimalString,
  created_at: IsoInstant,
});
export type RateRecord = z.infer<typeof RateRecordSchema>;

/** A rates data set: one save of the dialog, its records and their shared created_at. */
export const RateSetSchema = z.object({
  id: z.number().int(),
  created_at: IsoInstant,
  created_by: StaffRefSchema.nullable(),
  rates: z.array(RateRecordSchema),
});
export type RateSet = z.infer<typeof RateSetSchema>;

export const PairRefSchema = z.object({
  original_currency: CurrencyRefSchema,
  target_currency: CurrencyRefSchema,
});
export type PairRef = z.infer<typeof PairRefSchema>;

/** The six configured pairs in the shape the current-rate answer carries them. */
export const PAIR_REFS: PairRef[] = PAIRS.map((p) => ({
  original_currency: { named: p.original },
  target_currency: { named: p.target },
}));

/** The current-rate answer (`get-latest-rate`): the newest set plus the configured pairs. */
export const CurrentRatesSchema = RateSetSchema.extend({ pairs: z.array(PairRefSchema) });
export type CurrentRates = z.infer<typeof CurrentRatesSchema>;

/** One entry of the createRates payload (spec section 7). */
export const RateSetEntrySchema = z.strictObject({
  original_currency: CurrencyRefInputSchema,
  target_currency: CurrencyRefInputSchema,
  rate: RateValueSchema,
  rate_sell: RateValueSchema.optional(),
  rate_buy: RateValueSchema.optional(),
});
export type RateSetEntryInput = z.infer<typeof RateSetEntrySchema>;

const SET_SIZE_MESSAGE = `A rate set holds the ${PAIRS.length} pairs and their inverses (${RATE_SET_SIZE} entries)`;

/**
 * The createRates body: for each of the six pairs a direct entry (rate = sell, rate_sell,
 * rate_buy) and an inverse entry (rate = 1 / buy to 4 decimals). Everything must agree, so a set
 * that is stored is always complete and consistent; an inverse entry may omit rate_sell and
 * rate_buy (the spec's dialog sends only rate), and the server derives them. Each direct pair's buy
 * must be at least its sell (`"N.rate_buy": ["Buy must be at least sell"]`).
 */
export const CreateRateSetBodySchema = z
  .array(RateSetEntrySchema, { error: () => SET_SIZE_MESSAGE })
  .min(RATE_SET_SIZE, SET_SIZE_MESSAGE)
  .max(RATE_SET_SIZE, SET_SIZE_MESSAGE)
  .superRefine((entries, ctx) => {
    const seen = new Map<string, number>();
    entries.forEach((entry, i) => {
      const from = entry.original_currency.named;
      const to = entry.target_currency.named;
      const key = `${from}/${to}`;
      if (pairDirection(from, to) === null) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'target_currency'],
          message: `${key} is not a supported pair`,
        });
      } else if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [i, 'target_currency'], message: `${key} appears twice` });
      } else {
        seen.set(key, i);
      }
    });
    for (const { original, target } of PAIRS) {
      const directAt = seen.get(`${original}/${target}`);
      const inverseAt = seen.get(`${target}/${original}`);
      if (directAt === undefined || inverseAt === undefined) {
        const missing = directAt === undefined ? `${original}/${target}` : `${target}/${original}`;
        ctx.addIssue({ code: 'custom', path: [], message: `${missing} is missing. ${SET_SIZE_MESSAGE}` });
        continue;
      }
      const direct = entries[directAt]!;
      const inverse = entries[inverseAt]!;
      if (direct.rate_sell === undefined) {
        ctx.addIssue({ code: 'custom', path: [directAt, 'rate_sell'], message: MESSAGES.required });
      }
      if (direct.rate_buy === undefined) {
        ctx.addIssue({ code: 'custom', path: [directAt, 'rate_buy'], message: MESSAGES.required });
      }
      if (direct.rate_sell === undefined || direct.rate_buy === undefined) continue;
      if (!sameDecimal(direct.rate, direct.rate_sell)) {
        ctx.addIssue({ code: 'custom', path: [directAt, 'rate'], message: 'Must equal rate_sell' });
      }
      const spread = buySellProblem(direct.rate_sell, direct.rate_buy);
      if (spread) ctx.addIssue({ code: 'custom', path: [directAt, 'rate_buy'], message: spread });
      const derived = inverseRecordValues(direct.rate_sell, direct.rate_buy);
      if (derived === null) continue; // the value checks above already refused sell or buy
      if (!sameDecimal(inverse.rate, derived.rate)) {
        ctx.addIssue({
          code: 'custom',
          path: [inverseAt, 'rate'],
          message: `Must be 1 / buy of ${original}/${target} to 4 decimals (${derived.rate})`,
        });
      }
      if (inverse.rate_sell !== undefined && !sameDecimal(inverse.rate_sell, derived.rate_sell)) {
        ctx.addIssue({
          code: 'custom',
          path: [inverseAt, 'rate_sell'],
          message: `Must be ${derived.rate_sell}`,
        });
      }
      if (inverse.rate_buy !== undefined && !sameDecimal(inverse.rate_buy, derived.rate_buy)) {
        ctx.addIssue({
          code: 'custom',
          path: [inverseAt, 'rate_buy'],
          message: `Must be ${derived.rate_buy}`,
        });
      }
    }
  });
export type CreateRateSetBody = z.infer<typeof CreateRateSetBodySchema>;

/**
 * `POST /exchange-rates/`: a new rate for one of the six pairs. rate may be omitted (it is the
 * sell value); if sent it must equal rate_sell.
 */
export const CreateExchangeRateBodySchema = z
  .strictObject({
    original_currency: CurrencyRefInputSchema,
    target_currency: CurrencyRefInputSchema,
    rate: RateValueSchema.optional(),
    rate_sell: RateValueSchema,
    rate_buy: RateValueSchema,
  })
  .superRefine((body, ctx) => {
    const from = body.original_currency.named;
    const to = body.target_currency.named;
    if (pairDirection(from, to) !== 'direct') {
      ctx.addIssue({
        code: 'custom',
        path: ['target_currency'],
        message: `${from}/${to} is not one of the ${PAIRS.length} pairs; inverse rates are derived from them`,
      });
    }
    if (body.rate !== undefined && !sameDecimal(body.rate, body.rate_sell)) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Must equal rate_sell' });
    }
    const spread = buySellProblem(body.rate_sell, body.rate_buy);
    if (spread) ctx.addIssue({ code: 'custom', path: ['rate_buy'], message: spread });
  });
export type CreateExchangeRateBody = z.infer<typeof CreateExchangeRateBodySchema>;

/**
 * `PATCH /exchange-rates/{id}/`: the full record including id, as `GET` gave it. Only rate,
 * rate_sell and rate_buy can change; the other fields must match the stored record.
 */
export const UpdateExchangeRateBodySchema = z
  .strictObject({
    id: idField(),
    rate_set_id: idField().optional(),
    original_currency: CurrencyRefInputSchema,
    target_currency: CurrencyRefInputSchema,
    rate: RateValueSchema,
    rate_sell: RateValueSchema,
    rate_buy: RateValueSchema,
    created_at: z.string().max(40).optional(),
  })
  .superRefine((body, ctx) => {
    if (!sameDecimal(body.rate, body.rate_sell)) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Must equal rate_sell' });
    }
    // Holds for a stored inverse record too (its buy is 1 / sell, its sell 1 / buy).
    const spread = buySellProblem(body.rate_sell, body.rate_buy);
    if (spread) ctx.addIssue({ code: 'custom', path: ['rate_buy'], message: spread });
  });
export type UpdateExchangeRateBody = z.infer<typeof UpdateExchangeRateBodySchema>;

/** A calendar date as the API takes it, YYYY-MM-DD, and a real one (no 31 February). */
export const DateOnlySchema = dateField();

/** `GET /rates/`: the history of sets, newest first unless ordering says otherwise. */
export const RateSetListQuerySchema = ListQuerySchema.pick({ limit: true, offset: true }).extend({
  ordering: orderingQuery(orderingsOf(['created_at']), '-created_at'),
  /** Sets created on or after this day (UTC). */
  date_from: DateOnlySchema.optional(),
  /** Sets created on or before this day (UTC, inclusive). */
  date_to: DateOnlySchema.optional(),
});
export type RateSetListQuery = z.infer<typeof RateSetListQuerySchema>;

export const OnDateQuerySchema = z.object({ date: DateOnlySchema });

export const RateSideSchema = enumField(['sell', 'buy']);

/** `GET /exchange-rates/{a}/{b}/`. */
export const PairParamsSchema = z.object({ a: CurrencyCodeSchema, b: CurrencyCodeSchema });
export const PairRateQuerySchema = z.object({
  date: DateOnlySchema.optional(),
  side: RateSideSchema.default('sell'),
});

/** The answer of `GET /exchange-rates/{a}/{b}/`: the rate from a to b and how it was found. */
export const ResolvedRateSchema = z.object({
  original_currency: CurrencyRefSchema,
  target_currency: CurrencyRefSchema,
  side: RateSideSchema,
  rate: DecimalString,
  route: z.enum(['same', 'direct', 'reciprocal', 'cross']),
  rate_set_id: z.number().int().nullable(),
  created_at: IsoInstant.nullable(),
});
export type ResolvedRate = z.infer<typeof ResolvedRateSchema>;

/** `GET /exchange-rates/get-last-rate/`. */
export const LastRateQuerySchema = z.object({
  original_currency: CurrencyCodeSchema,
  target_currency: CurrencyCodeSchema,
  date: DateOnlySchema.optional(),
});

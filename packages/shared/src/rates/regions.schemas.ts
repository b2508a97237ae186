import { z } from 'zod';
import { ListQuerySchema } from '../api/envelope.ts';
import { enumField, requiredString } from '../validation/fields.schemas.ts';
import { RATE_CURRENCIES } from './currencies.ts';
import { CurrencyCodeSchema } from './rates.schemas.ts';

/** A region (office) and the currency it works in (spec section 3). */
export const RegionSchema = z.object({ id: z.number().int(), title: z.string(), ccy: CurrencyCodeSchema });
export type Region = z.infer<typeof RegionSchema>;

/** `POST /region/` and `PUT /region/{id}`: title and ccy (spec section 7). */
export const RegionBodySchema = z.strictObject({
  title: requiredString(100),
  ccy: enumField(RATE_CURRENCIES),
});
export type RegionBody = z.infer<typeof RegionBodySchema>;

export const RegionListQuerySchema = ListQuerySchema.pick({ limit: true, offset: true, search: true }).extend(
  {
    limit: ListQuerySchema.shape.limit.default(100),
  },
);

import { z } from 'zod';
import { ListQuerySchema } from '../api/envelope.ts';
import { CurrencyCodeSchema } from './rates.schemas.ts';

/** A region (office) and the currency it works in (spec section 3). */
export const RegionSchema = z.object({ id: z.number().int(), title: z.string(), ccy: CurrencyCodeSchema });
export type Region = z.infer<typeof RegionSchema>;

/** `POST /region/` and `PUT /region/{id}`: title and ccy (spec section 7). */
export const RegionBodySchema = z.strictObject({
  title: z
    .string({ error: () => 'Required field' })
    .trim()
    .min(1, 'Required field')
    .max(100, 'Maximum 100 characters'),
  ccy: z.enum(CurrencyCodeSchema.options, {
    error: (issue) => (issue.input === undefined ? 'Required field' : 'Invalid field value'),
  }),
});
export type RegionBody = z.infer<typeof RegionBodySchema>;

export const RegionListQuerySchema = ListQuerySchema.pick({ limit: true, offset: true, search: true }).extend(
  {
    limit: ListQuerySchema.shape.limit.default(100),
  },
);

export const RegionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

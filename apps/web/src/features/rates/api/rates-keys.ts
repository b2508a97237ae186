import type { RateSetListQuery } from '@app/shared/rates/rates.schemas';

export type RateSetListParams = Partial<RateSetListQuery>;

/** Query keys of the rates feature. Every rate write invalidates `rates`. */
export const ratesKeys = {
  all: ['rates'] as const,
  current: ['rates', 'current'] as const,
  sets: (params: RateSetListParams) => ['rates', 'sets', params] as const,
  onDate: (date: string) => ['rates', 'on-date', date] as const,
  pair: (a: string, b: string, params: object) => ['rates', 'pair', a, b, params] as const,
  lastRate: (params: object) => ['rates', 'last', params] as const,
  currencies: ['currencies'] as const,
};

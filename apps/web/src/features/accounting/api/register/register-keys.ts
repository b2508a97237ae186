import type { RegisterQuery, RegisterTotalsQuery } from '@app/shared/accounting/register.schemas';

/** What Invoices & Bills asks `GET invoices-and-bills/` for. */
export type RegisterListParams = Partial<RegisterQuery>;
/** The same filters without paging and ordering: `GET invoices-and-bills/totals/`. */
export type RegisterTotalsParams = Partial<RegisterTotalsQuery>;

/** Query keys of Invoices & Bills; everything lives under `['invoices-and-bills']`. */
export const registerKeys = {
  all: ['invoices-and-bills'] as const,
  list: (params: RegisterListParams) => ['invoices-and-bills', 'list', params] as const,
  totals: (params: RegisterTotalsParams) => ['invoices-and-bills', 'totals', params] as const,
};

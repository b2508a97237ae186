import type { DeadlineListQuery, RequestListQuery } from '@app/shared/requests/requests.schemas';

/** What the list page asks `GET requests/` for: the list's state as the API names it. */
export type RequestListParams = Partial<RequestListQuery>;

/** What the deadline payments list asks `GET deadlines/` for. */
export type DeadlineListParams = Partial<DeadlineListQuery>;

/** Query keys of the requests area. */
export const requestsKeys = {
  all: ['requests'] as const,
  lists: ['requests', 'list'] as const,
  list: (params: RequestListParams) => ['requests', 'list', params] as const,
  /** The companies a request can belong to (BSLF, TPRO, AIRS) with their base currency. */
  companies: ['requests', 'companies'] as const,
  /** One request's page: the record, its offers and its LOG history live under it. */
  detail: (id: number) => ['requests', 'detail', id] as const,
  offers: (id: number) => ['requests', 'detail', id, 'offers'] as const,
  log: (id: number) => ['requests', 'detail', id, 'log'] as const,
  /** The request's client invoices and credit notes, and its supplier bills (accounting roles). */
  invoices: (id: number) => ['requests', 'detail', id, 'invoices'] as const,
  bills: (id: number) => ['requests', 'detail', id, 'bills'] as const,
  deadlines: ['requests', 'deadlines'] as const,
  /** One page of the deadline payments list (under `deadlines`, so a line's change refreshes it). */
  deadlineList: (params: DeadlineListParams) => ['requests', 'deadlines', params] as const,
};

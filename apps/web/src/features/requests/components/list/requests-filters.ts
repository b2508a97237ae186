import {
  REQUEST_INVOICE_FILTERS,
  REQUEST_ORDERINGS,
  type RequestOrdering,
} from '@app/shared/requests/requests.schemas';
import { REQUEST_STATUSES } from '@app/shared/requests/requests.status';
import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  ALL_SERVICE_TYPES,
  REQUEST_COMPANIES,
} from '@app/shared/value-lists';
import { dayOf, idOf, oneOf } from '../../../../ui/list/filter-values.ts';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { RequestListParams } from '../../api/requests-keys.ts';

/** The newest requests first, as the API orders them by default. */
export const REQUESTS_DEFAULT_ORDERING: RequestOrdering = '-created_at';

/**
 * The requests list in the URL, its parameters named as the API names them:
 * `search`, `company`, `status`, `client`, `fo_manager`, `bo_manager`, `region`, `date_from`,
 * `date_to`, `service_type`, `invoice`, `ordering`, `page`, `page_size`. `line_status` has no
 * widget (the spec fixes the filter bar): only a link brings it (the accounting workspace's
 * "Requests to invoice"), and the page shows it as a note that removes it.
 */
export const REQUESTS_LIST: ListStateOptions = {
  listPath: '/requests',
  filterKeys: [
    'company',
    'status',
    'client',
    'fo_manager',
    'bo_manager',
    'region',
    'date_from',
    'date_to',
    'service_type',
    'invoice',
    'line_status',
  ],
  defaultOrdering: REQUESTS_DEFAULT_ORDERING,
};

/** Group invoice availability (spec 3: All, Has invoice, No invoice); All is no filter. */
export const INVOICE_OPTIONS: { value: (typeof REQUEST_INVOICE_FILTERS)[number]; named: string }[] = [
  { value: 'has', named: 'Has invoice' },
  { value: 'none', named: 'No invoice' },
];

/** The accounting status the list's requests have a line in, when the URL asks for one. */
export function lineStatusOf(state: ListState): AccountStatus | undefined {
  return oneOf(ACCOUNT_STATUSES, state.filters.line_status);
}

/**
 * GET requests/ for the list's state. Values the API would refuse (a hand-edited URL: an unknown
 * status, an id that is not a number, a day that is not YYYY-MM-DD) are left out rather than sent.
 */
export function requestsQuery(state: ListState): RequestListParams {
  const f = state.filters;
  const search = state.search.trim();
  const query: RequestListParams = {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering: oneOf(REQUEST_ORDERINGS, state.ordering) ?? REQUESTS_DEFAULT_ORDERING,
  };
  if (search) query.search = search;
  const company = oneOf(REQUEST_COMPANIES, f.company);
  if (company) query.company = company;
  const status = oneOf(REQUEST_STATUSES, f.status);
  if (status) query.status = status;
  const serviceType = oneOf(ALL_SERVICE_TYPES, f.service_type);
  if (serviceType) query.service_type = serviceType;
  const invoice = oneOf(REQUEST_INVOICE_FILTERS, f.invoice);
  if (invoice) query.invoice = invoice;
  const lineStatus = lineStatusOf(state);
  if (lineStatus) query.line_status = lineStatus;
  for (const key of ['client', 'fo_manager', 'bo_manager', 'region'] as const) {
    const id = idOf(f[key]);
    if (id !== undefined) query[key] = id;
  }
  const from = dayOf(f.date_from);
  if (from) query.date_from = from;
  const to = dayOf(f.date_to);
  if (to) query.date_to = to;
  return query;
}

/** The export of the list as filtered and sorted now: the same query without paging. */
export function requestsExportQuery(state: ListState): Record<string, string | number> {
  const { limit: _limit, offset: _offset, ...rest } = requestsQuery(state);
  return rest as Record<string, string | number>;
}

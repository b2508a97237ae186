import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS } from '@app/shared/accounting/accounting.common';
import { REGISTER_ORDERINGS, type RegisterQuery } from '@app/shared/accounting/register.schemas';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { CLIENT_PAYMENT_STATUSES } from '@app/shared/value-lists';
import { dayOf, idOf, oneOf } from '../../../../ui/list/filter-values.ts';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { RegisterListParams, RegisterTotalsParams } from '../../api/register/register-keys.ts';

export const REGISTER_PATH = '/accounting/invoices-and-bills';

/**
 * Invoices & Bills in the URL, named as the API names them: `search`, `kind`, `status`,
 * `company`, `client`, `supplier`, `currency`, `issue_date_after`, `issue_date_before`,
 * `due_before`, `overdue=true`, `ordering`, paging.
 */
export const REGISTER_LIST: ListStateOptions = {
  listPath: REGISTER_PATH,
  filterKeys: [
    'kind',
    'status',
    'company',
    'client',
    'supplier',
    'currency',
    'issue_date_after',
    'issue_date_before',
    'due_before',
    'overdue',
  ],
  defaultOrdering: '-issue_date',
};

export const KIND_OPTIONS = DOCUMENT_KINDS.map((kind) => ({
  value: kind,
  named: DOCUMENT_KIND_LABELS[kind],
}));

/**
 * The filters of the list, its totals and its export (the same for the three). Values the API
 * would refuse (a hand-edited URL) are left out.
 */
export function registerFilters(state: ListState): RegisterTotalsParams {
  const f = state.filters;
  const out: RegisterTotalsParams = {};
  const search = state.search.trim();
  if (search) out.search = search;
  const kind = oneOf(DOCUMENT_KINDS, f.kind);
  if (kind) out.kind = kind;
  const status = oneOf(CLIENT_PAYMENT_STATUSES, f.status);
  if (status) out.status = status;
  const currency = oneOf(RATE_CURRENCIES, f.currency);
  if (currency) out.currency = currency;
  for (const key of ['company', 'client', 'supplier'] as const) {
    const id = idOf(f[key]);
    if (id !== undefined) out[key] = id;
  }
  for (const key of ['issue_date_after', 'issue_date_before', 'due_before'] as const) {
    const day = dayOf(f[key]);
    if (day) out[key] = day;
  }
  if (f.overdue === 'true') out.overdue = true;
  return out;
}

function registerOrdering(state: ListState): RegisterQuery['ordering'] {
  return oneOf(REGISTER_ORDERINGS, state.ordering) ?? '-issue_date';
}

/** GET invoices-and-bills/ for one page. */
export function registerQuery(state: ListState): RegisterListParams {
  return {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering: registerOrdering(state),
    ...registerFilters(state),
  };
}

/** GET invoices-and-bills/totals/: the same filters, no paging or ordering. */
export function registerTotalsQuery(state: ListState): RegisterTotalsParams {
  return registerFilters(state);
}

/** GET invoices-and-bills/export/: the filters and the ordering of the list on screen. */
export function registerExportQuery(state: ListState): Record<string, string | number | boolean> {
  return { ...registerFilters(state), ordering: registerOrdering(state) };
}

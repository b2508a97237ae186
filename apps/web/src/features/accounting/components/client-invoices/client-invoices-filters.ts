import { INVOICE_KINDS } from '@app/shared/accounting/accounting.common';
import { INVOICE_ORDERINGS } from '@app/shared/accounting/invoices.schemas';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { CLIENT_PAYMENT_STATUSES } from '@app/shared/value-lists';
import { dayOf, idOf, oneOf } from '../../../../ui/list/filter-values.ts';
import type { ListState } from '../../../../ui/list/list-params.ts';
import type { ListStateOptions } from '../../../../ui/list/use-list-state.ts';
import type { ClientInvoiceListParams } from '../../api/client-invoices/client-invoices-keys.ts';

export const CLIENT_INVOICES_PATH = '/accounting/client-invoices';
export const CLIENT_INVOICES_DEFAULT_ORDERING = '-issue_date';

/**
 * The client invoices list in the URL, its parameters named as the API names them: `search`,
 * `client`, `company`, `status`, `currency`, `kind`, `issue_date_after`, `issue_date_before`,
 * `overdue`, `ordering`, `page`, `page_size`. (`new` and `request` open the new-invoice dialog and
 * are not filters.)
 */
export const CLIENT_INVOICES_LIST: ListStateOptions = {
  listPath: CLIENT_INVOICES_PATH,
  filterKeys: [
    'client',
    'company',
    'status',
    'currency',
    'kind',
    'issue_date_after',
    'issue_date_before',
    'overdue',
  ],
  defaultOrdering: CLIENT_INVOICES_DEFAULT_ORDERING,
};

export const KIND_OPTIONS: { value: (typeof INVOICE_KINDS)[number]; named: string }[] = [
  { value: 'invoice', named: 'Invoices' },
  { value: 'credit_note', named: 'Credit notes' },
];

export const OVERDUE_OPTIONS = [{ value: 'true', named: 'Overdue only' }];

/**
 * GET client-invoices/ for the list's state. Values the API would refuse (a hand-edited URL) are
 * left out rather than sent.
 */
export function clientInvoicesQuery(state: ListState): ClientInvoiceListParams {
  const f = state.filters;
  const search = state.search.trim();
  const query: ClientInvoiceListParams = {
    limit: state.pageSize,
    offset: (state.page - 1) * state.pageSize,
    ordering:
      oneOf(INVOICE_ORDERINGS, state.ordering) ??
      (CLIENT_INVOICES_DEFAULT_ORDERING as ClientInvoiceListParams['ordering']),
  };
  if (search) query.search = search;
  const client = idOf(f.client);
  if (client !== undefined) query.client = client;
  const company = idOf(f.company);
  if (company !== undefined) query.company = company;
  const status = oneOf(CLIENT_PAYMENT_STATUSES, f.status);
  if (status) query.status = status;
  const currency = oneOf(RATE_CURRENCIES, f.currency);
  if (currency) query.currency = currency;
  const kind = oneOf(INVOICE_KINDS, f.kind);
  if (kind) query.kind = kind;
  const after = dayOf(f.issue_date_after);
  if (after) query.issue_date_after = after;
  const before = dayOf(f.issue_date_before);
  if (before) query.issue_date_before = before;
  if (f.overdue === 'true') query.overdue = true;
  return query;
}

import { CLIENT_PAYMENT_STATUSES } from '@app/shared/value-lists';
import { PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { CurrencyFilter, IssuedFilter } from '../common/document-filters.tsx';
import { KIND_OPTIONS, OVERDUE_OPTIONS } from './client-invoices-filters.ts';

/** The client invoices list's filters after the search box; each is a parameter of `GET client-invoices/`. */
export function ClientInvoiceFilters({ list }: { list: ListStateApi }) {
  return (
    <>
      <PickerFilter
        list={list}
        name="client"
        width={220}
        label="Client"
        object="clients"
        displayField="named"
        placeholder="Any client"
      />
      <PickerFilter
        list={list}
        name="company"
        width={150}
        label="Company"
        object="companies"
        displayField="named"
        placeholder="Any company"
      />
      <SelectFilter
        list={list}
        name="status"
        width={140}
        label="Status"
        data={CLIENT_PAYMENT_STATUSES}
        placeholder="Any status"
      />
      <CurrencyFilter list={list} width={120} />
      <SelectFilter list={list} name="kind" width={150} label="Kind" data={KIND_OPTIONS} placeholder="Both" />
      <IssuedFilter list={list} />
      <SelectFilter
        list={list}
        name="overdue"
        width={150}
        label="Overdue"
        data={OVERDUE_OPTIONS}
        placeholder="Any due date"
      />
    </>
  );
}

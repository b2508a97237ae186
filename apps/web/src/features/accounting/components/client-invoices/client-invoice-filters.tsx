import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { CLIENT_PAYMENT_STATUSES } from '@app/shared/value-lists';
import { DateRangePicker } from '../../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox, PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { KIND_OPTIONS, OVERDUE_OPTIONS } from './client-invoices-filters.ts';

/** The client invoices list's filters after the search box; each is a parameter of `GET client-invoices/`. */
export function ClientInvoiceFilters({ list }: { list: ListStateApi }) {
  const issued = rangeFilter(list, 'issue_date_after', 'issue_date_before');
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
      <SelectFilter
        list={list}
        name="currency"
        width={120}
        label="Currency"
        data={RATE_CURRENCIES}
        placeholder="Any"
      />
      <SelectFilter list={list} name="kind" width={150} label="Kind" data={KIND_OPTIONS} placeholder="Both" />
      <FilterBox width={240}>
        <DateRangePicker label="Issued" value={issued.value} onChange={issued.onChange} />
      </FilterBox>
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

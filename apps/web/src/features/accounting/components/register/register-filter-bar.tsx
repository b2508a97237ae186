import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { CLIENT_PAYMENT_STATUSES } from '@app/shared/value-lists';
import { Checkbox } from '@mantine/core';
import { DatePicker } from '../../../../ui/dates/date-picker.tsx';
import { DateRangePicker } from '../../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox, PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { KIND_OPTIONS } from './register-filters.ts';

/** The register's filters after the search box; each is a parameter of `GET invoices-and-bills/`. */
export function RegisterFilterBar({ list }: { list: ListStateApi }) {
  const issued = rangeFilter(list, 'issue_date_after', 'issue_date_before');
  const dueBefore = list.state.filters.due_before;
  return (
    <>
      <SelectFilter list={list} name="kind" width={150} label="Kind" data={KIND_OPTIONS} placeholder="All" />
      <SelectFilter
        list={list}
        name="status"
        width={140}
        label="Status"
        data={CLIENT_PAYMENT_STATUSES}
        placeholder="Any status"
      />
      <PickerFilter
        list={list}
        name="company"
        width={140}
        label="Company"
        object="companies"
        displayField="named"
        extraField="name"
        placeholder="Any"
      />
      <PickerFilter
        list={list}
        name="client"
        width={200}
        label="Client"
        object="clients"
        displayField="named"
        placeholder="Any client"
      />
      <PickerFilter
        list={list}
        name="supplier"
        width={200}
        label="Supplier"
        object="suppliers"
        displayField="named"
        extraField="currency"
        placeholder="Any supplier"
      />
      <SelectFilter
        list={list}
        name="currency"
        width={110}
        label="Currency"
        data={RATE_CURRENCIES}
        placeholder="Any"
      />
      <FilterBox width={240}>
        <DateRangePicker label="Issued" value={issued.value} onChange={issued.onChange} />
      </FilterBox>
      <FilterBox width={150}>
        <DatePicker
          label="Due before"
          value={dueBefore && /^\d{4}-\d{2}-\d{2}$/.test(dueBefore) ? dueBefore : null}
          onChange={(day) => list.setFilter('due_before', day)}
        />
      </FilterBox>
      <FilterBox width={110}>
        <Checkbox
          mb={8}
          label="Overdue"
          checked={list.state.filters.overdue === 'true'}
          onChange={(event) => list.setFilter('overdue', event.currentTarget.checked ? 'true' : null)}
        />
      </FilterBox>
    </>
  );
}

import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { PAYMENT_STATUSES } from '@app/shared/value-lists';
import { Checkbox } from '@mantine/core';
import { DateRangePicker } from '../../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox, PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';

/** The Bills tab's filters after the search box; each is a parameter of `GET supplier-invoices/`. */
export function BillFilterBar({ list }: { list: ListStateApi }) {
  const issued = rangeFilter(list, 'issue_date_after', 'issue_date_before');
  return (
    <>
      <SelectFilter
        list={list}
        name="status"
        width={130}
        label="Status"
        data={PAYMENT_STATUSES}
        placeholder="Any"
      />
      <PickerFilter
        list={list}
        name="supplier"
        width={220}
        label="Supplier"
        object="suppliers"
        displayField="named"
        extraField="currency"
        placeholder="Any supplier"
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

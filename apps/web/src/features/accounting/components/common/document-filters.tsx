import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { Checkbox } from '@mantine/core';
import { DateRangePicker } from '../../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox, PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';

/**
 * The filters the accounting document lists share, each bound to the list's URL parameter of the
 * same name (`supplier`, `company`, `currency`, `issue_date_after`/`_before`, `overdue`).
 */
interface FilterProps {
  list: ListStateApi;
  width: number;
}

export function SupplierFilter({ list, width }: FilterProps) {
  return (
    <PickerFilter
      list={list}
      name="supplier"
      width={width}
      label="Supplier"
      object="suppliers"
      displayField="named"
      extraField="currency"
      placeholder="Any supplier"
    />
  );
}

export function CompanyFilter({ list, width }: FilterProps) {
  return (
    <PickerFilter
      list={list}
      name="company"
      width={width}
      label="Company"
      object="companies"
      displayField="named"
      extraField="name"
      placeholder="Any"
    />
  );
}

export function CurrencyFilter({ list, width }: FilterProps) {
  return (
    <SelectFilter
      list={list}
      name="currency"
      width={width}
      label="Currency"
      data={RATE_CURRENCIES}
      placeholder="Any"
    />
  );
}

/** Issued between two days, either end open. */
export function IssuedFilter({ list }: { list: ListStateApi }) {
  const issued = rangeFilter(list, 'issue_date_after', 'issue_date_before');
  return (
    <FilterBox width={240}>
      <DateRangePicker label="Issued" value={issued.value} onChange={issued.onChange} />
    </FilterBox>
  );
}

/** Only what is past due and not paid. */
export function OverdueCheckbox({ list }: { list: ListStateApi }) {
  return (
    <FilterBox width={110}>
      <Checkbox
        mb={8}
        label="Overdue"
        checked={list.state.filters.overdue === 'true'}
        onChange={(event) => list.setFilter('overdue', event.currentTarget.checked ? 'true' : null)}
      />
    </FilterBox>
  );
}

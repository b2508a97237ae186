import { DateRangePicker } from '../../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox, PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';

/**
 * The filters every list of bank lines has (Transactions, Matched data), as `GET transactions/`
 * names them: the account (`bank`) and the type, then the dates (`date_from`, `date_to`).
 */
export function BankAndTypeFilters({
  list,
  bankLabel,
  bankWidth,
  types,
}: {
  list: ListStateApi;
  bankLabel: string;
  bankWidth: number;
  types: { value: string; named: string }[];
}) {
  return (
    <>
      <PickerFilter
        list={list}
        name="bank"
        width={bankWidth}
        label={bankLabel}
        object="banks"
        displayField="named"
        extraField="company_code"
        placeholder="Any account"
      />
      <SelectFilter list={list} name="type" width={200} label="Type" data={types} placeholder="Any type" />
    </>
  );
}

export function BankLineDateFilter({ list }: { list: ListStateApi }) {
  const dates = rangeFilter(list, 'date_from', 'date_to');
  return (
    <FilterBox width={240}>
      <DateRangePicker label="Date" value={dates.value} onChange={dates.onChange} />
    </FilterBox>
  );
}

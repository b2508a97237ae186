import { Switch } from '@mantine/core';
import { DateRangePicker } from '../../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox, PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import { ListSearchInput } from '../../../../ui/list/list-search-input.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { transactionTypeLabel } from '../common/transaction-cells.tsx';
import { MATCHING_TYPES } from './matching-filters.ts';

const TYPE_OPTIONS = MATCHING_TYPES.map((type) => ({ value: type, named: transactionTypeLabel(type) }));

/** Search, bank account, type, dates, and whether matched lines show too; all kept in the URL. */
export function MatchingFilterBar({ list }: { list: ListStateApi }) {
  const dates = rangeFilter(list, 'date_from', 'date_to');
  return (
    <>
      <FilterBox width={240}>
        <ListSearchInput
          value={list.state.search}
          onChange={list.setSearch}
          placeholder="Bank text, counterparty, amount"
        />
      </FilterBox>
      <PickerFilter
        list={list}
        name="bank"
        width={220}
        label="Bank"
        object="banks"
        displayField="named"
        extraField="company_code"
        placeholder="Any account"
      />
      <SelectFilter
        list={list}
        name="type"
        width={200}
        label="Type"
        data={TYPE_OPTIONS}
        placeholder="Any type"
      />
      <FilterBox width={240}>
        <DateRangePicker label="Date" value={dates.value} onChange={dates.onChange} />
      </FilterBox>
      <FilterBox width={150}>
        <Switch
          mb={8}
          label="Show matched"
          checked={list.state.filters.matched === 'true'}
          onChange={(event) => list.setFilter('matched', event.currentTarget.checked ? 'true' : null)}
        />
      </FilterBox>
    </>
  );
}

import { Switch } from '@mantine/core';
import { flagFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox } from '../../../../ui/list/list-filters.tsx';
import { ListSearchInput } from '../../../../ui/list/list-search-input.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { BankAndTypeFilters, BankLineDateFilter } from '../common/bank-line-filters.tsx';
import { transactionTypeLabel } from '../common/transaction-cells.tsx';
import { MATCHING_TYPES } from './matching-filters.ts';

const TYPE_OPTIONS = MATCHING_TYPES.map((type) => ({ value: type, named: transactionTypeLabel(type) }));

/** Search, bank account, type, dates, and whether matched lines show too; all kept in the URL. */
export function MatchingFilterBar({ list }: { list: ListStateApi }) {
  return (
    <>
      <FilterBox width={240}>
        <ListSearchInput
          value={list.state.search}
          onChange={list.setSearch}
          placeholder="Bank text, counterparty, amount"
        />
      </FilterBox>
      <BankAndTypeFilters list={list} bankLabel="Bank" bankWidth={220} types={TYPE_OPTIONS} />
      <BankLineDateFilter list={list} />
      <FilterBox width={150}>
        <Switch mb={8} label="Show matched" {...flagFilter(list, 'matched')} />
      </FilterBox>
    </>
  );
}

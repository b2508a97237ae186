import { Button, Checkbox } from '@mantine/core';
import { flagFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { BankAndTypeFilters, BankLineDateFilter } from '../common/bank-line-filters.tsx';
import { MATCH_OPTIONS, TYPE_OPTIONS, WAY_OPTIONS } from './transactions-filters.ts';

/** The transactions list's filters after the search box; each is a parameter of `GET transactions/`. */
export function TransactionFilterBar({ list }: { list: ListStateApi }) {
  const statement = list.state.filters.import;
  return (
    <>
      <BankAndTypeFilters list={list} bankLabel="Bank account" bankWidth={230} types={TYPE_OPTIONS} />
      <SelectFilter list={list} name="way" width={130} label="Way" data={WAY_OPTIONS} placeholder="Any way" />
      <SelectFilter
        list={list}
        name="match_status"
        width={140}
        label="Match status"
        data={MATCH_OPTIONS}
        placeholder="Both"
      />
      <CounterpartyFilter list={list} kind="client" label="Client" object="clients" />
      <CounterpartyFilter list={list} kind="supplier" label="Supplier" object="suppliers" />
      <BankLineDateFilter list={list} />
      <FilterBox width={110}>
        <Checkbox mb={8} label="Credit only" {...flagFilter(list, 'credit')} />
      </FilterBox>
      {statement ? (
        // set by an import's report ("See the imported lines"): shown, so it can be taken off
        <FilterBox width={190}>
          <Button
            mb={4}
            size="xs"
            variant="light"
            rightSection="×"
            aria-label={`Remove the filter: lines of import #${statement}`}
            onClick={() => list.setFilter('import', null)}
          >
            Lines of import #{statement}
          </Button>
        </FilterBox>
      ) : null}
    </>
  );
}

/**
 * A client or a supplier: the list holds one counterparty (`counterparty_kind` + `counterparty`),
 * so choosing one replaces the other, both parameters in one step.
 */
function CounterpartyFilter({
  list,
  kind,
  label,
  object,
}: {
  list: ListStateApi;
  kind: 'client' | 'supplier';
  label: string;
  object: string;
}) {
  const f = list.state.filters;
  const raw = f.counterparty_kind === kind ? f.counterparty : undefined;
  const value = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <FilterBox width={200}>
      <Picker
        label={label}
        object={object}
        displayField="named"
        placeholder={`Any ${kind}`}
        value={value}
        onChange={(id) =>
          list.setFilters(
            id === null
              ? f.counterparty_kind === kind
                ? { counterparty_kind: null, counterparty: null }
                : {}
              : { counterparty_kind: kind, counterparty: String(id) },
          )
        }
      />
    </FilterBox>
  );
}

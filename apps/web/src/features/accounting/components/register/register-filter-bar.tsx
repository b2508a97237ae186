import { CLIENT_PAYMENT_STATUSES } from '@app/shared/value-lists';
import { DatePicker } from '../../../../ui/dates/date-picker.tsx';
import { FilterBox, PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import {
  CompanyFilter,
  CurrencyFilter,
  IssuedFilter,
  OverdueCheckbox,
  SupplierFilter,
} from '../common/document-filters.tsx';
import { KIND_OPTIONS } from './register-filters.ts';

/** The register's filters after the search box; each is a parameter of `GET invoices-and-bills/`. */
export function RegisterFilterBar({ list }: { list: ListStateApi }) {
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
      <CompanyFilter list={list} width={140} />
      <PickerFilter
        list={list}
        name="client"
        width={200}
        label="Client"
        object="clients"
        displayField="named"
        placeholder="Any client"
      />
      <SupplierFilter list={list} width={200} />
      <CurrencyFilter list={list} width={110} />
      <IssuedFilter list={list} />
      <FilterBox width={150}>
        <DatePicker
          label="Due before"
          value={dueBefore && /^\d{4}-\d{2}-\d{2}$/.test(dueBefore) ? dueBefore : null}
          onChange={(day) => list.setFilter('due_before', day)}
        />
      </FilterBox>
      <OverdueCheckbox list={list} />
    </>
  );
}

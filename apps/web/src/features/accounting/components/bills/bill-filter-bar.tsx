import { PAYMENT_STATUSES } from '@app/shared/value-lists';
import { SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import {
  CompanyFilter,
  CurrencyFilter,
  IssuedFilter,
  OverdueCheckbox,
  SupplierFilter,
} from '../common/document-filters.tsx';

/** The Bills tab's filters after the search box; each is a parameter of `GET supplier-invoices/`. */
export function BillFilterBar({ list }: { list: ListStateApi }) {
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
      <SupplierFilter list={list} width={220} />
      <CompanyFilter list={list} width={140} />
      <CurrencyFilter list={list} width={110} />
      <IssuedFilter list={list} />
      <OverdueCheckbox list={list} />
    </>
  );
}

import { PAYMENT_VOUCHER_STATUSES } from '@app/shared/value-lists';
import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';
import { FilterBox, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { CompanyFilter, CurrencyFilter, SupplierFilter } from '../common/document-filters.tsx';
import { DEFAULT_VOUCHER_WINDOW, VOUCHER_WINDOW_OPTIONS, voucherWindow } from './vouchers-filters.ts';

/** When (due this week, overdue, all), status, supplier, currency and company. */
export function VoucherFilters({ list }: { list: ListStateApi }) {
  const labelId = useId();
  return (
    <>
      <FilterBox width={330}>
        <Input.Label id={labelId} component="div">
          Due
        </Input.Label>
        <SegmentedControl
          fullWidth
          role="radiogroup"
          aria-labelledby={labelId}
          data={VOUCHER_WINDOW_OPTIONS}
          value={voucherWindow(list.state)}
          onChange={(value) => list.setFilter('due', value === DEFAULT_VOUCHER_WINDOW ? null : value)}
        />
      </FilterBox>
      <SelectFilter
        list={list}
        name="status"
        width={140}
        label="Status"
        data={PAYMENT_VOUCHER_STATUSES}
        placeholder="Any status"
      />
      <SupplierFilter list={list} width={220} />
      <CurrencyFilter list={list} width={120} />
      <CompanyFilter list={list} width={150} />
    </>
  );
}

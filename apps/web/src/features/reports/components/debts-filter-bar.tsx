import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { DEBTS_SIDE_LABELS, DEBTS_SIDES } from '@app/shared/reports/debts-report.schemas';
import { Input, SegmentedControl } from '@mantine/core';
import { DatePicker } from '../../../ui/dates/date-picker.tsx';
import { FilterBox, PickerFilter } from '../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';
import { Select } from '../../../ui/select/select.tsx';
import type { DebtsReportParams } from '../api/debts-report-keys.ts';
import { DEBTS_COUNTERPARTY_LABEL } from './debts-filters.ts';

const SIDE_OPTIONS = DEBTS_SIDES.map((value) => ({ value, label: DEBTS_SIDE_LABELS[value] }));

/**
 * Side, as-of day, the currency of the totals, company and counterparty, all in the URL. Another
 * side drops the counterparty (a client is not a supplier). `asOf` is the day the report ran for
 * (the server's today when the URL has none).
 */
export function DebtsFilterBar({
  list,
  query,
  asOf,
}: {
  list: ListStateApi;
  query: DebtsReportParams;
  asOf: string | undefined;
}) {
  const side = query.side;
  return (
    <>
      <Input.Wrapper label="Debts of" id="debts-side-label">
        <SegmentedControl
          aria-labelledby="debts-side-label"
          data={SIDE_OPTIONS}
          value={side}
          onChange={(v) => list.setFilters({ side: v === 'clients' ? null : v, counterparty: null })}
          display="flex"
        />
      </Input.Wrapper>
      <FilterBox width={150}>
        <DatePicker
          label="As of"
          value={query.as_of ?? asOf ?? null}
          onChange={(day) => list.setFilter('as_of', day)}
        />
      </FilterBox>
      <FilterBox width={110}>
        <Select
          label="Totals in"
          data={RATE_CURRENCIES}
          value={query.currency}
          clearable={false}
          onChange={(v) => list.setFilter('currency', v === 'GBP' || v === null ? null : String(v))}
        />
      </FilterBox>
      <PickerFilter
        list={list}
        name="company"
        width={150}
        label="Company"
        object="companies"
        displayField="named"
        extraField="name"
        placeholder="Any"
      />
      <PickerFilter
        key={side}
        list={list}
        name="counterparty"
        width={220}
        label={DEBTS_COUNTERPARTY_LABEL[side]}
        object={side}
        displayField="named"
        placeholder={side === 'clients' ? 'Any client' : 'Any supplier'}
      />
    </>
  );
}

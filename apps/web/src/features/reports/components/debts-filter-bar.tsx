import { DEBTS_SIDE_LABELS, DEBTS_SIDES } from '@app/shared/reports/debts-report.schemas';
import { Input, SegmentedControl } from '@mantine/core';
import { DatePicker } from '../../../ui/dates/date-picker.tsx';
import { FilterBox, PickerFilter } from '../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';
import type { DebtsReportParams } from '../api/debts-report-keys.ts';
import { DEBTS_COUNTERPARTY_LABEL } from './debts-filters.ts';
import { ReportCurrencyFilter } from './report-filter-controls.tsx';

const SIDE_OPTIONS = DEBTS_SIDES.map((value) => ({ value, label: DEBTS_SIDE_LABELS[value] }));

/**
 * Side, as-of day, the currency of the totals, company and counterparty, all in the URL. Another
 * side drops the counterparty (a client is not a supplier). `asOf` is the day the report ran for
 * (the server's today when the URL has none); no day after `today` is offered.
 */
export function DebtsFilterBar({
  list,
  query,
  asOf,
  today,
}: {
  list: ListStateApi;
  query: DebtsReportParams;
  asOf: string | undefined;
  today: string;
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
          maxDate={today}
          today={today}
        />
      </FilterBox>
      <ReportCurrencyFilter list={list} value={query.currency} label="Totals in" />
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

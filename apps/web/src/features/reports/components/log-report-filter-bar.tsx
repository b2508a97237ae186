import dayjs, { type Dayjs } from 'dayjs';
import { DateRangePicker, type DateRangePreset } from '../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../ui/list/filter-bindings.ts';
import { FilterBox, MultiSelectFilter, PickerFilter } from '../../../ui/list/list-filters.tsx';
import { ListSearchInput } from '../../../ui/list/list-search-input.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';
import { LOG_STATUS_OPTIONS } from './log-report-filters.ts';

/** FO, BO and the Admins who manage requests, each with their office on the right. */
const MANAGERS_WITH_ADMINS = { with_admins: true } as const;

/**
 * What an accountant reviews: this month, the last one, the quarter so far, the last 90 days, in
 * UTC days as the filter reads them.
 */
function submittedPresets(today: Dayjs): DateRangePreset[] {
  const day = (d: Dayjs) => d.format('YYYY-MM-DD');
  const lastMonth = today.subtract(1, 'month');
  const quarterStart = today.startOf('month').subtract(today.month() % 3, 'month');
  return [
    { label: 'This month', range: [day(today.startOf('month')), day(today)] },
    { label: 'Last month', range: [day(lastMonth.startOf('month')), day(lastMonth.endOf('month'))] },
    { label: 'This quarter', range: [day(quarterStart), day(today)] },
    { label: 'Last 90 days', range: [day(today.subtract(90, 'day')), day(today)] },
  ];
}

/** The report's filters, each a parameter of `GET reports/log-report/`. */
export function LogReportFilterBar({ list }: { list: ListStateApi }) {
  const submitted = rangeFilter(list, 'date_from', 'date_to');
  return (
    <>
      <FilterBox width={200}>
        <ListSearchInput value={list.state.search} onChange={list.setSearch} placeholder="Request number" />
      </FilterBox>
      <MultiSelectFilter
        list={list}
        name="status"
        width={280}
        label="Status"
        data={LOG_STATUS_OPTIONS}
        placeholder="Any status"
      />
      <PickerFilter
        list={list}
        name="office"
        width={150}
        label="Office"
        object="region"
        displayField="title"
        placeholder="Any office"
      />
      <PickerFilter
        list={list}
        name="manager"
        width={220}
        label="Manager (FO or BO)"
        object="managers/picker"
        params={MANAGERS_WITH_ADMINS}
        preloadParams={MANAGERS_WITH_ADMINS}
        displayField="named"
        extraField="extra"
        placeholder="Anyone"
      />
      <FilterBox width={240}>
        <DateRangePicker
          label="First submitted (UTC)"
          value={submitted.value}
          onChange={submitted.onChange}
          ranges={submittedPresets(dayjs(new Date().toISOString().slice(0, 10)))}
        />
      </FilterBox>
    </>
  );
}

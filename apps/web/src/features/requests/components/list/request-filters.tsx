import { REQUEST_STATUSES } from '@app/shared/requests/requests.status';
import { ALL_SERVICE_TYPES, REQUEST_COMPANIES } from '@app/shared/value-lists';
import dayjs, { type Dayjs } from 'dayjs';
import { DateRangePicker, type DateRangePreset } from '../../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../../ui/list/filter-bindings.ts';
import { FilterBox, PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { INVOICE_OPTIONS } from './requests-filters.ts';

/** What a manager looks at: trips under way this week and month, the next 30 days, the last 30. */
export function requestDatePresets(today: Dayjs): DateRangePreset[] {
  const day = (d: Dayjs) => d.format('YYYY-MM-DD');
  return [
    { label: 'Next 7 days', range: [day(today), day(today.add(7, 'day'))] },
    { label: 'This month', range: [day(today.startOf('month')), day(today.endOf('month'))] },
    { label: 'Next 30 days', range: [day(today), day(today.add(30, 'day'))] },
    { label: 'Last 30 days', range: [day(today.subtract(30, 'day')), day(today)] },
  ];
}

/** The requests list's filters after the search box; each is a parameter of `GET requests/`. */
export function RequestFilters({ list }: { list: ListStateApi }) {
  // one range picker, two API parameters: requests whose dates overlap the range
  const dates = rangeFilter(list, 'date_from', 'date_to');
  return (
    <>
      <SelectFilter
        list={list}
        name="company"
        width={130}
        label="Company"
        data={REQUEST_COMPANIES}
        placeholder="All"
      />
      <SelectFilter
        list={list}
        name="status"
        width={150}
        label="Status"
        data={REQUEST_STATUSES}
        placeholder="Any status"
      />
      <PickerFilter
        list={list}
        name="client"
        width={220}
        label="Client"
        object="clients"
        displayField="named"
        extraField="rating"
        placeholder="Any client"
      />
      <PickerFilter
        list={list}
        name="fo_manager"
        width={190}
        label="FO manager"
        object="managers/picker"
        params={{ role: 'FO' }}
        displayField="named"
        extraField="office_title"
        placeholder="Anyone"
      />
      <PickerFilter
        list={list}
        name="bo_manager"
        width={190}
        label="BO manager"
        object="managers/picker"
        params={{ role: 'BO' }}
        displayField="named"
        extraField="office_title"
        placeholder="Anyone"
      />
      <PickerFilter
        list={list}
        name="region"
        width={150}
        label="Office"
        object="region"
        displayField="title"
        placeholder="Any office"
      />
      <FilterBox width={240}>
        <DateRangePicker
          label="Dates"
          value={dates.value}
          onChange={dates.onChange}
          ranges={requestDatePresets(dayjs())}
        />
      </FilterBox>
      <SelectFilter
        list={list}
        name="service_type"
        width={160}
        label="Service type"
        data={ALL_SERVICE_TYPES}
        placeholder="Any service"
      />
      <SelectFilter
        list={list}
        name="invoice"
        width={170}
        label="Group invoice"
        data={INVOICE_OPTIONS}
        placeholder="All"
      />
    </>
  );
}

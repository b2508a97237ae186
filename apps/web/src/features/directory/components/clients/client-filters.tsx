import { LANGUAGES, MEMBERSHIPS, RATINGS } from '@app/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { DateRangePicker, type DateRangePreset } from '../../../../ui/dates/date-range-picker.tsx';
import { rangeFilter } from '../../../../ui/list/filter-bindings.ts';
import {
  FilterBox,
  MultiSelectFilter,
  PickerFilter,
  SelectFilter,
} from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { ArchivedFilter, OfficeFilter } from '../list/directory-filters.tsx';

/** The renewals a front office chases: plans ending this month, or within the next 30 or 90 days. */
export function planEndPresets(today: Dayjs): DateRangePreset[] {
  const day = (d: Dayjs) => d.format('YYYY-MM-DD');
  return [
    { label: 'This month', range: [day(today.startOf('month')), day(today.endOf('month'))] },
    { label: 'Next 30 days', range: [day(today), day(today.add(30, 'day'))] },
    { label: 'Next 90 days', range: [day(today), day(today.add(90, 'day'))] },
  ];
}

export const CLIENT_FILTER_KEYS = [
  'membership',
  'rating',
  'language',
  'fo_manager',
  'office',
  'membership_end_from',
  'membership_end_to',
  'archived',
] as const;

const W = 220;

/** The clients list's filters after the search box. */
export function ClientFilters({ list }: { list: ListStateApi }) {
  // one range picker, two API parameters (membership_end_from, membership_end_to), both inclusive
  const planEnds = rangeFilter(list, 'membership_end_from', 'membership_end_to');
  return (
    <>
      <MultiSelectFilter
        list={list}
        name="membership"
        width={W}
        label="Membership"
        data={MEMBERSHIPS}
        displayField="label"
        placeholder="Any plan"
      />
      <MultiSelectFilter
        list={list}
        name="rating"
        width={W}
        label="Rating"
        data={RATINGS}
        placeholder="Any rating"
      />
      <SelectFilter
        list={list}
        name="language"
        width={160}
        label="Language"
        data={LANGUAGES}
        displayField="label"
        placeholder="Any"
      />
      <PickerFilter
        list={list}
        name="fo_manager"
        width={W}
        label="FO manager"
        object="managers/picker"
        params={{ role: 'FO' }}
        displayField="named"
        placeholder="Anyone"
      />
      <OfficeFilter list={list} />
      <FilterBox width={240}>
        <DateRangePicker
          label="Plan ends"
          value={planEnds.value}
          onChange={planEnds.onChange}
          ranges={planEndPresets(dayjs())}
        />
      </FilterBox>
      <ArchivedFilter list={list} />
    </>
  );
}

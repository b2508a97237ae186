import { MEMBERSHIPS, RATINGS } from '@app/shared';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { Input, SegmentedControl } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { FilterBox, MultiSelectFilter, PickerFilter } from '../../../ui/list/list-filters.tsx';
import { ListSearchInput } from '../../../ui/list/list-search-input.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';
import type { ClientsReportParams } from '../api/clients-report-keys.ts';
import { CLIENTS_REPORT_BASIS_OPTIONS } from './clients-report-filters.ts';

type Range = [string | null, string | null];
const toRange = (q: ClientsReportParams): Range => [`${q.month_from}-01`, `${q.month_to}-01`];

/**
 * Period (whole months), basis, currency, then the client's own filters and a name search, all
 * in the URL. The period applies once both ends are picked, so a half-chosen range does not run.
 */
export function ClientsReportFilterBar({ list, query }: { list: ListStateApi; query: ClientsReportParams }) {
  const [range, setRange] = useState<Range>(() => toRange(query));
  const { month_from, month_to } = query;
  useEffect(() => setRange([`${month_from}-01`, `${month_to}-01`]), [month_from, month_to]);

  const pick = (next: Range) => {
    setRange(next);
    const [from, to] = next;
    if (from && to) list.setFilters({ month_from: from.slice(0, 7), month_to: to.slice(0, 7) });
  };

  return (
    <>
      <FilterBox width={240}>
        <ListSearchInput
          value={list.state.search}
          onChange={list.setSearch}
          label="Client"
          placeholder="Name, email or id"
        />
      </FilterBox>
      <FilterBox width={230}>
        <MonthPickerInput
          type="range"
          label="Period"
          value={range}
          onChange={(v) => pick([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null])}
          valueFormat="MMM YYYY"
          allowSingleDateInRange
          // a half-picked range goes back to the report's period when the picker closes
          onDropdownClose={() => setRange(toRange(query))}
        />
      </FilterBox>
      <Input.Wrapper label="Periods by" id="clients-report-basis-label">
        <SegmentedControl
          aria-labelledby="clients-report-basis-label"
          data={CLIENTS_REPORT_BASIS_OPTIONS}
          value={query.basis ?? 'service'}
          onChange={(v) => list.setFilter('basis', v === 'service' ? null : v)}
          display="flex"
        />
      </Input.Wrapper>
      <Input.Wrapper label="Currency" id="clients-report-currency-label">
        <SegmentedControl
          aria-labelledby="clients-report-currency-label"
          data={[...RATE_CURRENCIES]}
          value={query.currency ?? 'GBP'}
          onChange={(v) => list.setFilter('currency', v === 'GBP' ? null : v)}
          display="flex"
        />
      </Input.Wrapper>
      <PickerFilter
        list={list}
        name="office"
        width={170}
        label="Office"
        object="region"
        displayField="title"
        placeholder="Any office"
      />
      <PickerFilter
        list={list}
        name="manager"
        width={200}
        label="FO manager"
        object="managers/picker"
        params={{ role: 'FO' }}
        displayField="named"
        placeholder="Anyone"
      />
      <MultiSelectFilter
        list={list}
        name="membership"
        width={200}
        label="Membership"
        data={MEMBERSHIPS}
        displayField="label"
        placeholder="Any plan"
      />
      <MultiSelectFilter
        list={list}
        name="rating"
        width={180}
        label="Rating"
        data={RATINGS}
        placeholder="Any rating"
      />
    </>
  );
}
